import Decimal from "decimal.js";

/**
 * The arithmetic of USDT-margined, isolated-margin contracts. Pure functions on decimals, each
 * checked against hand-worked examples in math.test.ts.
 */
export type Side = "buy" | "sell";
const D = (v: Decimal.Value) => new Decimal(v);

/** Occupied margin: notional / leverage, where notional = quantity × price. */
export function margin(quantity: Decimal.Value, price: Decimal.Value, leverage: number): Decimal {
  return D(quantity).mul(price).div(leverage);
}

/** A fee on a notional at a rate (0.0005 = 0.05 %). */
export function fee(quantity: Decimal.Value, price: Decimal.Value, rate: Decimal.Value): Decimal {
  return D(quantity).mul(price).mul(rate);
}

/** Profit or loss of a position at `price`: (price − entry) × quantity, negated for a short. */
export function pnl(
  side: Side,
  entry: Decimal.Value,
  price: Decimal.Value,
  quantity: Decimal.Value,
): Decimal {
  const diff = D(price).minus(entry).mul(quantity);
  return side === "buy" ? diff : diff.neg();
}

/** Return on equity in percent: PnL / margin × 100. */
export function roe(pnlValue: Decimal.Value, marginValue: Decimal.Value): Decimal {
  return D(marginValue).isZero() ? D(0) : D(pnlValue).div(marginValue).mul(100);
}

/**
 * The mark price at which a position's equity (margin + PnL) falls to its maintenance margin
 * (maintenance rate × mark × quantity). For a long: (entry × q − margin) / (q × (1 − mmr)); for a
 * short: (entry × q + margin) / (q × (1 + mmr)). Margin may differ from entry × q / leverage
 * after funding, so it is a parameter.
 */
export function liquidationPrice(
  side: Side,
  entry: Decimal.Value,
  quantity: Decimal.Value,
  marginValue: Decimal.Value,
  mmr: Decimal.Value,
): Decimal {
  const q = D(quantity);
  const notional = D(entry).mul(q);
  if (side === "buy") {
    const price = notional.minus(marginValue).div(q.mul(D(1).minus(mmr)));
    return Decimal.max(price, 0);
  }
  return notional.plus(marginValue).div(q.mul(D(1).plus(mmr)));
}

/** Maintenance margin at a mark price. */
export function maintenance(mark: Decimal.Value, quantity: Decimal.Value, mmr: Decimal.Value): Decimal {
  return D(mark).mul(quantity).mul(mmr);
}

/** A position is liquidated when its equity no longer covers its maintenance margin. */
export function shouldLiquidate(
  side: Side,
  entry: Decimal.Value,
  mark: Decimal.Value,
  quantity: Decimal.Value,
  marginValue: Decimal.Value,
  mmr: Decimal.Value,
): boolean {
  const equity = D(marginValue).plus(pnl(side, entry, mark, quantity));
  return equity.lte(maintenance(mark, quantity, mmr));
}

/**
 * What closing (part of) a position pays out of its isolated margin: the margin share, the
 * realized PnL (a loss never beyond that margin share: the platform bears the rest) and the
 * closing fee (taken from what is left). `payout` is what returns to the wallet.
 */
export function settlement(marginShare: Decimal.Value, realized: Decimal.Value, closeFee: Decimal.Value) {
  const m = D(marginShare);
  const loss = Decimal.max(D(realized), m.neg());
  const feeTaken = Decimal.min(D(closeFee), m.plus(loss));
  const payout = m.plus(loss).minus(feeTaken);
  return { realized: loss, fee: feeTaken, payout };
}

/**
 * Funding for a perpetual position: notional at the mark price × rate. Positive rate: longs pay
 * shorts. The result is what the position pays (negative: receives).
 */
export function funding(
  side: Side,
  mark: Decimal.Value,
  quantity: Decimal.Value,
  rate: Decimal.Value,
): Decimal {
  const amount = D(mark).mul(quantity).mul(rate);
  return side === "buy" ? amount : amount.neg();
}

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
