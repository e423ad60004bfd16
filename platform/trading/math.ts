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

/**
 * Delivery contracts expire at 08:00 UTC: weekly ones on Friday, quarterly ones on the last
 * Friday of March, June, September and December. Returns the next expiry after `now`.
 */
export function nextExpiry(kind: "weekly" | "quarterly", now: number): number {
  const at8 = (y: number, m: number, day: number) => Date.UTC(y, m, day, 8);
  if (kind === "weekly") {
    const date = new Date(now);
    const daysToFriday = (5 - date.getUTCDay() + 7) % 7;
    let expiry = at8(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + daysToFriday);
    if (expiry <= now) expiry += 7 * 86_400_000;
    return expiry;
  }
  const lastFriday = (y: number, m: number) => {
    const last = new Date(Date.UTC(y, m + 1, 0));
    const back = (last.getUTCDay() - 5 + 7) % 7;
    return at8(y, m, last.getUTCDate() - back);
  };
  const date = new Date(now);
  for (let i = 0; i < 8; i++) {
    const month = date.getUTCMonth() + i;
    const y = date.getUTCFullYear() + Math.floor(month / 12);
    const m = month % 12;
    if (m % 3 !== 2) continue;
    const expiry = lastFriday(y, m);
    if (expiry > now) return expiry;
  }
  throw new Error("no quarterly expiry found");
}

/**
 * The protected limit of a market order or a close (the contract's `protectedLimit`, the one
 * rule the pages share) in decimal.js: what the routes queue and the engine's log keeps.
 */
export function protectedPrice(side: Side, mark: Decimal.Value, band: string, tick: Decimal.Value): Decimal {
  const n = (v: Decimal.Value) => dec(D(v).toFixed()) as bigint;
  return D(str(protectedLimit(side, n(mark), n(band), n(tick))));
}
