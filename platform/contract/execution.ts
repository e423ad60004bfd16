import type Decimal from "decimal.js";
import type { Side } from "./trading-math.ts";

/**
 * The one rule for the price an incoming order trades at. It meets the best opposite price of
 * the book (the best ask to buy, the best bid to sell): a market order always, a limit order
 * only when that price is within its limit ("marketable"). It then trades at the book's price,
 * never at its own limit: a sell limit at 50,000 with the bid at 95,000 sells at 95,000.
 * Returns undefined when a limit order does not cross and must rest.
 */
export function takerPrice(side: Side, best: Decimal, limit?: Decimal): Decimal | undefined {
  if (!limit) return best;
  const crosses = side === "buy" ? best.lte(limit) : best.gte(limit);
  return crosses ? best : undefined;
}
