import type { Candle } from "../../platform/contract/market.ts";
import type { FeedEvents, FeedInstrument, MarketFeed } from "../../platform/market/feed.ts";

/**
 * A market the test drives: `set(code, price)` prints a trade at that price and a book around
 * it (best ask `price + spread`, best bid `price − spread`), at once.
 */
export function createScriptedFeed(start: Record<string, number> = {}) {
  let events: FeedEvents | undefined;
  const instruments = new Map<string, FeedInstrument>();
  let spread = 0;
  const set = (code: string, price: number) => {
    const instrument = instruments.get(code);
    if (!events || !instrument) throw new Error(`the feed does not run ${code}`);
    const p = instrument.pricePrecision;
    const time = Date.now();
    events.trades(code, [{ price: price.toFixed(p), amount: "1", direction: "buy", time }]);
    const levels = (sign: 1 | -1) =>
      Array.from(
        { length: 20 },
        (_, i) => [Number((price + sign * (spread + i * 10 ** -p)).toFixed(p)), 100] as [number, number],
      );
    events.depth(code, levels(1), levels(-1), time);
  };
  const feed: MarketFeed & {
    set(code: string, price: number): void;
    setSpread(value: number): void;
    tick(): void;
  } = {
    source: "sim",
    async history(): Promise<Candle[]> {
      return [];
    },
    async start(list, handlers) {
      events = handlers;
      for (const i of list) instruments.set(i.code, i);
      for (const [code, price] of Object.entries(start)) set(code, price);
    },
    async stop() {
      events = undefined;
    },
    set,
    setSpread(value) {
      spread = value;
    },
    /** Re-prints the last prices (keeps them fresh for a test that waits). */
    tick() {},
  };
  return feed;
}
