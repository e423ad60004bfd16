import Decimal from "decimal.js";
import { ApiError } from "../http/errors.ts";
import type { MarketView } from "../market/index.ts";

/** How old a price may be before trading on it is refused (a stalled feed). */
export const STALE_AFTER_MS = 10_000;

export type Quote = { price: Decimal; time: number };

/**
 * The platform's published market, as trading uses it: the best ask (buys) and best bid (sells)
 * of the current book, and the mark price (the last trade). Each comes with the time of the tick
 * it was read from, recorded with every fill. A price older than 10 s is refused.
 */
export function createPrices(view: MarketView, now: () => number = Date.now) {
  function fresh(time: number | undefined, field: string): number {
    if (time === undefined || now() - time > STALE_AFTER_MS)
      throw new ApiError(503, "trading.stale_price", { errors: { [field]: ["trading.stale_price"] } });
    return time;
  }
  return {
    /** The price a market order fills at: best ask to buy, best bid to sell. */
    best(code: string, side: "buy" | "sell"): Quote {
      const depth = view.feedDepth(code);
      const level = side === "buy" ? depth?.asks[0] : depth?.bids[0];
      const time = fresh(level ? depth?.time : undefined, "price");
      return { price: new Decimal(level?.price ?? 0), time };
    },
    /** The mark price (last trade) that triggers limits, TP/SL and liquidations. */
    mark(code: string): Quote {
      const ticker = view.ticker(code);
      const time = fresh(ticker?.time, "price");
      return { price: new Decimal(ticker?.price ?? 0), time };
    },
    /** The mark price if fresh, else undefined (for background checks that just wait). */
    markIfFresh(code: string): Quote | undefined {
      const ticker = view.ticker(code);
      if (!ticker || now() - ticker.time > STALE_AFTER_MS) return undefined;
      return { price: new Decimal(ticker.price), time: ticker.time };
    },
  };
}
export type Prices = ReturnType<typeof createPrices>;
