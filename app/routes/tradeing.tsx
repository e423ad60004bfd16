import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { ceilAmount, dec, str } from "../../platform/contract/decimal.ts";
import type { Envelope } from "../../platform/contract/envelope.ts";
import type { Candle, Depth, Ticker } from "../../platform/contract/market.ts";
import { previews, share } from "../../platform/contract/trading-math.ts";
import { apiClient } from "../.server/api.ts";
import { getI18n } from "../.server/i18n.ts";
import { marketEntries } from "../.server/market.ts";
import { flashToast, getToken } from "../.server/session.ts";
import { LoginPrompt, loginHref } from "../components/login-prompt.tsx";
import { chartHref } from "../components/market/links.ts";
import { useChannel, useChannels } from "../components/market/live.ts";
import { changeClass, MarketList } from "../components/market/market-list.tsx";
import { CandleSvg, DepthSvg } from "../components/market/svg-charts.tsx";
import { numbers, useNumbers } from "../components/numbers.tsx";
import { balancesFor, confirmsOrders, previewOrder, setConfirm } from "../features/trade/.server/preview.ts";
import { timedAction, timedLoader } from "../features/trade/.server/timed.ts";
import { ConfirmClose } from "../features/trade/components/confirm-close.tsx";
import { ConfirmOrder } from "../features/trade/components/confirm-order.tsx";
import { countdown } from "../features/trade/components/format.ts";
import { useAccountRefresh, useNow } from "../features/trade/components/live.ts";
import { OrderBook } from "../features/trade/components/order-book.tsx";
import { OrderForm } from "../features/trade/components/order-form.tsx";
import { Empty, HistoryOrderItem, OpenOrderItem } from "../features/trade/components/orders.tsx";
import { PositionList } from "../features/trade/components/positions.tsx";
import { TimedScreen } from "../features/trade/components/timed-screen.tsx";
import { Segmented, Tabs, Time } from "../features/trade/components/ui.tsx";
import {
  type ContractOrder,
  closeForm,
  contractOrderForm,
  spotOrderForm,
  tpslForm,
} from "../features/trade/forms.ts";
import {
  type ContractInfo,
  type OrderValues,
  orderFigures,
  orderNeeds,
} from "../features/trade/order-figures.ts";
import { CONTRACT_TYPES, MODES, readState, type TradeState, tradeHref } from "../features/trade/state.ts";
import type {
  CloseReview,
  ClosingPosition,
  OrderPreview,
  PositionFormError,
  ReviewedOrder,
  TimedActionResult,
} from "../features/trade/types.ts";
import type { RouteHandle } from "../handle.ts";
import { fundsFor } from "../money.ts";
import { hasScreen } from "../route-table.ts";
import type { Route } from "./+types/tradeing";

export const handle: RouteHandle = { title: "trade:title", back: false, i18n: ["trade", "market", "timed"] };

const CHART_INTERVAL = "15m";
const DEFAULT_LEVERAGE = 10;
const PERCENTS = [25, 50, 75, 100];

/** A decimal typed into the form and carried in the URL (no-JS percentage buttons), else "". */
const typed = (value: string | null) => (value && value.length <= 40 ? value.trim() : "");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const state = readState(q);
  if (state.mode === "timed") return timedLoader(request, context, state);
  const api = apiClient(request, context);
  const signedIn = Boolean(getToken(context));
  const entries = await marketEntries(request, context);
  const entry = entries.find((e) => e.instrument.code === state.code);
  if (!entry) throw data(null, { status: 404 });
  const [depth, candles, info, assets, positions, open, history] = await Promise.all([
    api.get("/market/depth", { code: state.code }),
    api.get("/market/kline", { code: state.code, interval: CHART_INTERVAL, limit: 60 }),
    api.get("/contract/info", { code: state.code }),
    signedIn ? api.data("/account/index") : undefined,
    signedIn && state.mode === "contract" ? api.data("/contract/positions") : [],
    signedIn ? api.data(`/${state.mode}/orders`, { status: "open", limit: 50 }) : undefined,
    signedIn && state.tab === "history"
      ? api.data(`/${state.mode}/orders`, { status: "history", limit: 10 })
      : undefined,
  ]);
  const contractInfo = info.status_code === 200 ? info.data : undefined;
  const maxLeverage = contractInfo?.max_leverage ?? 1;
  const leverage = Math.min(state.leverage ?? DEFAULT_LEVERAGE, maxLeverage);
  const balances = balancesFor(assets, state.mode, entry.instrument.base);
  const defaults: OrderValues = {
    price: typed(q.get("price")),
    quantity: typed(q.get("quantity")),
    leverage: String(leverage),
    take_profit: typed(q.get("take_profit")),
    stop_loss: typed(q.get("stop_loss")),
  };
  // Without JavaScript the percentage buttons come back here: the server works out the quantity.
  const pct = PERCENTS.includes(Number(q.get("pct"))) ? Number(q.get("pct")) : undefined;
  const snapshot = depth.status_code === 200 ? depth.data : undefined;
  if (pct && balances) {
    const figures = orderFigures({
      state: { ...state, leverage },
      info: contractInfo,
      values: defaults,
      balances,
      ticker: entry.ticker,
      depth: snapshot,
    });
    if (figures.max !== undefined) {
      const quantity = share(figures.max, pct, figures.step);
      defaults.quantity = quantity > 0n ? str(quantity) : "";
    }
  }
  const tickers = Object.fromEntries(
    entries.flatMap((e) => (e.ticker ? [[e.instrument.code, e.ticker]] : [])),
  );
  return {
    state: { ...state, leverage },
    instrument: entry.instrument,
    ticker: entry.ticker,
    depth: snapshot,
    candles: candles.status_code === 200 ? candles.data : [],
    info: contractInfo,
    entries,
    tickers,
    signedIn,
    balances,
    positions,
    openOrders: open?.list ?? [],
    history: history?.list ?? [],
    defaults,
    pct,
    prompt: !signedIn && q.get("prompt") === "login",
    confirm: await confirmsOrders(request),
    now: Date.now(),
  };
}

type ActionResult =
  | { form: "order"; reply: SubmissionResult<string[]> }
  | { form: "review_close"; review: CloseReview }
  | { form: "review"; reply: SubmissionResult<string[]>; order: ReviewedOrder; preview: OrderPreview }
  | PositionFormError;

/**
 * The platform refused an order: its messages go under the fields the form shows; a message
 * about anything else (the instrument, a stale price…) goes above the buttons.
 */
function orderReply(
  submission: Submission<unknown>,
  envelope: Pick<Envelope<unknown>, "message" | "errors">,
  shown: string[],
) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [field, messages] of Object.entries(envelope.errors ?? {})) {
    if (shown.includes(field)) fieldErrors[field] = messages;
    else formErrors.push(...messages);
  }
  if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(envelope.message);
  return submission.reply({ fieldErrors, formErrors });
}

const formState = (url: URL, form: FormData) => {
  const params = new URLSearchParams(url.search);
  for (const key of ["code", "mode", "contract_type", "type", "side", "tab", "leverage"]) {
    const value = form.get(key);
    if (typeof value === "string" && value) params.set(key, value);
  }
  return readState(params);
};

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const state = formState(url, form);
  if (state.mode === "timed") return timedAction(request, context, form, state);
  // Spec §2: a visitor without an account is asked whether to continue to log in.
  if (!getToken(context)) return redirect(tradeHref(state, {}, { prompt: "login" }));
  const api = apiClient(request, context);
  const i18n = getI18n(context);
  const { t } = i18n;
  const done = (envelope: Envelope<unknown>, changes: Partial<TradeState> = {}, headers?: Headers) => {
    flashToast(context, {
      kind: envelope.status_code === 200 ? "success" : "error",
      message: envelope.message,
    });
    return redirect(tradeHref(state, changes), { headers });
  };

  switch (intent) {
    case "review":
    case "place": {
      const contract = state.mode === "contract";
      const submission = parseWithZod(form, { schema: contract ? contractOrderForm : spotOrderForm });
      if (submission.status !== "success")
        return { form: "order", reply: submission.reply() } satisfies ActionResult;
      const v = submission.value;
      const shown = contract ? ["quantity", "leverage", "take_profit", "stop_loss"] : ["quantity"];
      if (v.type === "limit") shown.push("price");
      const order: ReviewedOrder = {
        mode: state.mode,
        code: v.code,
        type: v.type,
        side: v.side,
        price: v.type === "limit" ? v.price : undefined,
        quantity: v.quantity,
        tab: state.tab,
      };
      if (contract) {
        const c = v as ContractOrder;
        Object.assign(order, {
          contract_type: c.contract_type,
          leverage: c.leverage,
          take_profit: c.take_profit,
          stop_loss: c.stop_loss,
        });
      }
      if (intent === "review" && (await confirmsOrders(request))) {
        const assets = await api.get("/account/index");
        const base = v.code.split("/")[0] ?? "";
        const preview = await previewOrder(
          api,
          order,
          balancesFor(assets.status_code === 200 ? assets.data : undefined, state.mode, base),
        );
        if (!preview.ok)
          return { form: "order", reply: orderReply(submission, preview, shown) } satisfies ActionResult;
        // Short funds are refused here, before the confirmation, by the rule the form's notice uses.
        const p = preview.preview;
        const needed = orderNeeds(
          state,
          {
            notional: dec(p.notional) ?? 0n,
            margin: dec(p.margin ?? p.notional) ?? 0n,
            fee: dec(p.fee) ?? 0n,
          },
          order.quantity,
        );
        if (fundsFor(p.available ?? "0", needed) !== "enough") {
          const message = t("common:funds.refused", {
            coin: p.available_coin,
            amount: numbers(i18n.language).amount(p.available ?? "0"),
            needed: numbers(i18n.language).amount(
              ceilAmount(needed ?? "0", p.available_coin === "USDT" ? 2 : 8),
            ),
          });
          return {
            form: "order",
            reply: submission.reply({ fieldErrors: { quantity: [message] } }),
          } satisfies ActionResult;
        }
        return {
          form: "review",
          reply: submission.reply(),
          order,
          preview: preview.preview,
        } satisfies ActionResult;
      }
      const { mode: _mode, tab: _tab, ...body } = order;
      const result = await api.post(contract ? "/contract/order" : "/spot/order", body);
      if (result.status_code !== 200)
        return { form: "order", reply: orderReply(submission, result, shown) } satisfies ActionResult;
      const headers = new Headers();
      if (form.get("skip_confirm") === "on") headers.append("Set-Cookie", await setConfirm(false));
      const tab = v.type === "limit" ? "orders" : contract ? "positions" : "history";
      return done(result, { tab, ...(order.leverage ? { leverage: order.leverage } : {}) }, headers);
    }
    case "cancel": {
      const market = form.get("market") === "spot" ? "spot" : "contract";
      return done(await api.post(`/${market}/cancel`, { id: String(form.get("id") ?? "") }), {
        tab: "orders",
      });
    }
    case "cancel_all":
      return done(await api.post(`/${state.mode}/cancel_all`), { tab: "orders" });
    case "close_all": {
      if (form.get("confirmed") !== "on" && (await confirmsOrders(request))) {
        const review = await closeReview(api, undefined);
        if (review) return { form: "review_close", review } satisfies ActionResult;
      }
      return done(await api.post("/contract/close_all"), { tab: "positions" });
    }
    case "close":
    case "tpsl": {
      const submission = parseWithZod(form, { schema: intent === "close" ? closeForm : tpslForm });
      const id = Number(form.get("position_id"));
      const values = Object.fromEntries(
        ["quantity", "take_profit", "stop_loss"].map((k) => [k, String(form.get(k) ?? "")]),
      );
      if (submission.status !== "success") {
        const errors = submission.reply().error ?? {};
        const fields = Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (v ? [[k, v]] : [])));
        return { form: intent, id, fields, values } satisfies ActionResult;
      }
      if (intent === "close" && form.get("confirmed") !== "on" && (await confirmsOrders(request))) {
        const review = await closeReview(api, {
          id,
          quantity: "quantity" in submission.value ? submission.value.quantity : undefined,
        });
        if (review) return { form: "review_close", review } satisfies ActionResult;
      }
      const result = await api.post(
        intent === "close" ? "/contract/close" : "/contract/tpsl",
        submission.value,
      );
      if (result.status_code === 422) {
        const known = intent === "close" ? ["quantity"] : ["take_profit", "stop_loss"];
        const fields = Object.fromEntries(
          Object.entries(result.errors ?? {}).filter(([k]) => known.includes(k)),
        );
        const message = Object.keys(fields).length === 0 ? result.message : undefined;
        return { form: intent, id, fields, message, values } satisfies ActionResult;
      }
      return done(result, { tab: "positions" });
    }
    case "confirm_on": {
      flashToast(context, { kind: "success", message: t("trade:confirm_turned_on") });
      return redirect(tradeHref(state), { headers: { "Set-Cookie": await setConfirm(true) } });
    }
    default:
      flashToast(context, { kind: "error", message: t("messages:errors.bad_request") });
      return redirect(tradeHref(state));
  }
}

/**
 * What a close would do, for its confirmation: one position (all of it, or the part typed) or
 * every open one, each at the book's best opposite price now (where the platform closes it).
 * Nothing to review (the position is gone): undefined, and the platform's own answer follows.
 */
async function closeReview(
  api: ReturnType<typeof apiClient>,
  one: { id: number; quantity?: string } | undefined,
): Promise<CloseReview | undefined> {
  const open = await api.get("/contract/positions");
  if (open.status_code !== 200) return undefined;
  const chosen = one ? open.data.filter((p) => p.id === one.id) : open.data;
  if (chosen.length === 0) return undefined;
  // More than is held: nothing to confirm; the platform's refusal goes under the field.
  const asked = dec(one?.quantity);
  const held = dec(chosen[0]?.quantity);
  if (one?.quantity && (asked === undefined || held === undefined || asked > held)) return undefined;
  const books = new Map<string, Depth | undefined>();
  for (const code of new Set(chosen.map((p) => p.code))) {
    const depth = await api.get("/market/depth", { code });
    books.set(code, depth.status_code === 200 ? depth.data : undefined);
  }
  const positions = chosen.map((p): ClosingPosition => {
    const book = books.get(p.code);
    const price = (p.side === "buy" ? book?.bids[0]?.price : book?.asks[0]?.price) ?? p.mark_price;
    const quantity = one?.quantity ?? p.quantity;
    const [entry, at, size] = [dec(p.entry_price), dec(price), dec(quantity)];
    return {
      id: p.id,
      code: p.code,
      contract_type: p.contract_type,
      side: p.side,
      leverage: p.leverage,
      quantity,
      held: p.quantity,
      price,
      pnl:
        entry !== undefined && at !== undefined && size !== undefined
          ? str(previews.pnl(p.side, entry, at, size))
          : null,
    };
  });
  return { all: !one, positions };
}

/** The small K-line: the snapshot's candles, the last one replaced or extended by the live one. */
function useLiveCandles(code: string, initial: Candle[]): Candle[] {
  const live = useChannel<Candle | undefined>("kline", code, undefined, { interval: CHART_INTERVAL });
  const last = initial[initial.length - 1];
  if (!live || !last || live.time < last.time) return initial;
  return live.time === last.time ? [...initial.slice(0, -1), live] : [...initial.slice(1), live];
}

/** Funding rate, the countdown to the next funding and how funding is charged (perpetuals), or the expiry (delivery). */
function ContractTerms({
  info,
  state,
  serverNow,
}: {
  info: ContractInfo;
  state: TradeState;
  serverNow: number;
}) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  const now = useNow(serverNow);
  if (state.contractType !== "perpetual") {
    return (
      <p className="text-xs text-muted">
        {t("expires")} <Time value={info.expiries[state.contractType]} />
      </p>
    );
  }
  let next = Date.parse(info.next_funding_time);
  while (next <= now) next += 8 * 3_600_000;
  const rate = n.fraction(info.funding_rate);
  return (
    <>
      <p className="text-xs text-muted">
        {t("funding")} <span className="text-fg tabular-nums">{rate}</span> ·{" "}
        <span className="tabular-nums" role="timer" aria-label={t("next_funding")}>
          {countdown(next - now)}
        </span>
      </p>
      {/* The rule the funding job follows (platform/trading/funding.ts). */}
      <p className="mt-1 text-xs text-muted" data-testid="funding-rule">
        {t("funding_rule")}
      </p>
    </>
  );
}

export default function Tradeing({ loaderData, actionData }: Route.ComponentProps) {
  if ("timed" in loaderData)
    return <TimedScreen loaderData={loaderData} actionData={actionData as TimedActionResult | undefined} />;
  return <ClassicTrade loaderData={loaderData} actionData={actionData} />;
}

/** Spot and contracts. */
function ClassicTrade({
  loaderData: served,
  actionData,
}: {
  loaderData: Exclude<Route.ComponentProps["loaderData"], { timed: unknown }>;
  actionData: Route.ComponentProps["actionData"];
}) {
  const n = useNumbers();
  const { t } = useTranslation("trade");
  // Fills and closes that happen away from this page (the risk engine) reload its data.
  const loaderData = useAccountRefresh(served.signedIn, served);
  const { t: tm } = useTranslation("market");
  const location = useLocation();
  const { state, instrument, info, signedIn, balances, positions, openOrders, history, entries } = loaderData;
  const code = instrument.code;
  const contract = state.mode === "contract";
  const ticker = useChannel("price", code, loaderData.ticker);
  const depth = useChannel("depth", code, loaderData.depth);
  const candles = useLiveCandles(code, loaderData.candles);
  const positionCodes = [...new Set(positions.map((p) => p.code))];
  const tickers = useChannels<Ticker>("price", positionCodes, loaderData.tickers);
  const [prompting, setPrompting] = useState(false);
  // What the customer last typed in the order form, kept across its remounts (see OrderForm).
  const typedOrder = useRef<OrderValues | undefined>(undefined);
  const [dismissed, setDismissed] = useState<unknown>();
  const result = actionData as ActionResult | undefined;
  const review = result?.form === "review" && dismissed !== result ? result : undefined;
  const closing = result?.form === "review_close" && dismissed !== result ? result : undefined;
  const orderResult = result?.form === "order" || result?.form === "review" ? result.reply : undefined;
  const positionError = result?.form === "close" || result?.form === "tpsl" ? result : undefined;
  const here = tradeHref(state);
  const pair = `${instrument.base}/${instrument.quote}`;
  const p = instrument.price_precision;
  const typeLabel = (value: string) => t(`contract_types.${value}`);

  const tabs = contract
    ? ([
        { value: "positions", label: t("tab_positions", { count: positions.length }) },
        { value: "orders", label: t("tab_orders", { count: openOrders.length }) },
        { value: "history", label: t("tab_history") },
      ] as const)
    : ([
        { value: "orders", label: t("tab_orders", { count: openOrders.length }) },
        { value: "history", label: t("tab_history") },
      ] as const);
  const bulk =
    signedIn && state.tab === "positions" && positions.length > 0 ? (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="close_all" />
        <input type="hidden" name="mode" value={state.mode} />
        <input type="hidden" name="code" value={code} />
        <button type="submit" className="btn btn-secondary min-h-8 px-3 text-xs">
          {t("close_all")}
        </button>
      </Form>
    ) : signedIn && state.tab === "orders" && openOrders.length > 0 ? (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="cancel_all" />
        <input type="hidden" name="mode" value={state.mode} />
        <input type="hidden" name="code" value={code} />
        <button type="submit" className="btn btn-secondary min-h-8 px-3 text-xs">
          {t("cancel_all")}
        </button>
      </Form>
    ) : undefined;

  return (
    <div className="pb-4">
      <div className="px-4 pt-3">
        <Segmented
          label={t("mode_label")}
          options={MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
          current={state.mode}
          href={(m) =>
            tradeHref(state, { mode: m as TradeState["mode"], tab: m === "spot" ? "orders" : "positions" })
          }
        />
      </div>

      <section className="relative px-4 pt-3" aria-label={t("market_label", { pair })}>
        <div className="flex items-start justify-between gap-3">
          <details className="group min-w-0">
            <summary className="flex cursor-pointer list-none items-center gap-1 text-lg font-bold">
              <span>{pair}</span>
              {contract && (
                <span className="text-xs font-normal text-muted">{typeLabel(state.contractType)}</span>
              )}
              <span aria-hidden="true" className="text-muted group-open:rotate-180">
                ▾
              </span>
              <span className="sr-only">{t("choose_market")}</span>
            </summary>
            <div className="absolute right-0 left-0 z-30 mt-2 max-h-[60dvh] overflow-y-auto border-y border-line bg-bg shadow-lg">
              <MarketList
                entries={entries}
                href={(c) => tradeHref({ ...state, code: c }, { tab: state.tab })}
                label={t("choose_market")}
                futures={contract}
              />
            </div>
          </details>
          <div className="text-right">
            <p
              className={`text-lg font-bold tabular-nums ${ticker?.change.startsWith("-") ? "down" : "up"}`}
              data-testid="last-price"
            >
              {ticker ? n.price(ticker.price, p) : "-"}
            </p>
            <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${changeClass(ticker?.change)}`}>
              {ticker ? n.change(ticker.change) : "-"}
            </span>
          </div>
        </div>
        <div className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-muted tabular-nums">
          <span>
            {tm("high_24h")} <span className="text-fg">{ticker ? n.price(ticker.high, p) : "-"}</span>
          </span>
          <span>
            {tm("low_24h")} <span className="text-fg">{ticker ? n.price(ticker.low, p) : "-"}</span>
          </span>
          <span>
            {tm("vol")} <span className="text-fg">{ticker ? n.compact(ticker.volume) : "-"}</span>
          </span>
        </div>
        {contract && info && <ContractTerms info={info} state={state} serverNow={loaderData.now} />}
      </section>

      <section className="mt-2 px-4" aria-label={t("chart_label", { pair, interval: CHART_INTERVAL })}>
        <Link
          to={chartHref(code, CHART_INTERVAL)}
          className="block rounded-lg border border-line"
          aria-label={t("open_chart", { pair })}
        >
          <CandleSvg
            candles={candles}
            height={90}
            label={t("chart_label", { pair, interval: CHART_INTERVAL })}
          />
          <DepthSvg depth={depth} height={36} label={tm("depth_chart")} />
          <span className="block px-2 py-1 text-right text-xs text-accent">{t("full_chart")} ›</span>
        </Link>
      </section>

      <div className="mt-3 grid gap-2 px-4">
        {contract ? (
          <Segmented
            label={t("contract_type_label")}
            size="sm"
            options={CONTRACT_TYPES.map((c) => ({ value: c, label: typeLabel(c) }))}
            current={state.contractType}
            href={(c) => tradeHref(state, { contractType: c as TradeState["contractType"] })}
          />
        ) : (
          <Segmented
            label={t("side_label")}
            size="sm"
            options={[
              { value: "buy", label: t("buy") },
              { value: "sell", label: t("sell") },
            ]}
            current={state.side}
            href={(s) => tradeHref(state, { side: s as TradeState["side"] })}
          />
        )}
        <Segmented
          label={t("order_type")}
          size="sm"
          options={[
            { value: "market", label: t("order_types.market") },
            { value: "limit", label: t("order_types.limit") },
          ]}
          current={state.type}
          href={(v) => tradeHref(state, { type: v as TradeState["type"] })}
        />
      </div>

      <div className="mt-3 grid grid-cols-[minmax(0,1fr)_42%] gap-3 px-4">
        {contract && !info ? (
          <p className="text-sm text-muted">{t("no_contract")}</p>
        ) : (
          <OrderForm
            key={location.key}
            state={state}
            instrument={instrument}
            info={info}
            signedIn={signedIn}
            balances={balances}
            defaults={loaderData.defaults}
            pct={loaderData.pct}
            lastResult={orderResult}
            ticker={ticker}
            depth={depth}
            onLoginPrompt={() => setPrompting(true)}
            typed={typedOrder}
          />
        )}
        <OrderBook
          depth={depth}
          ticker={ticker}
          precision={p}
          base={instrument.base}
          quote={instrument.quote}
        />
      </div>

      {signedIn && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 px-4 text-xs text-muted">
          {contract && hasScreen("/transfer") && (
            <Link to="/transfer" className="text-accent">
              {t("transfer_funds")}
            </Link>
          )}
          {!loaderData.confirm && (
            <Form method="post" preventScrollReset className="flex items-center gap-2">
              <input type="hidden" name="intent" value="confirm_on" />
              <input type="hidden" name="mode" value={state.mode} />
              <input type="hidden" name="code" value={code} />
              <span>{t("confirm_off")}</span>
              <button type="submit" className="text-accent underline">
                {t("confirm_turn_on")}
              </button>
            </Form>
          )}
        </div>
      )}

      <section className="mt-4" aria-label={t("your_trades")}>
        <Tabs
          label={t("your_trades")}
          options={tabs}
          current={state.tab}
          href={(tab) => tradeHref(state, { tab: tab as TradeState["tab"] })}
          end={bulk}
        />
        {!signedIn ? (
          <div className="px-4 py-6 text-center">
            <p className="text-sm text-muted">{t("login_to_see")}</p>
            <Link to={loginHref(here)} className="btn btn-primary mt-3 px-6">
              {t("login")}
            </Link>
          </div>
        ) : state.tab === "positions" ? (
          positions.length > 0 ? (
            <PositionList positions={positions} tickers={tickers} error={positionError} />
          ) : (
            <Empty>{t("no_positions")}</Empty>
          )
        ) : state.tab === "orders" ? (
          openOrders.length > 0 ? (
            <ul>
              {openOrders.map((order) => (
                <OpenOrderItem key={order.id} order={order} />
              ))}
            </ul>
          ) : (
            <Empty>{t("no_orders")}</Empty>
          )
        ) : (
          <>
            {history.length > 0 ? (
              <ul>
                {history.map((order) => (
                  <HistoryOrderItem key={order.id} order={order} />
                ))}
              </ul>
            ) : (
              <Empty>{t("no_history")}</Empty>
            )}
            <p className="px-4 pt-3 text-center">
              <Link to={`/traderecord?market=${state.mode}`} className="text-sm text-accent">
                {t("all_records")} ›
              </Link>
            </p>
          </>
        )}
      </section>

      {review && (
        <ConfirmOrder
          order={review.order}
          preview={review.preview}
          precision={p}
          cancelTo={tradeHref(
            state,
            {},
            Object.fromEntries(Object.entries(reviewValues(review.order)).filter(([, v]) => v)),
          )}
          onCancel={() => setDismissed(review)}
        />
      )}
      {closing && (
        <ConfirmClose
          review={closing.review}
          cancelTo={tradeHref(state, { tab: "positions" })}
          onCancel={() => setDismissed(closing)}
        />
      )}
      {loaderData.prompt ? (
        <LoginPrompt redirectTo={here} cancelTo={here} />
      ) : (
        prompting && <LoginPrompt redirectTo={here} cancelTo={here} onCancel={() => setPrompting(false)} />
      )}
    </div>
  );
}

/** The typed values of a reviewed order, to fill the form again after Cancel (no JavaScript). */
function reviewValues(order: ReviewedOrder): Record<string, string> {
  return {
    price: order.price ?? "",
    quantity: order.quantity,
    take_profit: order.take_profit ?? "",
    stop_loss: order.stop_loss ?? "",
  };
}
