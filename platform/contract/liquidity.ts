import Decimal from "decimal.js";
import { lotsOf, quoteTicks, type Units } from "./units.ts";

/**
 * The platform's liquidity quotes the reference feed's book into each market's books, within the
 * limits an operator sets per market (issue 17). The engine quotes with these; the public book
 * (`/market/depth`, /ws `depth`) shows the same, so customers see what orders fill against.
 */

/** How many of the feed's levels a side the liquidity quotes. */
export const LIQUIDITY_LEVELS = 20;

/** A market's limits: each price moved `spread` (a fraction) from the middle, each level capped at `maxSize`. */
export type LiquidityLimits = { spread: Decimal; maxSize: Decimal | null };
export const NO_LIMITS: LiquidityLimits = { spread: new Decimal(0), maxSize: null };

/** What the quotes on a market depend on: its limits and its quantity step (the book's lot). */
export type LiquidityTerms = {
  liquiditySpread: string | null;
  liquidityMaxSize: string | null;
  quantityStep: string;
};

const limitsCache = new Map<string, LiquidityLimits>();
/** A market's limits from its terms; one object per distinct pair, so an unchanged limit compares equal. */
export function limitsOf(p: {
  liquiditySpread?: string | null;
  liquidityMaxSize?: string | null;
}): LiquidityLimits {
  const key = `${p.liquiditySpread ?? "0"}|${p.liquidityMaxSize ?? ""}`;
  let limit = limitsCache.get(key);
  if (!limit) {
    limit = {
      spread: new Decimal(p.liquiditySpread ?? 0),
      maxSize: p.liquidityMaxSize ? new Decimal(p.liquidityMaxSize) : null,
    };
    limitsCache.set(key, limit);
  }
  return limit;
}

type FeedLevel = { price: string; totalSize: string };
/** The liquidity's levels as the engine's log keeps them: [price, size] in decimal strings. */
export type QuotedLevels = { bids: [string, string][]; asks: [string, string][] };

/**
 * The liquidity's levels from the feed's depth, within the operator's limits: each price moved
 * `spread` away from the middle (asks up, bids down) and each level's size capped at `maxSize`.
 * The book then puts them on its grid (`onTheGrid`).
 */
export function liquidityLevels(
  depth: { bids: FeedLevel[]; asks: FeedLevel[] },
  limit: LiquidityLimits,
): QuotedLevels {
  const side = (levels: FeedLevel[], away: Decimal) =>
    levels.slice(0, LIQUIDITY_LEVELS).map((l): [string, string] => {
      const size = limit.maxSize ? Decimal.min(l.totalSize, limit.maxSize) : new Decimal(l.totalSize);
      return [new Decimal(l.price).mul(away).toFixed(), size.toFixed()];
    });
  return {
    bids: side(depth.bids, new Decimal(1).minus(limit.spread)),
    asks: side(depth.asks, new Decimal(1).plus(limit.spread)),
  };
}

/**
 * One quote as it stands on the book: its price on the tick, rounded away from the customer (an
 * ask up, a bid down), its size in whole lots; none for less than one lot. In ticks and lots.
 */
export function onGrid(
  [at, size]: [string, string],
  side: "buy" | "sell",
  units: Units,
): [number, number] | undefined {
  const lots = lotsOf(new Decimal(size), units);
  return lots > 0 ? [quoteTicks(new Decimal(at), side, units), lots] : undefined;
}

/**
 * One side of the quotes as a book shows them (`onGrid`), levels that land on one tick summed
 * (the engine places each as an order of its own). Best first.
 */
export function onTheGrid(
  levels: [string, string][],
  side: "buy" | "sell",
  units: Units,
): [number, number][] {
  const sizes = new Map<number, number>();
  for (const level of levels) {
    const placed = onGrid(level, side, units);
    if (placed) sizes.set(placed[0], (sizes.get(placed[0]) ?? 0) + placed[1]);
  }
  return [...sizes].sort((a, b) => (side === "sell" ? a[0] - b[0] : b[0] - a[0]));
}
