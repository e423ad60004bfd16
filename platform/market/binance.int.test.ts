import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { createLogger } from "../logger.ts";
import { createBinanceFeed } from "./binance.ts";

// A stand-in for Binance: its combined stream and its REST K-lines, in Binance's documented
// formats (https://developers.binance.com/docs/binance-spot-api-docs/web-socket-streams).
const connections: { url: string; socket: WebSocket }[] = [];
const klineRequests: string[] = [];
let rest: Server;
let stream: WebSocketServer;
let t: TestPlatform;

const tradeFrame = (
  symbol: string,
  price: string,
  qty: string,
  buyerIsMaker: boolean,
  time = Date.now(),
) => ({
  stream: `${symbol.toLowerCase()}@trade`,
  data: { e: "trade", E: time, s: symbol, t: 12345, p: price, q: qty, T: time, m: buyerIsMaker, M: true },
});
const depthFrame = (symbol: string) => ({
  stream: `${symbol.toLowerCase()}@depth20@1000ms`,
  data: {
    lastUpdateId: 160,
    bids: [
      ["95000.10000000", "1.50000000"],
      ["94999.00000000", "2.25000000"],
    ],
    asks: [
      ["95000.20000000", "0.75000000"],
      ["95001.00000000", "1.00000000"],
    ],
  },
});
const tickerFrame = (symbol: string) => ({
  stream: `${symbol.toLowerCase()}@ticker`,
  data: {
    e: "24hrTicker",
    E: Date.now(),
    s: symbol,
    p: "1200.00",
    P: "1.278",
    c: "95000.20",
    h: "96100.00",
    l: "93050.50",
    v: "18765.43210000",
    q: "1780000000.00",
  },
});

beforeAll(async () => {
  rest = createServer((req, res) => {
    klineRequests.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    const limit = Number(url.searchParams.get("limit"));
    const end = Number(url.searchParams.get("endTime"));
    const size = {
      "1m": 60e3,
      "5m": 300e3,
      "15m": 900e3,
      "30m": 1800e3,
      "1h": 3600e3,
      "4h": 14400e3,
      "1d": 86400e3,
      "1w": 604800e3,
    }[url.searchParams.get("interval") ?? "1h"] as number;
    const rows = Array.from({ length: limit }, (_, i) => {
      const open = Math.floor(end / size) * size - (limit - 1 - i) * size;
      return [
        open,
        "94000.00",
        "95500.00",
        "93500.00",
        "95000.00",
        "123.45600000",
        open + size - 1,
        "0",
        100,
        "0",
        "0",
        "0",
      ];
    });
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(rows));
  });
  await new Promise<void>((r) => rest.listen(0, "127.0.0.1", r));
  stream = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  stream.on("connection", (socket, req) => {
    connections.push({ url: req.url ?? "", socket });
    socket.send(JSON.stringify(depthFrame("BTCUSDT")));
    socket.send(JSON.stringify(tickerFrame("BTCUSDT")));
    socket.send(JSON.stringify(tradeFrame("BTCUSDT", "95000.15000000", "0.01200000", true)));
    socket.send(JSON.stringify(tradeFrame("BTCUSDT", "95000.25000000", "0.50000000", false)));
    socket.send("not json at all");
    socket.send(JSON.stringify({ stream: "unknownusdt@trade", data: {} }));
  });
  await new Promise((r) => stream.once("listening", r));
  const feed = createBinanceFeed({
    wsUrl: `ws://127.0.0.1:${(stream.address() as AddressInfo).port}`,
    restUrl: `http://127.0.0.1:${(rest.address() as AddressInfo).port}`,
    logger: createLogger("silent"),
    flushMs: 20,
  });
  t = await testPlatform({ MARKET_FEED: "binance" }, { marketFeed: feed });
});

afterAll(async () => {
  await t?.close();
  stream?.close();
  rest?.close();
});

describe("the Binance adapter, on replayed frames", () => {
  it("subscribes to trades, depth and the 24 h ticker of every listed symbol in one combined stream", async () => {
    // The stream opens before the history is back-filled (136 REST calls, done after start).
    await expect.poll(() => connections.length, { timeout: 90_000 }).toBeGreaterThan(0);
    const url = connections[0]?.url ?? "";
    expect(url.startsWith("/stream?streams=")).toBe(true);
    for (const s of ["btcusdt@trade", "btcusdt@depth20@1000ms", "btcusdt@ticker", "pepeusdt@trade"])
      expect(url).toContain(s);
  }, 120_000);

  it("back-fills history from REST K-lines for every interval", async () => {
    // A chart that asks while the back-fill runs waits for its own market's history.
    const candles = (await t.api("/market/kline?code=btc/usdt&interval=1h&limit=3")).body.data;
    expect(klineRequests.some((u) => u.includes("symbol=BTCUSDT") && u.includes("interval=1w"))).toBe(true);
    expect(candles[0]).toMatchObject({
      open: "94000.00",
      high: "95500.00",
      low: "93500.00",
      close: "95000.00",
    });
  });

  it("normalises trades (buyer-is-maker means a sell), the book and the exchange's own 24 h figures", async () => {
    await expect
      .poll(
        async () =>
          (await t.api("/market/tickers")).body.data.find((x: { code: string }) => x.code === "btc/usdt")
            ?.price,
      )
      .toBe("95000.25");
    const btc = (await t.api("/market/tickers")).body.data.find(
      (x: { code: string }) => x.code === "btc/usdt",
    );
    expect(btc).toMatchObject({
      change: "1.27",
      high: "96100.00",
      low: "93050.50",
      volume: "18765.432",
      cnyPrice: "684001.8000",
    });
    const trades = (await t.api("/market/trades?code=btc/usdt")).body.data;
    expect(trades.slice(0, 2)).toMatchObject([
      { price: "95000.25", direction: "buy" },
      { price: "95000.15", direction: "sell" },
    ]);
    const depth = (await t.api("/market/depth?code=btc/usdt")).body.data;
    expect(depth.bids).toEqual([
      { price: "95000.10", totalSize: "1.500", total: "1.500" },
      { price: "94999.00", totalSize: "2.250", total: "3.750" },
    ]);
    expect(depth.asks[0]).toEqual({ price: "95000.20", totalSize: "0.750", total: "0.750" });
  });

  it("reconnects with backoff when the stream drops, and carries on", async () => {
    const before = connections.length;
    connections.at(-1)?.socket.terminate();
    await expect.poll(() => connections.length, { timeout: 5000 }).toBe(before + 1);
    connections.at(-1)?.socket.send(JSON.stringify(tradeFrame("BTCUSDT", "95100.00000000", "0.1", false)));
    await expect
      .poll(
        async () =>
          (await t.api("/market/tickers")).body.data.find((x: { code: string }) => x.code === "btc/usdt")
            ?.price,
      )
      .toBe("95100.00");
  });
});
