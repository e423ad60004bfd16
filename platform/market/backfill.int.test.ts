import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { BACKFILL } from "./engine.ts";
import type { MarketFeed } from "./feed.ts";
import { createSimulator } from "./sim.ts";

// Issue 23: "start ... with history back-fill and other warm-up work done after the server
// answers". A fresh start back-fills about 80,000 candles; the live feed (and so /api/health's
// feed check) must not wait for them, and a chart asked for meanwhile must still get its whole
// history: its market is filled first and the answer waits for it.

let t: TestPlatform;
let open: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  open = resolve;
});
const asked: string[] = [];

beforeAll(async () => {
  const sim = createSimulator({ seed: 3, intervalMs: 50 });
  // The simulator's history, held back until the test opens the gate.
  const feed: MarketFeed = {
    ...sim,
    source: sim.source,
    async history(instrument, interval, limit, endTime) {
      asked.push(`${instrument.code} ${interval}`);
      await gate;
      return sim.history(instrument, interval, limit, endTime);
    },
    start: (instruments, events) => sim.start(instruments, events),
    stop: () => sim.stop(),
  };
  t = await testPlatform({}, { marketFeed: feed });
}, 60_000);

afterAll(async () => {
  open();
  await t?.close();
});

describe("market history after start", () => {
  it("serves live prices and a healthy feed before the history is in", async () => {
    await expect.poll(async () => (await t.api("/market/tickers")).body.data.length).toBe(17);
    const health = (await t.api("/health")).body;
    expect(health.data.feed.status).toBe("up");
    // The back-fill begins (a turn of the event loop after the feed: the prices above can be
    // served before it asks) and is held at the gate: the prices above did not wait for it.
    await expect.poll(() => asked.length).toBeGreaterThan(0);
  }, 60_000);

  it("answers a chart asked during the back-fill with its whole history", async () => {
    let answered = false;
    const pending = t.api("/market/kline?code=sol/usdt&interval=1h&limit=1000").then((res) => {
      answered = true;
      return res.body.data as { time: number }[];
    });
    await new Promise((r) => setTimeout(r, 300));
    // Its market's history was asked for at once, and the answer waits for it.
    expect(asked.some((what) => what.startsWith("sol/usdt "))).toBe(true);
    expect(answered).toBe(false);
    open();
    const candles = await pending;
    expect(candles.length).toBe(BACKFILL + 1);
    expect(candles.at(-1)?.time).toBe(Math.floor(Date.now() / 3_600_000) * 3_600);
    // One candle per hour, no gap where the history meets the live one.
    for (let i = 1; i < candles.length; i++)
      expect((candles[i]?.time ?? 0) - (candles[i - 1]?.time ?? 0)).toBe(3_600);
  }, 60_000);
});
