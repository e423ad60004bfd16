/**
 * What the trade screen works out live in the browser (floating PnL, margin, fee, the most a
 * balance buys) in the contract's decimal: exact, no floats, no decimal library in the page.
 * The platform's own figures are the ones that count; these only show them moving between two
 * server answers.
 */
import { type Dec, div, floorTo, int, mul } from "../../../platform/contract/decimal.ts";

const ONE = int(1);

export type Side = "buy" | "sell";

/** Floating PnL: (mark − entry) × quantity, negated for a short (platform/trading/math.ts). */
export function pnl(side: Side, entry: Dec, mark: Dec, quantity: Dec): Dec {
  const diff = mul(mark - entry, quantity);
  return side === "buy" ? diff : -diff;
}

/** Return on equity in percent. */
export const roe = (profit: Dec, margin: Dec): Dec => (margin === 0n ? 0n : div(profit * 100n, margin));

/** What an order would occupy: notional, margin (notional / leverage) and fee at `rate`. */
export function orderCost(quantity: Dec, price: Dec, leverage: number, rate: Dec) {
  const notional = mul(quantity, price);
  return {
    notional,
    margin: leverage > 0 ? notional / BigInt(leverage) : notional,
    fee: mul(notional, rate),
  };
}

/** Liquidation price of an isolated position (platform/trading/math.ts liquidationPrice). */
export function liquidationPrice(side: Side, entry: Dec, quantity: Dec, margin: Dec, mmr: Dec): Dec {
  const notional = mul(entry, quantity);
  if (quantity === 0n) return 0n;
  if (side === "buy") {
    const price = div(notional - margin, mul(quantity, ONE - mmr));
    return price < 0n ? 0n : price;
  }
  return div(notional + margin, mul(quantity, ONE + mmr));
}

/**
 * The largest quantity `available` opens at `price` and `leverage`, its fee included:
 * available × leverage / (price × (1 + leverage × rate)), down to a whole number of steps.
 */
export function maxContractQuantity(available: Dec, price: Dec, leverage: number, rate: Dec, step: Dec): Dec {
  if (price <= 0n || leverage < 1) return 0n;
  const perUnit = mul(price, ONE + rate * BigInt(leverage));
  return floorTo(div(available * BigInt(leverage), perUnit), step);
}

/** A share (0–100 %) of a maximum quantity, down to a whole number of steps. */
export const share = (max: Dec, percent: number, step: Dec): Dec =>
  floorTo((max * BigInt(Math.max(0, Math.min(100, Math.trunc(percent))))) / 100n, step);
