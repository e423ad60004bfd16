import type { Candle, Interval, Trade } from "../contract/market.ts";

/** What a feed knows about one instrument. */
export type FeedInstrument = {
  code: string;
  pricePrecision: number;
  /** Where the simulator starts (its last stored close, or the seed price). */
  startPrice: number;
  volatility: number;
  binanceSymbol: string;
};

export type RawLevel = [price: number, size: number];

/** Normalised market events: the simulator and Binance both speak these. */
export type FeedEvents = {
  depth(code: string, asks: RawLevel[], bids: RawLevel[], time: number): void;
  trades(code: string, trades: Trade[]): void;
  /** The exchange's own 24 h figures, when the source has them (Binance does). */
  stats?(code: string, stats: { change: string; high: string; low: string; volume: string }): void;
};

/**
 * A source of market data. `history` back-fills candles before the live stream starts, so every
 * chart has months of them from the first minute.
 */
export interface MarketFeed {
  readonly source: "sim" | "binance";
  history(instrument: FeedInstrument, interval: Interval, limit: number, endTime: number): Promise<Candle[]>;
  start(instruments: FeedInstrument[], events: FeedEvents): Promise<void>;
  stop(): Promise<void>;
}
