import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { BACKFILL } from "./engine.ts";

let t: TestPlatform;
let server: Server;
let wsUrl: string;
beforeAll(async () => {
  t = await testPlatform({}, { market: true });
  server = createServer();
  server.on("upgrade", (req, socket, head) => t.platform.hub.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  wsUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  // The feed starts once the history is back-filled; then let it print a few ticks.
  await t.marketReady();
  await new Promise((r) => setTimeout(r, 300));
});
afterAll(async () => {
  server?.close();
  await t?.close();
});

describe("market HTTP twins", () => {
  it("list the spec's coins against USDT with their precision", async () => {
    const res = await t.api("/market/instruments");
    const codes = res.body.data.map((i: { code: string }) => i.code);
    for (const coin of [
      "btc",
      "eth",
      "bch",
      "ltc",
      "eos",
      "etc",
      "xrp",
      "dash",
      "bsv",
      "ht",
      "dot",
      "sol",
      "atom",
      "ada",
      "trx",
      "xlm",
      "pepe",
    ]) {
      expect(codes).toContain(`${coin}/usdt`);
    }
    const pepe = res.body.data.find((i: { code: string }) => i.code === "pepe/usdt");
    expect(pepe).toMatchObject({ base: "PEPE", quote: "USDT", price_precision: 10, amount_precision: 3 });
  });

  it("answer tickers with CNY prices at 4 decimals and 24 h figures, as strings", async () => {
    const res = await t.api("/market/tickers");
    expect(res.body.data).toHaveLength(17);
    const btc = res.body.data.find((x: { code: string }) => x.code === "btc/usdt");
    expect(btc.price).toMatch(/^\d+\.\d{2}$/);
    expect(btc.cnyPrice).toMatch(/^\d+\.\d{4}$/);
    expect(Number(btc.cnyPrice)).toBeCloseTo(Number(btc.price) * 7.2, 0);
    for (const key of ["change", "high", "low", "volume"]) expect(typeof btc[key]).toBe("string");
    expect(Number(btc.high)).toBeGreaterThanOrEqual(Number(btc.price));
    expect(Number(btc.low)).toBeLessThanOrEqual(Number(btc.price));
  });

  it("answer the book with cumulative totals and recent trades", async () => {
    const depth = (await t.api("/market/depth?code=BTC/USDT")).body.data;
    expect(depth.asks).toHaveLength(20);
    expect(depth.bids).toHaveLength(20);
    let sum = 0;
    depth.asks.forEach((level: { totalSize: string; total: string }, i: number) => {
      sum += Number(level.totalSize);
      expect(level.totalSize).toMatch(/^\d+\.\d{3}$/);
      // Each figure is truncated to 3 decimals on its own, so the sum may trail by 0.001 a level.
      expect(Number(level.total)).toBeGreaterThanOrEqual(sum - 1e-9);
      expect(Number(level.total) - sum).toBeLessThanOrEqual(0.001 * (i + 1) + 1e-9);
    });
    const trades = (await t.api("/market/trades?code=eth/usdt&limit=5")).body.data;
    expect(trades.length).toBeGreaterThan(0);
    expect(trades[0]).toMatchObject({ direction: expect.stringMatching(/^(buy|sell)$/) });
    expect(trades[0].time).toBeGreaterThanOrEqual(trades.at(-1).time);
  });

  it("answer months of candles, ending with the one in progress", async () => {
    const oneHour = (await t.api("/market/kline?code=btc/usdt&interval=1h&limit=1000")).body.data;
    expect(oneHour.length).toBe(BACKFILL + 1);
    const last = oneHour.at(-1);
    expect(last.time * 1000).toBe(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const week = (await t.api("/market/kline?code=btc/usdt&interval=1w&limit=10")).body.data;
    expect(week).toHaveLength(10);
    const older = (await t.api(`/market/kline?code=btc/usdt&interval=1h&limit=5&before=${last.time}`)).body
      .data;
    expect(older.at(-1).time).toBe(last.time - 3600);
  });

  it("refuse unknown markets and intervals with a clear message", async () => {
    const unknown = await t.api("/market/depth?code=doge/usdt");
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.code).toEqual(["This market does not exist or is not listed"]);
    const bad = await t.api("/market/kline?code=btc/usdt&interval=2m");
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty("interval");
    const junk = await t.api("/market/trades?code=%3Cscript%3E");
    expect(junk.status).toBe(422);
  });

  it("keep favorites per user", async () => {
    expect((await t.api("/market/favorites")).status).toBe(401);
    const { token } = await registerByEmail(t);
    const set = await t.api("/market/favorites", {
      method: "POST",
      json: { code: "eth/usdt", on: true },
      token,
    });
    expect(set.body.data).toEqual(["eth/usdt"]);
    await t.api("/market/favorites", { method: "POST", json: { code: "btc/usdt", on: "true" }, token });
    await t.api("/market/favorites", { method: "POST", json: { code: "eth/usdt", on: false }, token });
    expect((await t.api("/market/favorites", { token })).body.data).toEqual(["btc/usdt"]);
    const bad = await t.api("/market/favorites", {
      method: "POST",
      json: { code: "nope/usdt", on: true },
      token,
    });
    expect(bad.status).toBe(422);
  });

  it("report the feed in /api/health", async () => {
    const feed = (await t.api("/health")).body.data.feed;
    expect(feed).toMatchObject({ status: "up", source: "sim", role: "leader" });
  });
});

describe("market channels on /ws", () => {
  async function client() {
    const ws = new WebSocket(wsUrl);
    const frames: any[] = [];
    ws.on("message", (m) => frames.push(JSON.parse(m.toString())));
    await new Promise((r) => ws.once("open", r));
    const waitFor = async (match: (f: any) => boolean) => {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const i = frames.findIndex(match);
        if (i >= 0) return frames.splice(i, 1)[0];
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error("no such frame");
    };
    return { ws, frames, waitFor, send: (f: unknown) => ws.send(JSON.stringify(f)) };
  }

  it("send each channel's snapshot at once, then live updates", async () => {
    const c = await client();
    c.send({ op: "subscribe", channel: "price", code: "btc/usdt" });
    c.send({ op: "subscribe", channel: "depth", code: "btc/usdt" });
    c.send({ op: "subscribe", channel: "trades", code: "btc/usdt" });
    c.send({ op: "subscribe", channel: "kline", code: "btc/usdt", interval: "1m" });
    const price = await c.waitFor((f) => f.channel === "price" && f.data);
    expect(Object.keys(price.data).sort()).toEqual([
      "change",
      "cnyPrice",
      "code",
      "high",
      "low",
      "price",
      "time",
      "volume",
    ]);
    const depth = await c.waitFor((f) => f.channel === "depth" && f.data);
    expect(depth.data.asks[0]).toEqual({
      price: expect.any(String),
      totalSize: expect.any(String),
      total: expect.any(String),
    });
    const trades = await c.waitFor((f) => f.channel === "trades" && f.data);
    expect(trades.data[0]).toMatchObject({
      price: expect.any(String),
      amount: expect.any(String),
      direction: expect.any(String),
    });
    const kline = await c.waitFor((f) => f.channel === "kline" && f.data);
    expect(kline).toMatchObject({ code: "btc/usdt", interval: "1m", data: { time: expect.any(Number) } });
    // And then a fresh tick arrives by itself.
    const next = await c.waitFor((f) => f.channel === "price" && f.data && f.data.time > price.data.time);
    expect(next.code).toBe("btc/usdt");
    c.ws.close();
  });

  it("refuse unknown markets and intervals", async () => {
    const c = await client();
    c.send({ op: "subscribe", channel: "price", code: "doge/usdt" });
    expect(await c.waitFor((f) => f.op === "error")).toMatchObject({
      message: expect.stringContaining("unknown code"),
    });
    c.send({ op: "subscribe", channel: "kline", code: "btc/usdt", interval: "7m" });
    expect(await c.waitFor((f) => f.op === "error")).toBeTruthy();
    c.ws.close();
  });
});
