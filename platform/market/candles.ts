import { type Candle, INTERVAL_MS, type Interval } from "../contract/market.ts";

const WEEK_OFFSET = 4 * 86_400_000; // 1970-01-01 was a Thursday; weeks start on Monday

/** The start (ms) of the interval containing `time`. */
export function bucketStart(interval: Interval, time: number): number {
  const size = INTERVAL_MS[interval];
  if (interval === "1w") return Math.floor((time - WEEK_OFFSET) / size) * size + WEEK_OFFSET;
  return Math.floor(time / size) * size;
}

/** A candle being built, in milliseconds, with numbers for speed; published as strings. */
export type LiveCandle = {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};

/**
 * Adds a trade to an interval's current candle. Returns the (possibly new) current candle and,
 * when the trade opened a new interval, the candle it closed.
 */
export function addTrade(
  current: LiveCandle | undefined,
  interval: Interval,
  time: number,
  price: number,
  amount: number,
): { current: LiveCandle; closed?: LiveCandle } {
  const start = bucketStart(interval, time);
  if (!current || start > current.openTime) {
    const open = current ? current.close : price;
    const next = {
      openTime: start,
      open,
      high: Math.max(open, price),
      low: Math.min(open, price),
      close: price,
      volume: amount,
    };
    return { current: next, closed: current };
  }
  // A late trade for an interval already closed still counts in the current one.
  current.high = Math.max(current.high, price);
  current.low = Math.min(current.low, price);
  current.close = price;
  current.volume += amount;
  return { current };
}

export function toCandle(c: LiveCandle, precision: number): Candle {
  return {
    time: Math.floor(c.openTime / 1000),
    open: c.open.toFixed(precision),
    high: c.high.toFixed(precision),
    low: c.low.toFixed(precision),
    close: c.close.toFixed(precision),
    volume: c.volume.toFixed(3),
  };
}
