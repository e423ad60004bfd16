import { type Dec, dec, div, floorTo, mul } from "./decimal.ts";
import type { DepthLevel } from "./market.ts";

/**
 * What a market order of `quantity` takes from one side of a public book (`levels`, best
 * first): the quantity the book can fill and what it costs, each level at its own price, as the
 * engine fills it (the rest of a market order is dropped). The order form costs a market order
 * with it, so a buy on a thin book is not shown the best price for all of it.
 */
export function walkBook(levels: readonly DepthLevel[], quantity: Dec): { filled: Dec; notional: Dec } {
  let filled = 0n;
  let notional = 0n;
  for (const { price, size } of usable(levels)) {
    const take = size < quantity - filled ? size : quantity - filled;
    if (take <= 0n) break;
    filled += take;
    notional += mul(take, price);
  }
  return { filled, notional };
}

/**
 * How much a buy with `funds` takes walking `asks` (best first), in whole `step`s: what the
 * order form offers as the most a customer can buy at market.
 */
export function affordable(asks: readonly DepthLevel[], funds: Dec, step: Dec): Dec {
  let left = funds;
  let bought = 0n;
  for (const { price, size } of usable(asks)) {
    const cost = mul(size, price);
    if (cost <= left) {
      bought += size;
      left -= cost;
      continue;
    }
    bought += div(left, price);
    break;
  }
  // Whole steps, and never more than the funds pay for at the levels' prices.
  let quantity = floorTo(bought, step);
  while (quantity > 0n && walkBook(asks, quantity).notional > funds) quantity -= step;
  return quantity;
}

/** A book's levels as numbers, best first, leaving out any without a positive price and size. */
function* usable(levels: readonly DepthLevel[]): Generator<{ price: Dec; size: Dec }> {
  for (const level of levels) {
    const price = dec(level.price);
    const size = dec(level.totalSize);
    if (price && size && price > 0n && size > 0n) yield { price, size };
  }
}
