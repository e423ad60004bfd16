import type { Bus } from "../bus/bus.ts";
import { CONTRACT_TYPES, type ContractType } from "../contract/contract-types.ts";
import { type Candle, type Depth, INTERVALS, type Ticker, type Trade } from "../contract/market.ts";

const KEEP_TRADES = 50;

/**
 * The latest market state as every instance sees it, kept from the bus: whoever runs the feed,
 * any instance can answer /api/market/* and send /ws snapshots.
 */
export function createMarketView(bus: Bus) {
  const tickers = new Map<string, Ticker>();
  const depths = new Map<string, Depth>();
  const feedDepths = new Map<string, Depth>();
  const trades = new Map<string, Trade[]>();
  const candles = new Map<string, Candle>();
  const unsubscribers = new Map<string, (() => void)[]>();
  let lastUpdate = 0;

  return {
    /** Starts following these instruments (and stops following the ones no longer listed). */
    track(codes: string[]) {
      for (const [code, offs] of unsubscribers) {
        if (!codes.includes(code)) {
          for (const off of offs) off();
          unsubscribers.delete(code);
        }
      }
      for (const code of codes) {
        if (unsubscribers.has(code)) continue;
        const offs = [
          bus.subscribe(`price:${code}`, (m) => {
            tickers.set(code, m as Ticker);
            lastUpdate = Date.now();
          }),
          bus.subscribe(`depth:${code}`, (m) => depths.set(code, m as Depth)),
          // Each contract's own book (the one trading now of each type).
          ...CONTRACT_TYPES.map((type) =>
            bus.subscribe(`depth:${code}:${type}`, (m) => depths.set(`${code}:${type}`, m as Depth)),
          ),
          bus.subscribe(`feeddepth:${code}`, (m) => feedDepths.set(code, m as Depth)),
          bus.subscribe(`trades:${code}`, (m) => {
            const list = [...(m as Trade[]).slice().reverse(), ...(trades.get(code) ?? [])];
            trades.set(code, list.slice(0, KEEP_TRADES));
          }),
          ...INTERVALS.map((interval) =>
            bus.subscribe(`kline:${code}:${interval}`, (m) =>
              candles.set(`${code}:${interval}`, m as Candle),
            ),
          ),
        ];
        unsubscribers.set(code, offs);
      }
    },
    ticker: (code: string) => tickers.get(code),
    tickers: () => [...tickers.values()],
    /**
     * The public book: the reference feed's with the customers' resting orders in it; the spot
     * market's, or a contract's (the one of that type trading now).
     */
    depth: (code: string, contractType?: ContractType) =>
      depths.get(contractType ? `${code}:${contractType}` : code),
    /** The reference feed's own book: what the platform's liquidity account quotes. */
    feedDepth: (code: string) => feedDepths.get(code),
    /** Newest first. */
    trades: (code: string) => trades.get(code) ?? [],
    candle: (code: string, interval: string) => candles.get(`${code}:${interval}`),
    /** When a price last arrived (ms), to tell a stalled feed. */
    lastUpdate: () => lastUpdate,
    close() {
      for (const offs of unsubscribers.values()) for (const off of offs) off();
      unsubscribers.clear();
    },
  };
}
export type MarketView = ReturnType<typeof createMarketView>;
