import WebSocket from "ws";
import type { Candle, Trade } from "../contract/market.ts";
import type { Logger } from "../logger.ts";
import { bucketStart } from "./candles.ts";
import type { FeedEvents, FeedInstrument, MarketFeed, RawLevel } from "./feed.ts";

type Frame = { stream?: string; data?: Record<string, unknown> };

/** Backoff for reconnecting: 1 s, 2 s, 4 s … up to 30 s, with jitter so instances spread out. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base / 2 + (random() * base) / 2);
}

/**
 * Binance's public market streams (trades, 20-level depth, 24 h ticker) and REST K-line history,
 * normalised to the feed's events. Reconnects with backoff whenever the stream drops.
 */
export function createBinanceFeed(options: {
  wsUrl: string;
  restUrl: string;
  logger: Logger;
  flushMs?: number;
}): MarketFeed {
  const { logger } = options;
  let socket: WebSocket | undefined;
  let stopped = false;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let flushTimer: ReturnType<typeof setInterval> | undefined;
  const pending = new Map<string, Trade[]>();

  function connect(instruments: FeedInstrument[], events: FeedEvents) {
    const bySymbol = new Map(instruments.map((i) => [i.binanceSymbol.toLowerCase(), i]));
    const streams = instruments.flatMap((i) => {
      const s = i.binanceSymbol.toLowerCase();
      return [`${s}@trade`, `${s}@depth20@1000ms`, `${s}@ticker`];
    });
    const url = `${options.wsUrl.replace(/\/$/, "")}/stream?streams=${streams.join("/")}`;
    const ws = new WebSocket(url, { handshakeTimeout: 10_000 });
    socket = ws;
    ws.on("open", () => logger.info({ url: options.wsUrl }, "binance stream connected"));
    ws.on("message", (raw) => {
      let frame: Frame;
      try {
        frame = JSON.parse(raw.toString()) as Frame;
      } catch {
        return;
      }
      attempt = 0;
      const [symbol = "", kind = ""] = (frame.stream ?? "").split("@");
      const instrument = bySymbol.get(symbol);
      const data = frame.data;
      if (!instrument || !data) return;
      if (kind === "trade") {
        const trade: Trade = {
          price: String(data.p),
          amount: String(data.q),
          // m: the buyer was the maker, so the taker sold.
          direction: data.m ? "sell" : "buy",
          time: Number(data.T),
        };
        const list = pending.get(instrument.code) ?? [];
        list.push(trade);
        pending.set(instrument.code, list);
      } else if (kind === "depth20") {
        const levels = (rows: unknown) =>
          (Array.isArray(rows) ? rows : []).map(
            ([p, q]: [string, string]) => [Number(p), Number(q)] as RawLevel,
          );
        events.depth(instrument.code, levels(data.asks), levels(data.bids), Date.now());
      } else if (kind === "ticker") {
        events.stats?.(instrument.code, {
          change: String(data.P),
          high: String(data.h),
          low: String(data.l),
          volume: String(data.v),
        });
      }
    });
    ws.on("error", (error) => logger.warn({ err: error }, "binance stream error"));
    ws.on("close", () => {
      if (stopped) return;
      const wait = backoffMs(attempt++);
      logger.warn({ retryInMs: wait }, "binance stream closed; reconnecting");
      reconnectTimer = setTimeout(() => connect(instruments, events), wait);
      reconnectTimer.unref?.();
    });
  }

  return {
    source: "binance",
    async history(instrument, interval, limit, endTime) {
      const candles: Candle[] = [];
      let end = endTime;
      // Binance answers at most 1000 candles a call.
      while (candles.length < limit) {
        const size = Math.min(1000, limit - candles.length);
        const url = `${options.restUrl.replace(/\/$/, "")}/api/v3/klines?symbol=${instrument.binanceSymbol}&interval=${interval}&limit=${size}&endTime=${end}`;
        const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
        if (!response.ok) throw new Error(`binance klines ${response.status}`);
        const rows = (await response.json()) as [number, string, string, string, string, string][];
        if (rows.length === 0) break;
        const batch = rows.map(([openTime, open, high, low, close, volume]) => ({
          time: Math.floor(openTime / 1000),
          open,
          high,
          low,
          close,
          volume,
        }));
        candles.unshift(...batch);
        end = (rows[0]?.[0] ?? end) - 1;
        if (rows.length < size) break;
      }
      // The candle in progress is built live; history stops before it.
      const current = bucketStart(interval, endTime) / 1000;
      return candles.filter((c) => c.time < current).slice(-limit);
    },
    async start(instruments, events) {
      stopped = false;
      connect(instruments, events);
      flushTimer = setInterval(() => {
        for (const [code, trades] of pending) {
          if (trades.length > 0) events.trades(code, trades.splice(0));
        }
      }, options.flushMs ?? 250);
      flushTimer.unref?.();
    },
    async stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (flushTimer) clearInterval(flushTimer);
      socket?.close();
      socket = undefined;
    },
  };
}
