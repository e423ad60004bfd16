import { describe, expect, it } from "vitest";
import { CONTRACT_TYPES, currentContract } from "../contract/contract-types.ts";
import { contractBook } from "../trading/engine/spot-engine.ts";
import { backoffMs } from "./binance.ts";
import { addTrade, bucketStart } from "./candles.ts";
import { dayStats, depthLevels, mergeLevels, publicDepth } from "./engine.ts";
import { createSimulator, tickSize } from "./sim.ts";

const at = (iso: string) => Date.parse(iso);

describe("candles", () => {
  it("start on their interval's boundary; weeks start on Monday (UTC)", () => {
    const t = at("2026-11-21T10:37:42.123Z"); // a Saturday
    expect(new Date(bucketStart("1m", t)).toISOString()).toBe("2026-11-21T10:37:00.000Z");
    expect(new Date(bucketStart("15m", t)).toISOString()).toBe("2026-11-21T10:30:00.000Z");
    expect(new Date(bucketStart("4h", t)).toISOString()).toBe("2026-11-21T08:00:00.000Z");
    expect(new Date(bucketStart("1d", t)).toISOString()).toBe("2026-11-21T00:00:00.000Z");
    expect(new Date(bucketStart("1w", t)).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(new Date(bucketStart("1w", at("2026-11-16T00:00:00Z"))).toISOString()).toBe(
      "2026-11-16T00:00:00.000Z",
    );
  });

  it("take every trade's high, low, close and volume, and open the next at the last close", () => {
    let result = addTrade(undefined, "1m", at("2026-01-01T00:00:10Z"), 100, 1);
    result = addTrade(result.current, "1m", at("2026-01-01T00:00:20Z"), 105, 2);
    result = addTrade(result.current, "1m", at("2026-01-01T00:00:50Z"), 98, 0.5);
    expect(result.current).toMatchObject({ open: 100, high: 105, low: 98, close: 98, volume: 3.5 });
    const next = addTrade(result.current, "1m", at("2026-01-01T00:01:05Z"), 101, 1);
    expect(next.closed?.close).toBe(98);
    expect(next.current).toMatchObject({ open: 98, high: 101, low: 98, close: 101, volume: 1 });
  });
});

describe("depth", () => {
  it("adds a cumulative total per level, quantities at 3 decimals, truncated", () => {
    const levels = depthLevels(
      [
        [100.5, 1.23456],
        [100.6, 2.00049],
        [100.7, 0.1],
      ],
      2,
    );
    expect(levels).toEqual([
      { price: "100.50", totalSize: "1.234", total: "1.234" },
      { price: "100.60", totalSize: "2.000", total: "3.235" },
      { price: "100.70", totalSize: "0.100", total: "3.335" },
    ]);
  });
});

describe("the public book", () => {
  it("adds the customers' resting orders to the feed's levels, in price order, summed at one price", () => {
    const asks: [number, number][] = [
      [100, 1],
      [101, 2],
    ];
    expect(
      mergeLevels(
        asks,
        [
          [99.5, 0.3],
          [101, 0.5],
        ],
        "sell",
      ),
    ).toEqual([
      [99.5, 0.3],
      [100, 1],
      [101, 2.5],
    ]);
    const bids: [number, number][] = [
      [99, 1],
      [98, 2],
    ];
    expect(mergeLevels(bids, [[99.5, 0.2]], "buy")).toEqual([
      [99.5, 0.2],
      [99, 1],
      [98, 2],
    ]);
    expect(mergeLevels(bids, undefined, "buy")).toBe(bids);
  });

  it("is built per book: a contract's says which contract, the spot market's does not", () => {
    const feed = {
      asks: [[100, 1] as [number, number]],
      bids: [[99, 1] as [number, number]],
      time: 5,
    };
    const own = { asks: [[99.5, 0.25] as [number, number]], bids: [] };
    expect(publicDepth("btc/usdt", 2, feed, own)).toEqual({
      code: "btc/usdt",
      asks: [
        { price: "99.50", totalSize: "0.250", total: "0.250" },
        { price: "100.00", totalSize: "1.000", total: "1.250" },
      ],
      bids: [{ price: "99.00", totalSize: "1.000", total: "1.000" }],
      time: 5,
    });
    const expiry = Date.UTC(2026, 11, 4, 8);
    expect(publicDepth("btc/usdt", 2, feed, undefined, { type: "weekly", expiry })).toMatchObject({
      contract_type: "weekly",
      expiry: "2026-12-04T08:00:00.000Z",
      asks: [{ price: "100.00", totalSize: "1.000", total: "1.000" }],
    });
    expect(publicDepth("btc/usdt", 2, feed, undefined, { type: "perpetual", expiry: null })).toMatchObject({
      contract_type: "perpetual",
      expiry: null,
    });
  });

  it("follows the contracts trading now, named as the matching engine names their books", () => {
    const now = Date.UTC(2026, 10, 27, 13); // a Friday after the 08:00 weekly expiry
    for (const type of CONTRACT_TYPES) {
      const current = currentContract("btc/usdt", type, now);
      expect(current.book).toBe(contractBook("btc/usdt", type, current.expiry));
    }
    expect(currentContract("btc/usdt", "perpetual", now)).toEqual({
      type: "perpetual",
      expiry: null,
      book: "btc/usdt:perpetual",
    });
    expect(new Date(currentContract("btc/usdt", "weekly", now).expiry ?? 0).toISOString()).toBe(
      "2026-12-04T08:00:00.000Z",
    );
    expect(new Date(currentContract("btc/usdt", "quarterly", now).expiry ?? 0).toISOString()).toBe(
      "2026-12-25T08:00:00.000Z",
    );
  });
});

describe("24 h figures", () => {
  it("come from the last day's 5-minute candles", () => {
    const now = at("2026-01-02T12:00:00Z");
    const candle = (minutesAgo: number, o: number, h: number, l: number, c: number, v: number) => ({
      openTime: now - minutesAgo * 60_000,
      open: o,
      high: h,
      low: l,
      close: c,
      volume: v,
    });
    const candles = [
      candle(1500, 50, 500, 1, 50, 1000),
      candle(1435, 100, 110, 95, 105, 10),
      candle(60, 105, 120, 90, 110, 5),
    ];
    expect(dayStats(candles, 110, now)).toEqual({
      change: "10.0000",
      high: "120",
      low: "90",
      volume: "15.000",
    });
  });
});

describe("the simulator", () => {
  const btc = {
    code: "btc/usdt",
    pricePrecision: 2,
    startPrice: 95000,
    volatility: 0.55,
    binanceSymbol: "BTCUSDT",
  };

  it("back-fills candles that end at the current price, on tick multiples", async () => {
    const sim = createSimulator({ seed: 42 });
    const candles = await sim.history(btc, "1h", 600, at("2026-11-21T10:30:00Z"));
    expect(candles).toHaveLength(600);
    expect(candles.at(-1)?.close).toBe("95000.00");
    expect(new Date((candles.at(-1)?.time ?? 0) * 1000).toISOString()).toBe("2026-11-21T09:00:00.000Z");
    for (let i = 1; i < candles.length; i++) {
      const c = candles[i];
      expect(c && c.time - (candles[i - 1]?.time ?? 0)).toBe(3600);
      expect(c && Number(c.high) >= Math.max(Number(c.open), Number(c.close))).toBe(true);
      expect(c && Number(c.low) <= Math.min(Number(c.open), Number(c.close))).toBe(true);
      expect(c && Number(c.low)).toBeGreaterThan(0);
    }
    // Months of history: 600 hours is 25 days; 600 four-hour candles are 100 days.
    const fourHours = await sim.history(btc, "4h", 600, Date.now());
    expect((fourHours.at(-1)?.time ?? 0) - (fourHours[0]?.time ?? 0)).toBeGreaterThan(90 * 86_400);
  });

  it("moves prices like the coin (small steps, positive, on ticks) and prints trades and a 20-level book", async () => {
    const sim = createSimulator({ seed: 7, intervalMs: 5 });
    const prices: number[] = [];
    let book: { asks: [number, number][]; bids: [number, number][] } | undefined;
    await sim.start([btc], {
      trades: (_code, trades) => prices.push(...trades.map((t) => Number(t.price))),
      depth: (_code, asks, bids) => {
        book = { asks, bids };
      },
    });
    await new Promise((r) => setTimeout(r, 100));
    await sim.stop();
    expect(prices.length).toBeGreaterThan(10);
    for (const p of prices) {
      expect(p).toBeGreaterThan(90000);
      expect(p).toBeLessThan(100000);
      expect(Math.abs(Math.round(p / tickSize(2)) * tickSize(2) - p)).toBeLessThan(1e-6);
    }
    expect(book?.asks).toHaveLength(20);
    expect(book?.bids).toHaveLength(20);
    const asks = book?.asks.map(([p]) => p) ?? [];
    const bids = book?.bids.map(([p]) => p) ?? [];
    expect(asks).toEqual([...asks].sort((a, b) => a - b));
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
    expect(Math.min(...asks)).toBeGreaterThan(Math.max(...bids));
  });
});

describe("reconnect backoff", () => {
  it("doubles from about a second up to 30 s, with jitter", () => {
    expect(backoffMs(0, () => 0)).toBe(500);
    expect(backoffMs(0, () => 1)).toBe(1000);
    expect(backoffMs(3, () => 1)).toBe(8000);
    expect(backoffMs(10, () => 1)).toBe(30000);
    expect(backoffMs(10, () => 0)).toBe(15000);
  });
});
