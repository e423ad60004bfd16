import Decimal from "decimal.js";
import { dec, str } from "../contract/decimal.ts";
import { type Arithmetic, protectedLimit, type Side, tradingMath } from "../contract/trading-math.ts";

/**
 * The arithmetic of USDT-margined, isolated-margin contracts, in decimal.js: the platform's
 * figures, the ones that count. The formulas are the contract's (platform/contract/trading-math.ts,
 * which the pages' previews share); checked against hand-worked examples in math.test.ts.
 */
export type { Side } from "../contract/trading-math.ts";

const D = (v: Decimal.Value) => new Decimal(v);

const decimals: Arithmetic<Decimal, Decimal.Value> = {
  from: D,
  whole: D,
  plus: (a, b) => a.plus(b),
  minus: (a, b) => a.minus(b),
  times: (a, b) => a.mul(b),
  over: (a, b) => a.div(b),
  neg: (a) => a.neg(),
  max: (a, b) => Decimal.max(a, b),
  min: (a, b) => Decimal.min(a, b),
  isZero: (a) => a.isZero(),
  lte: (a, b) => a.lte(b),
};

export const { margin, fee, pnl, roe, liquidationPrice, maintenance, shouldLiquidate, settlement, funding } =
  tradingMath(decimals);

/**
 * The funding rate from how the platform's open interest leans: a base of 0.01 % per 8 h plus a
 * premium for the side in excess, clamped to ±0.75 % (the exchange conventions).
 */
export function fundingRate(longNotional: Decimal.Value, shortNotional: Decimal.Value): Decimal {
  const l = D(longNotional);
  const s = D(shortNotional);
  const total = l.plus(s);
  const imbalance = total.isZero() ? D(0) : l.minus(s).div(total);
  const rate = D("0.0001").plus(imbalance.mul("0.0005"));
  return Decimal.min(Decimal.max(rate, D("-0.0075")), D("0.0075")).toDecimalPlaces(8);
}

/** Funding times: every 8 hours at 00:00, 08:00 and 16:00 UTC. */
export const FUNDING_INTERVAL_MS = 8 * 3_600_000;
export function nextFundingTime(now: number): number {
  return (Math.floor(now / FUNDING_INTERVAL_MS) + 1) * FUNDING_INTERVAL_MS;
}

/** Delivery contracts' expiries: one rule, which the market's contract books follow too. */
export { nextExpiry } from "../contract/contract-types.ts";

/**
 * The protected limit of a market order or a close (the contract's `protectedLimit`, the one
 * rule the pages share) in decimal.js: what the routes queue and the engine's log keeps.
 */
export function protectedPrice(side: Side, mark: Decimal.Value, band: string, tick: Decimal.Value): Decimal {
  const n = (v: Decimal.Value) => dec(D(v).toFixed()) as bigint;
  return D(str(protectedLimit(side, n(mark), n(band), n(tick))));
}
