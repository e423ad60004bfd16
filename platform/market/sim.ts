import { type Candle, INTERVAL_MS, type Trade } from "../contract/market.ts";
import { bucketStart } from "./candles.ts";
import type { FeedEvents, FeedInstrument, MarketFeed, RawLevel } from "./feed.ts";
import { normal, seededRandom } from "./random.ts";

const YEAR_MS = 365 * 86_400_000;

/** Roughly how much of each coin trades per second, in USDT, so volumes look like the real ones. */
const NOTIONAL_PER_SECOND: Record<string, number> = {
  "btc/usdt": 25_000,
  "eth/usdt": 12_000,
  "sol/usdt": 6_000,
  "xrp/usdt": 5_000,
  "pepe/usdt": 2_500,
  "ltc/usdt": 1_200,
  "bch/usdt": 1_000,
  "ada/usdt": 1_500,
  "trx/usdt": 1_200,
  "dot/usdt": 800,
};

type State = { instrument: FeedInstrument; price: number; tick: number };

export function tickSize(precision: number) {
  return 10 ** -precision;
}

const roundToTick = (value: number, tick: number) => Math.max(tick, Math.round(value / tick) * tick);

/**
 * A market without a network: each price is a geometric random walk with its coin's own
 * volatility, a 20-level book sits around it, and trades print every second.
 */
export function createSimulator(
  options: { seed?: number; intervalMs?: number; now?: () => number } = {},
): MarketFeed {
  const random = seededRandom(options.seed ?? Date.now());
  const now = options.now ?? Date.now;
  const stepMs = options.intervalMs ?? 1000;
  const states = new Map<string, State>();
  let timer: ReturnType<typeof setInterval> | undefined;

  function step(state: State, dtMs: number, events: FeedEvents, time: number) {
    const { instrument } = state;
    const sigma = instrument.volatility;
    const dt = dtMs / YEAR_MS;
    const drift = -0.5 * sigma * sigma * dt;
    // Fat tails now and then, as real markets have.
    const shock = random() < 0.002 ? normal(random) * 6 : normal(random);
    const next = state.price * Math.exp(drift + sigma * Math.sqrt(dt) * shock);
    const previous = state.price;
    state.price = roundToTick(next, state.tick);

    const notional = NOTIONAL_PER_SECOND[instrument.code] ?? 400;
    const count = 1 + Math.floor(random() * 4);
    const trades: Trade[] = [];
    for (let i = 0; i < count; i++) {
      const amount = (notional / count / state.price) * Math.exp(normal(random) * 0.8 - 0.3);
      const direction =
        state.price > previous ? (random() < 0.7 ? "buy" : "sell") : random() < 0.7 ? "sell" : "buy";
      trades.push({
        price: state.price.toFixed(instrument.pricePrecision),
        amount: amount.toFixed(6),
        direction,
        time: time - (count - 1 - i) * 10,
      });
    }
    events.trades(instrument.code, trades);
    const [asks, bids] = book(state);
    events.depth(instrument.code, asks, bids, time);
  }

  function book(state: State): [RawLevel[], RawLevel[]] {
    const { price, tick } = state;
    const halfSpread = Math.max(tick, roundToTick(price * 0.00005, tick));
    const asks: RawLevel[] = [];
    const bids: RawLevel[] = [];
    let ask = price + halfSpread;
    let bid = Math.max(tick, price - halfSpread);
    const levelNotional = (NOTIONAL_PER_SECOND[state.instrument.code] ?? 400) * 4;
    for (let i = 0; i < 20; i++) {
      asks.push([
        roundToTick(ask, tick),
        (levelNotional / price) * Math.exp(normal(random) * 0.7) * (1 + i / 10),
      ]);
      bids.push([
        roundToTick(bid, tick),
        (levelNotional / price) * Math.exp(normal(random) * 0.7) * (1 + i / 10),
      ]);
      const gap = Math.max(tick, roundToTick(price * 0.00012 * (0.5 + random()), tick));
      ask += gap;
      bid = Math.max(tick, bid - gap);
    }
    return [asks, bids];
  }

  return {
    source: "sim",

    /**
     * Candles for the `limit` intervals up to `endTime`, walking backwards from the instrument's
     * current price so that history joins the live price without a jump.
     */
    async history(instrument, interval, limit, endTime) {
      const size = INTERVAL_MS[interval];
      const tick = tickSize(instrument.pricePrecision);
      const sigma = instrument.volatility * Math.sqrt(size / YEAR_MS);
      const notional = (NOTIONAL_PER_SECOND[instrument.code] ?? 400) * (size / 1000);
      const candles: Candle[] = [];
      let close = instrument.startPrice;
      let openTime = bucketStart(interval, endTime) - size;
      for (let i = 0; i < limit; i++) {
        const open = Math.max(tick, close * Math.exp(-sigma * normal(random)));
        const spread = Math.abs(normal(random)) * sigma * 0.6;
        const high = Math.max(open, close) * (1 + spread);
        const low = Math.max(tick, Math.min(open, close) * (1 - Math.abs(normal(random)) * sigma * 0.6));
        const volume = (notional / close) * Math.exp(normal(random) * 0.4);
        candles.push({
          time: Math.floor(openTime / 1000),
          open: roundToTick(open, tick).toFixed(instrument.pricePrecision),
          high: roundToTick(high, tick).toFixed(instrument.pricePrecision),
          low: roundToTick(low, tick).toFixed(instrument.pricePrecision),
          close: roundToTick(close, tick).toFixed(instrument.pricePrecision),
          volume: volume.toFixed(3),
        });
        close = open;
        openTime -= size;
      }
      return candles.reverse();
    },

    async start(instruments, events) {
      for (const instrument of instruments) {
        const tick = tickSize(instrument.pricePrecision);
        states.set(instrument.code, { instrument, price: roundToTick(instrument.startPrice, tick), tick });
      }
      let last = now();
      const run = () => {
        const time = now();
        const dt = Math.max(1, time - last);
        last = time;
        for (const state of states.values()) step(state, dt, events, time);
      };
      run();
      timer = setInterval(run, stepMs);
      timer.unref?.();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      states.clear();
    },
  };
}
