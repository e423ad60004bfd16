import type { RouterContextProvider } from "react-router";
import { isAmount } from "../../../../platform/contract/decimal.ts";
import { MEMO_NETWORKS } from "../../../../platform/contract/networks.ts";
import { type ApiClient, apiClient } from "../../../.server/api.ts";
import { networksByCoin, pick } from "../../../.server/wallet.ts";
import { hasScreen } from "../../../route-table.ts";
import { PRECONDITIONS, type PreconditionKey } from "../preconditions.ts";
import type { CryptoWithdrawData, FiatWithdrawData, WithdrawData } from "../types.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The withdrawal screen's data: what is missing until the phone is bound, primary verification
 * passed and a fund password set (and no security lock runs); then the form of its tab, crypto by
 * default or ?tab=fiat for a bank card or e-wallet (like /recharge).
 */
export async function withdrawLoader(request: Request, context: Context): Promise<WithdrawData> {
  const api = apiClient(request, context);
  const readiness = await api.data("/wallet/withdraw/readiness");
  const ready =
    readiness.phone_bound &&
    readiness.primary_verified &&
    readiness.fund_password_set &&
    !readiness.locked_until;
  // Where each precondition is fixed (the security centre until its own screen exists).
  const fixAt = Object.fromEntries(
    PRECONDITIONS.map((p) => [p.key, hasScreen(p.to.split("?")[0] ?? p.to) ? p.to : "/security"]),
  ) as Record<PreconditionKey, string>;
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") === "fiat" ? ("fiat" as const) : ("crypto" as const);
  if (!ready) return { tab, readiness, fixAt, form: null, fiat: null };
  if (tab === "fiat") return { tab, readiness, fixAt, form: null, fiat: await fiatData(api, url) };
  return { tab, readiness, fixAt, fiat: null, form: await cryptoData(api, url) };
}

/** The fiat terms, the customer's payment methods and USDT available. */
async function fiatData(api: ApiClient, url: URL): Promise<FiatWithdrawData> {
  const [terms, assets, methods] = await Promise.all([
    api.data("/wallet/withdraw/fiat"),
    api.data("/account/index"),
    api.data("/user/payment_methods"),
  ]);
  const amount = url.searchParams.get("amount") ?? "";
  return {
    terms,
    methods,
    available: assets.wallets.spot.find((a) => a.code === terms.coin)?.balance ?? "0",
    amount: isAmount(amount) ? amount : "",
    addAt: hasScreen("/paymentmethod") ? "/paymentmethod" : "/security",
  };
}

/** The coins and networks open for withdrawal, the picked one's terms, the balance and saved addresses. */
async function cryptoData(api: ApiClient, url: URL): Promise<CryptoWithdrawData> {
  const [byCoin, assets, book] = await Promise.all([
    networksByCoin(api),
    api.data("/account/index"),
    api.get("/user/withdrawal_addresses"),
  ]);
  const open = [...byCoin].map(([coin, list]) => [coin, list.filter((n) => n.withdraw_enabled)] as const);
  const coins = open.filter(([, list]) => list.length > 0).map(([coin]) => coin);
  const coin = pick(url.searchParams.get("coin"), coins);
  const networks = open.find(([c]) => c === coin)?.[1] ?? [];
  const network = pick(
    url.searchParams.get("network"),
    networks.map((n) => n.network),
  );
  const net = networks.find((n) => n.network === network);
  const amount = url.searchParams.get("amount") ?? "";
  return {
    coins,
    networks: networks.map((n) => n.network),
    coin,
    network,
    fee: net?.withdraw_fee ?? "0",
    minimum: net?.min_withdraw ?? "0",
    memo: MEMO_NETWORKS.includes(network),
    available: assets.wallets.spot.find((a) => a.code === coin)?.balance ?? "0",
    saved: book.status_code === 200 ? book.data.filter((a) => a.coin === coin && a.network === network) : [],
    address: (url.searchParams.get("address") ?? "").slice(0, 120),
    amount: isAmount(amount) ? amount : "",
    book: ["/withdrawaladdress", "/addressbook"].find(hasScreen),
  };
}
