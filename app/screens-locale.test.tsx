import i18next from "i18next";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { LANGUAGE_INFO, LANGUAGES, type Lang } from "../platform/contract/languages.ts";
import type { Depth, InstrumentView, Ticker } from "../platform/contract/market.ts";
import type { OrderView, PositionView } from "../platform/contract/trading.ts";
import type { Assets, WalletRecord } from "../platform/contract/wallet.ts";
import { EARN_RECORD_TYPES } from "../platform/contract/wallet-kinds.ts";
import { OrderBook } from "./features/trade/components/order-book.tsx";
import { ClosedPositionItem, HistoryOrderItem } from "./features/trade/components/orders.tsx";
import { resources } from "./locales/index.ts";
import AssetScreen from "./routes/asset.tsx";
import Markets from "./routes/markets.tsx";
import Security from "./routes/security.tsx";
import WalletRecords from "./routes/walletrecord.tsx";

// Each language renders the asset, markets, trade, records and security screens on the server
// from one fixed data set; every number and date on them must be what Intl writes for that
// language's own locale (kr → ko, tw → zh-TW, vn → vi), in the customer's zone. The expected
// texts are worked out here with Intl directly, from digits truncated by hand (spec §5).

const ZONE = "Asia/Tokyo";
const AT = "2026-03-04T05:06:07Z";

const root = {
  site: { sitename: "Test" },
  locale: "en",
  lite: false,
  theme: "dark",
  updown: "green-up",
  timeZone: ZONE,
  chosenZone: null,
  unread: 0,
  toast: null,
  honeypot: {},
  localesVersion: "x",
};

async function render(lang: Lang, path: string, Component: ComponentType<never>, loaderData: unknown) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: "en",
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => <Outlet />,
      children: [{ id: "screen", path: path.slice(1).split("?")[0], Component: Component as ComponentType }],
    },
  ]);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub
        initialEntries={[path]}
        hydrationData={{ loaderData: { root: { ...root, locale: lang }, screen: loaderData } }}
      />
    </I18nextProvider>,
  );
  // Text split by React's markers ("¥<!-- -->1,234") reads as one.
  return html.replaceAll("<!-- -->", "");
}

/** What Intl writes for an already truncated decimal string with `places` decimals. */
const num = (lang: Lang, text: string, min: number, max = min) =>
  new Intl.NumberFormat(LANGUAGE_INFO[lang].tag, {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  }).format(text as `${number}`);
const dateTime = (lang: Lang, iso: string) =>
  new Intl.DateTimeFormat(LANGUAGE_INFO[lang].tag, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: ZONE,
    timeZoneName: "short",
  }).format(new Date(iso));
const timestamp = (lang: Lang, iso: string) =>
  new Intl.DateTimeFormat(LANGUAGE_INFO[lang].tag, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZone: ZONE,
    timeZoneName: "short",
  }).format(new Date(iso));

const assets: Assets = {
  total_usdt: "57309.709",
  total_cny: "412630.9999",
  asset_list: [],
  wallets: {
    spot: [
      { code: "USDT", balance: "52430.50", frost: "1200", usdt_value: "53630.50" },
      { code: "BTC", balance: "0.04123456789", frost: "0", usdt_value: "3679.20" },
    ],
    contract: [],
    earn: [{ code: "USDT", balance: "3000.5", frost: "0", usdt_value: "3000.50" }],
  },
  accounts: { spot: "57309.70", contract: "0.00", earn: "3000.50" },
};

const btc: InstrumentView = {
  code: "btc/usdt",
  base: "BTC",
  quote: "USDT",
  price_precision: 2,
  amount_precision: 4,
  status: "active",
};
const xrp: InstrumentView = { ...btc, code: "xrp/usdt", base: "XRP", price_precision: 5 };
const tickers: Record<string, Ticker> = {
  "btc/usdt": {
    code: "btc/usdt",
    price: "89234.5678",
    cnyPrice: "642488.888888",
    change: "-1.239",
    high: "91000.999",
    low: "88000.001",
    volume: "12345.678",
    time: 0,
  },
  "xrp/usdt": {
    code: "xrp/usdt",
    price: "2.1234567",
    cnyPrice: "15.28888",
    change: "3.5",
    high: "2.2",
    low: "2",
    volume: "123456789.5",
    time: 0,
  },
};

const record: WalletRecord = {
  id: "withdrawal:7",
  kind: "withdraw",
  type: "withdrawal",
  coin: "USDT",
  amount: "12500.5",
  fee: "1.25",
  network: "TRC20",
  address: "Txyz",
  txid: null,
  status: "success",
  detail: "12499.25",
  reason: null,
  created_at: AT,
  updated_at: AT,
};

const depth: Depth = {
  code: "btc/usdt",
  asks: [{ price: "89240.129", totalSize: "1.23456", total: "1.23456" }],
  bids: [{ price: "89230.5", totalSize: "12.5", total: "12.5" }],
  time: 0,
};
const order: OrderView = {
  id: 1,
  market: "contract",
  code: "btc/usdt",
  contract_type: "perpetual",
  side: "buy",
  type: "limit",
  price: "89000.999",
  quantity: "0.5",
  leverage: 10,
  take_profit: null,
  stop_loss: null,
  status: "filled",
  filled_quantity: "0.5",
  fill_price: "88999.5",
  fee: "17.7999",
  frozen: "0",
  fill_tick_time: null,
  position_id: 3,
  created_at: AT,
  updated_at: AT,
};
const position: PositionView = {
  id: 3,
  order_id: 1,
  code: "btc/usdt",
  contract_type: "perpetual",
  expiry: null,
  side: "buy",
  quantity: "0",
  closed_quantity: "0.5",
  entry_price: "88999.5",
  mark_price: null,
  leverage: 10,
  margin: "4449.975",
  pnl: null,
  roe: null,
  liquidation_price: "80100",
  take_profit: null,
  stop_loss: null,
  status: "closed",
  realized_pnl: "1234.5678",
  fees: "35.5998",
  funding: "-0.0012",
  close_price: "91468.6",
  opened_at: AT,
  closed_at: AT,
} as PositionView;

function TradePieces() {
  return (
    <div>
      <OrderBook depth={depth} ticker={tickers["btc/usdt"]} precision={2} base="BTC" quote="USDT" />
      <ul>
        <HistoryOrderItem order={order} />
        <ClosedPositionItem position={position} />
      </ul>
    </div>
  );
}

describe.each(LANGUAGES.map((l) => [l]))("numbers and dates in %s", (lang) => {
  it("on the asset screen", async () => {
    const html = await render(lang, "/asset", AssetScreen as ComponentType<never>, {
      assets,
      wallet: "spot",
      prefs: { hide: false, small: false },
      faucet: null,
    });
    expect(html).toContain(`${num(lang, "57309.70", 2)} <span`); // total, truncated
    expect(html).toContain(`¥${num(lang, "412630.99", 2)}`);
    expect(html).toContain(num(lang, "53630.50", 2)); // a coin's value
    expect(html).toContain(num(lang, "57309.70", 2)); // the wallet's sum
    expect(html).toContain(num(lang, "52430.5", 2, 8)); // a balance, as held
    expect(html).toContain(num(lang, "1200", 2, 8));
    expect(html).toContain(num(lang, "0.04123456", 2, 8)); // 8 decimals at most, truncated
    expect(html).toContain(num(lang, "3000.50", 2)); // the Earn account's value
    if (num(lang, "57309.70", 2) !== "57,309.70") expect(html).not.toContain("57,309.70");
  });

  it("on the markets screen", async () => {
    const html = await render(lang, "/markets", Markets as ComponentType<never>, {
      tab: "spot",
      sort: undefined,
      dir: "desc",
      q: "",
      entries: [
        { instrument: btc, ticker: tickers["btc/usdt"] },
        { instrument: xrp, ticker: tickers["xrp/usdt"] },
      ],
      favorites: [],
    });
    const tag = LANGUAGE_INFO[lang].tag;
    const pct = (v: string) =>
      new Intl.NumberFormat(tag, {
        style: "unit",
        unit: "percent",
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: "exceptZero",
      }).format(v as `${number}`);
    const compact = (v: string) =>
      new Intl.NumberFormat(tag, {
        notation: "compact",
        maximumFractionDigits: 2,
        roundingMode: "trunc",
      }).format(v as `${number}`);
    expect(html).toContain(num(lang, "89234.56", 2));
    expect(html).toContain(`¥${num(lang, "642488.8888", 4)}`);
    expect(html).toContain(pct("-1.23"));
    expect(html).toContain(num(lang, "2.12345", 5));
    expect(html).toContain(pct("3.50"));
    expect(html).toContain(compact("12345.678"));
    expect(html).toContain(compact("123456789.5"));
  });

  it("on the records screen", async () => {
    const html = await render(lang, "/walletrecord?id=withdrawal:7", WalletRecords as ComponentType<never>, {
      detail: record,
      kind: "withdraw",
      records: null,
    });
    expect(html).toContain(`${num(lang, "12500.5", 2, 8)} USDT`);
    expect(html).toContain(`${num(lang, "1.25", 2, 8)} USDT`);
    expect(html).toContain(`${num(lang, "12499.25", 2, 8)} USDT`);
    expect(html).toContain(dateTime(lang, AT));
  });

  it("on the records list: Earn's movements with their own label and their sign", async () => {
    const list = EARN_RECORD_TYPES.map((type, i) => ({
      ...record,
      id: `${type}:${i + 1}`,
      kind: "other" as const,
      type,
      amount: i % 2 ? "6.5" : "-3000.25",
      fee: "0",
      network: null,
      address: null,
      detail: "spot → fortune",
    }));
    const html = await render(lang, "/walletrecord?kind=other", WalletRecords as ComponentType<never>, {
      detail: null,
      kind: "other",
      records: { list, page: 1, has_more: false },
    });
    const types = resources[lang].wallet.types as Record<string, string>;
    for (const type of EARN_RECORD_TYPES) {
      // A label of the language's own (English only in English), never the bare kind.
      expect(types[type], type).toBeTruthy();
      if (lang !== "en")
        expect(types[type], type).not.toBe((resources.en.wallet.types as Record<string, string>)[type]);
      expect(html).toContain(`${types[type]?.replaceAll("&", "&amp;")} · USDT`); // as HTML writes it
    }
    expect(html).not.toContain(">fortune_in"); // the bare kind as a label
    const signed = (text: string) =>
      new Intl.NumberFormat(LANGUAGE_INFO[lang].tag, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 8,
        signDisplay: "exceptZero",
      }).format(text as `${number}`);
    expect(html).toContain(signed("-3000.25"));
    expect(html).toContain(signed("6.5"));
  });

  it("on the trade screen (book, filled order, closed position)", async () => {
    const html = await render(lang, "/tradeing", TradePieces as ComponentType<never>, {});
    expect(html).toContain(num(lang, "89240.12", 2)); // an ask
    expect(html).toContain(num(lang, "1.234", 3)); // its quantity (3 decimals)
    expect(html).toContain(num(lang, "89234.56", 2)); // the last price
    expect(html).toContain(num(lang, "17.7999", 2, 4)); // its fee, below a cent kept
    expect(html).toContain(num(lang, "91468.60", 2)); // the close price
    expect(html).toContain(`+${num(lang, "1234.56", 2)}`.replace("+-", "-")); // realized PnL, 2 decimals
    expect(html).toContain(num(lang, "35.5998", 2, 4)); // fees
    expect(html).toContain(timestamp(lang, AT));
  });

  it("on the security screen", async () => {
    const html = await render(lang, "/security", Security as ComponentType<never>, {
      view: undefined,
      overview: {
        email: "a@b.c",
        phone: "",
        area_code: "",
        login_password_set: true,
        fund_password_set: false,
        google_bound: false,
        anti_phishing_code: "",
        withdrawal: {
          phone_bound: false,
          primary_verified: false,
          fund_password_set: false,
          google_bound: false,
          locked_until: "2026-03-05T05:06:07Z",
        },
      },
      sessions: [
        {
          id: "s1",
          device: "Chrome",
          ip: "127.0.0.1",
          method: "password",
          created_at: AT,
          last_seen_at: "2026-03-04T23:59:00Z",
          current: true,
        },
      ],
      history: [
        {
          id: 1,
          method: "password",
          success: true,
          reason: null,
          device: "Chrome",
          ip: "127.0.0.1",
          created_at: AT,
        },
      ],
      kyc: {
        primary: {
          status: "none",
          reason: null,
          submitted_at: null,
          decided_at: null,
          real_name: "",
          id_number: "",
          country: "",
          document_type: "",
        },
        advanced: { status: "none", reason: null, submitted_at: null, decided_at: null, can_submit: false },
      },
    });
    expect(html).toContain(dateTime(lang, "2026-03-05T05:06:07Z")); // withdrawals locked until
    expect(html).toContain(dateTime(lang, AT)); // a sign-in
    expect(html).toContain(dateTime(lang, "2026-03-04T23:59:00Z")); // a device last seen (next day in Tokyo)
  });
});
