import { data, type RouterContextProvider } from "react-router";
import { str } from "../../../../platform/contract/decimal.ts";
import { share } from "../../../../platform/contract/trading-math.ts";
import { apiClient } from "../../../.server/api.ts";
import { marketEntries } from "../../../.server/market.ts";
import { getToken } from "../../../.server/session.ts";
import { packCandles } from "../../../components/market/packed-candles.ts";
import { type OrderValues, orderFigures } from "../order-figures.ts";
import { CHART_INTERVAL, readState } from "../state.ts";
import { balancesFor, confirmsOrders } from "./preview.ts";
import { timedLoader } from "./timed.ts";

type Context = Readonly<RouterContextProvider>;

const DEFAULT_LEVERAGE = 10;
const PERCENTS = [25, 50, 75, 100];

/** A decimal typed into the form and carried in the URL (no-JS percentage buttons), else "". */
const typed = (value: string | null) => (value && value.length <= 40 ? value.trim() : "");

/**
 * The trade screen's data: the timed screen's, or for spot and contracts the instrument, its book,
 * chart and terms, and (signed in) the balances, positions and orders; without JavaScript the
 * percentage buttons come back here and the quantity is worked out on the server.
 */
export async function tradeLoader(request: Request, context: Context) {
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
    // Contract orders fill on the contract's own book, not the spot market's.
    api.get(
      "/market/depth",
      state.mode === "contract"
        ? { code: state.code, contract_type: state.contractType }
        : { code: state.code },
    ),
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
    candles: packCandles(candles.status_code === 200 ? candles.data : []),
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
export type TradeData = Exclude<Awaited<ReturnType<typeof tradeLoader>>, { timed: unknown }>;
