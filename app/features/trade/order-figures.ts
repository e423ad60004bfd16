import type { ApiData } from "../../../platform/contract/api.ts";
import { affordable, walkBook } from "../../../platform/contract/book-walk.ts";
import { type Dec, dec, div, floorTo, mul, str } from "../../../platform/contract/decimal.ts";
import type { Depth, DepthLevel, Ticker } from "../../../platform/contract/market.ts";
import {
  marginBound,
  maxContractQuantity,
  orderCost,
  previews,
} from "../../../platform/contract/trading-math.ts";
import type { TradeState } from "./state.ts";

/** /api/contract/info: an instrument's terms. */
export type ContractInfo = ApiData<"GET", "/contract/info">;

export type OrderValues = {
  price: string;
  quantity: string;
  leverage: string;
  take_profit: string;
  stop_loss: string;
};

/** What the order form shows before confirming, worked out the same way on server and client. */
export function orderFigures(input: {
  state: TradeState;
  info: ContractInfo | undefined;
  values: OrderValues;
  balances: { usdt: string; base: string } | undefined;
  ticker: Ticker | undefined;
  /** The book the order trades on: the spot market's, or in contract mode the contract's. */
  depth: Depth | undefined;
}) {
  const { state, info, values, balances } = input;
  const step = dec(info?.quantity_step) ?? 1n;
  const last = dec(input.ticker?.price);
  const limit = state.type === "limit" ? dec(values.price) : undefined;
  const quantity = dec(values.quantity);
  // What was typed may be anything (".5", "Infinity" was a 500): only a whole number from 1 counts.
  const typed = Number(values.leverage);
  const leverage = Number.isSafeInteger(typed) && typed >= 1 ? typed : 1;
  if (state.mode === "contract") {
    const rate = dec(state.type === "limit" ? info?.maker_fee : info?.taker_fee) ?? 0n;
    // A market order fills on the contract's own book (`depth` is it): the form has both buttons,
    // so it is costed at the asks, what a long pays (a short at the bids costs no more): the
    // average over the levels it would take once a quantity is typed, else the best.
    const asks = input.depth?.asks;
    const best = dec(asks?.[0]?.price) ?? last;
    const price = state.type === "limit" ? limit : (averageFill(asks, quantity, true)?.price ?? best);
    const available = dec(balances?.usdt);
    const cost = quantity !== undefined && price ? orderCost(quantity, price, leverage, rate) : undefined;
    // At market, the most the margin and fee pay for over the asks: the bound
    // maxContractQuantity applies at one price, as a notional.
    const max =
      available === undefined
        ? undefined
        : state.type === "market" && asks?.length
          ? affordable(asks, marginBound(available, leverage, rate), step)
          : price
            ? maxContractQuantity(available, price, leverage, rate, step)
            : undefined;
    return { price, cost, max, step, available };
  }
  const buying = state.side === "buy";
  const levels = buying ? input.depth?.asks : input.depth?.bids;
  const best = dec(levels?.[0]?.price) ?? last;
  // A market order takes the book's levels in turn: it is costed at what it would take, at each
  // level's price (what the engine fills, and what the confirmation's preview shows).
  const walked = state.type === "market" ? averageFill(levels, quantity, buying) : undefined;
  const price = state.type === "limit" ? limit : (walked?.price ?? best);
  const filled = walked?.filled ?? quantity;
  const available = dec(buying ? balances?.usdt : balances?.base);
  const rate = dec(info?.spot_fee) ?? 0n;
  const total = walked ? walked.notional : quantity !== undefined && price ? mul(quantity, price) : undefined;
  const fee =
    filled !== undefined && price && total !== undefined
      ? previews.spotFee(state.side, filled, price, rate)
      : undefined;
  const max =
    available !== undefined
      ? buying
        ? state.type === "market" && levels?.length
          ? affordable(levels, available, step)
          : price
            ? floorTo(div(available, price), step)
            : undefined
        : floorTo(available, step)
      : undefined;
  return {
    price,
    cost: total !== undefined ? { notional: total, margin: total, fee: fee ?? 0n } : undefined,
    max,
    step,
    available,
  };
}

/**
 * A market order's average price over the levels it would take, once a quantity is typed. Off
 * the 18th place it leans against the customer (up over asks, down over bids), so the figures
 * built on it never look better than the walk: 0.3 at an average of 60,026.66… costs 18,008.
 */
function averageFill(levels: readonly DepthLevel[] | undefined, quantity: Dec | undefined, up: boolean) {
  if (!levels?.length || quantity === undefined || quantity <= 0n) return undefined;
  const { filled, notional } = walkBook(levels, quantity);
  if (filled <= 0n) return undefined;
  const price = div(notional, filled);
  return { price: up && mul(filled, price) < notional ? price + 1n : price, filled, notional };
}

/**
 * What an order spends from the wallet it draws on: a contract's margin and fee, a spot buy's
 * USDT, a spot sell's coins. The form's notice and the review step (`fundsFor`) both use it.
 */
export function orderNeeds(
  state: Pick<TradeState, "mode" | "side">,
  cost: { notional: bigint; margin: bigint; fee: bigint } | undefined,
  quantity: string,
): string | undefined {
  if (state.mode !== "contract" && state.side === "sell")
    return dec(quantity) === undefined ? undefined : quantity;
  if (!cost) return undefined;
  return str(state.mode === "contract" ? cost.margin + cost.fee : cost.notional);
}
