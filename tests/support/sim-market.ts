import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import type { Bus } from "../../platform/bus/bus.ts";
import { INTERVAL_MS, type Interval } from "../../platform/contract/intervals.ts";
import type { Ticker } from "../../platform/contract/market.ts";
import type { Db } from "../../platform/db/client.ts";
import { klines } from "../../platform/market/tables.ts";
import type { MarketView } from "../../platform/market/view.ts";
import { createSpotEngine } from "../../platform/trading/engine/spot-engine.ts";
import { createPrices } from "../../platform/trading/prices.ts";

/** A clock the test moves by hand: every job and service it is given reads the time from it. */
export function simClock(start: number) {
  let time = start;
  return {
    now: () => time,
    set(to: number) {
      if (to < time) throw new Error("the simulated clock only moves forward");
      time = to;
    },
    advance(ms: number) {
      time += ms;
    },
  };
}
export type SimClock = ReturnType<typeof simClock>;

/**
 * A market on a simulated clock. `print` makes a trade at a price at the clock's time: while the
 * platform is up it reaches the bus (the timed contracts' tick log hears it) and the 1-minute
 * and 1-hour candles; while it is down only the 1-hour candle is written, as the market's
 * back-fill on restart would (it goes further back for the longer intervals).
 */
export function simMarket(db: Db, bus: Bus, clock: SimClock) {
  const last = new Map<string, { price: string; time: number }>();
  const view = {
    ticker: (code: string) => {
      const p = last.get(code);
      return p && ({ code, price: p.price, time: p.time } as Ticker);
    },
    // One level a side at the last price, deep enough for any test's order: the liquidity
    // account quotes it into the engine's books.
    feedDepth: (code: string) => {
      const p = last.get(code);
      const level = p && { price: p.price, size: "1000000", totalSize: "1000000" };
      return p && level && { asks: [level], bids: [level], time: p.time };
    },
  } as unknown as MarketView;

  async function candle(code: string, interval: Interval, time: number, price: string) {
    const size = INTERVAL_MS[interval];
    const openTime = new Date(Math.floor(time / size) * size);
    await db
      .insert(klines)
      .values({ code, interval, openTime, open: price, high: price, low: price, close: price, volume: "1" })
      .onConflictDoUpdate({
        target: [klines.code, klines.interval, klines.openTime],
        set: {
          close: sql`excluded.close`,
          high: sql`greatest(${klines.high}, excluded.high)`,
          low: sql`least(${klines.low}, excluded.low)`,
        },
      });
  }

  return {
    view,
    /** What trading reads prices through, on the simulated clock. */
    prices: createPrices(view, clock.now),
    /** A matching engine whose liquidity quotes this market, on the simulated clock. */
    engine: createSpotEngine({ db, bus, view, now: clock.now }),
    last: (code: string) => last.get(code),
    async print(code: string, price: Decimal.Value, up = true) {
      const time = clock.now();
      const text = new Decimal(price).toFixed();
      if (up) {
        last.set(code, { price: text, time });
        await bus.publish(`price:${code}`, { code, price: text, time } as Ticker);
        await candle(code, "1m", time, text);
      }
      await candle(code, "1h", time, text);
    },
  };
}
export type SimMarket = ReturnType<typeof simMarket>;
