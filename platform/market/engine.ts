import Decimal from "decimal.js";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Bus, Subscription } from "../bus/bus.ts";
import { CONTRACT_TYPES, type ContractType, currentContract } from "../contract/contract-types.ts";
import { type LiquidityTerms, limitsOf, liquidityLevels, onTheGrid } from "../contract/liquidity.ts";
import {
  type Candle,
  type Depth,
  type DepthLevel,
  INTERVAL_MS,
  INTERVALS,
  type Interval,
  type Ticker,
  type Trade,
} from "../contract/market.ts";
import { QUANTITY_PRECISION, truncateDecimal } from "../contract/precision.ts";
import { priceOf, quantityOf, unitsOf } from "../contract/units.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { addTrade, bucketStart, type LiveCandle, toCandle } from "./candles.ts";
import type { FeedInstrument, MarketFeed, RawLevel } from "./feed.ts";
import { newestCandles } from "./service.ts";
import { klines } from "./tables.ts";

export const BACKFILL = 600;

/**
 * Gives the event loop back: on the embedded database a statement runs on this thread and settles
 * in the same turn, so back-to-back statements would hold every request until the last one.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const DAY_MS = 86_400_000;

type Book = {
  code: string;
  precision: number;
  candles: Map<Interval, LiveCandle>;
  dayCandles: LiveCandle[];
  price?: number;
  stats?: { change: string; high: string; low: string; volume: string };
  /**
   * The liquidity's quotes from the feed's last book, as they stand on the market's books (the
   * operator's limits applied, on the grid), before the customers' orders are merged in.
   */
  quoted?: { asks: RawLevel[]; bids: RawLevel[]; time: number };
};

/**
 * The liquidity's quotes on a market's books (`liquidityLevels`, `onTheGrid`), as levels of the
 * public book; a market without trading terms shows the feed's levels as they came.
 */
export function quotedLevels(
  code: string,
  asks: RawLevel[],
  bids: RawLevel[],
  terms: LiquidityTerms | undefined,
): { asks: RawLevel[]; bids: RawLevel[] } {
  if (!terms) return { asks, bids };
  const units = unitsOf(code, terms.quantityStep);
  const strings = (levels: RawLevel[]) =>
    levels.map(([price, size]) => ({ price: String(price), totalSize: String(size) }));
  const levels = liquidityLevels({ asks: strings(asks), bids: strings(bids) }, limitsOf(terms));
  const numbers = (grid: [number, number][]) =>
    grid.map(
      ([ticks, lots]): RawLevel => [priceOf(ticks, units).toNumber(), quantityOf(lots, units).toNumber()],
    );
  return {
    asks: numbers(onTheGrid(levels.asks, "sell", units)),
    bids: numbers(onTheGrid(levels.bids, "buy", units)),
  };
}

/**
 * Customers' resting orders on one book, summed per price, as the matching engine publishes them
 * on `book:<book>` (a spot market's code, or a contract's book name).
 */
export type CustomerLevels = { bids: [number, number][]; asks: [number, number][] };

/** A contract trading now and its book's name (see `currentContract`). */
type Contract = ReturnType<typeof currentContract>;

const PUBLIC_LEVELS = 20;
/**
 * How long the liquidity's terms are kept before the feed's next tick reads them again (one
 * small read on the leader; a market still without terms, just seeded, is asked for sooner).
 */
const TERMS_MS = 3000;
const MISSING_TERMS_MS = 500;

/**
 * The feed's levels with the customers' added: quantities at the same price summed, the rest
 * placed in price order (asks rising, bids falling), the best `PUBLIC_LEVELS` kept.
 */
export function mergeLevels(feed: RawLevel[], own: [number, number][] | undefined, side: "buy" | "sell") {
  if (!own || own.length === 0) return feed;
  const sizes = new Map<number, number>();
  for (const [price, size] of [...feed, ...own]) sizes.set(price, (sizes.get(price) ?? 0) + size);
  return [...sizes]
    .sort((a, b) => (side === "sell" ? a[0] - b[0] : b[0] - a[0]))
    .slice(0, PUBLIC_LEVELS) as RawLevel[];
}

/**
 * A public book: the feed's levels with one book's customer orders merged in; a contract's says
 * which contract it is (the feed's levels are the same for every book of a coin: the liquidity
 * quotes them into each).
 */
export function publicDepth(
  code: string,
  precision: number,
  feed: { asks: RawLevel[]; bids: RawLevel[]; time: number },
  own: CustomerLevels | undefined,
  contract?: { type: ContractType; expiry: number | null },
): Depth {
  return {
    code,
    ...(contract && {
      contract_type: contract.type,
      expiry: contract.expiry === null ? null : new Date(contract.expiry).toISOString(),
    }),
    asks: depthLevels(mergeLevels(feed.asks, own?.asks, "sell"), precision),
    bids: depthLevels(mergeLevels(feed.bids, own?.bids, "buy"), precision),
    time: feed.time,
  };
}

/** Cumulative totals down the book (spec §3: "a cumulative total is added per entry"). */
export function depthLevels(levels: RawLevel[], precision: number): DepthLevel[] {
  let total = 0;
  return levels.map(([price, size]) => {
    total += size;
    return {
      price: price.toFixed(precision),
      totalSize: truncateDecimal(size.toFixed(8), QUANTITY_PRECISION),
      total: truncateDecimal(total.toFixed(8), QUANTITY_PRECISION),
    };
  });
}

/** 24 h change, high, low and volume from the 5-minute candles of the last day. */
export function dayStats(candles: LiveCandle[], price: number, now: number) {
  const since = now - DAY_MS;
  const window = candles.filter((c) => c.openTime + INTERVAL_MS["5m"] > since);
  if (window.length === 0) return { change: "0", high: String(price), low: String(price), volume: "0" };
  const open = window[0]?.open ?? price;
  let high = price;
  let low = price;
  let volume = 0;
  for (const c of window) {
    high = Math.max(high, c.high);
    low = Math.min(low, c.low);
    volume += c.volume;
  }
  return {
    change: open > 0 ? (((price - open) / open) * 100).toFixed(4) : "0",
    high: String(high),
    low: String(low),
    volume: volume.toFixed(3),
  };
}

/**
 * Runs on the feed leader only: turns a feed's trades and books into candles (kept in the
 * database), 24 h figures and depth totals, and publishes them on the bus for every instance.
 */
export function createMarketEngine(options: {
  db: Db;
  bus: Bus;
  logger: Logger;
  feed: MarketFeed;
  cnyRate: string;
  /**
   * Each market's terms for the liquidity's quotes (trading's, handed in by the platform); the
   * public book shows the quotes as the engine places them. Read at start, then again every few
   * seconds as the feed ticks (an operator's change shows within `TERMS_MS`).
   */
  liquidityTerms?: () => Promise<ReadonlyMap<string, LiquidityTerms>>;
  now?: () => number;
}) {
  const { db, bus, logger, feed } = options;
  const now = options.now ?? Date.now;
  let terms: ReadonlyMap<string, LiquidityTerms> = new Map();
  let termsAt = Number.NEGATIVE_INFINITY;
  let readingTerms: Promise<void> | undefined;
  function readTerms() {
    if (!options.liquidityTerms || readingTerms) return readingTerms;
    termsAt = now();
    readingTerms = options
      .liquidityTerms()
      .then((read) => {
        terms = read;
      })
      .catch((error) => logger.warn({ err: error }, "reading the liquidity's terms failed"))
      .finally(() => {
        readingTerms = undefined;
      });
    return readingTerms;
  }
  const books = new Map<string, Book>();
  const closed: { code: string; interval: Interval; candle: LiveCandle }[] = [];
  let flushTimer: ReturnType<typeof setInterval> | undefined;
  let lastEventAt = 0;

  /**
   * What each instrument's history lacks, found at start (before the live feed writes newer
   * candles) and filled after the server answers: `backfill` runs them in the background, and
   * `historyOf` fills one market's first when a chart asks for it before its turn.
   */
  const gaps = new Map<
    string,
    { instrument: FeedInstrument; missing: [Interval, number][]; endTime: number }
  >();
  const filling = new Map<string, Promise<void>>();
  let backfilling: Promise<void> | undefined;
  let stopped = false;

  /**
   * Every instrument's book as stored: the candles in progress and the last day's 5-minute ones,
   * read for all of them at once (a few statements, not one per market and interval: see
   * newestCandles), and what each one's history lacks.
   */
  async function loadBooks(instruments: FeedInstrument[]): Promise<Book[]> {
    const codes = instruments.map((i) => i.code);
    const newest = await newestCandles(db, codes, INTERVALS);
    const days = await storedDays(codes);
    return instruments.map((instrument) => {
      const book: Book = {
        code: instrument.code,
        precision: instrument.pricePrecision,
        candles: new Map(),
        dayCandles: days.get(instrument.code) ?? [],
      };
      const missingOf: [Interval, number][] = [];
      for (const interval of INTERVALS) {
        const last = newest.get(`${instrument.code}|${interval}`);
        const current = bucketStart(interval, now());
        const missing = last
          ? Math.min(BACKFILL, Math.floor((current - last.openTime) / INTERVAL_MS[interval]) - 1)
          : BACKFILL;
        if (missing > 0) missingOf.push([interval, missing]);
        if (last && last.openTime === current) {
          book.candles.set(interval, {
            openTime: current,
            open: Number(last.open),
            high: Number(last.high),
            low: Number(last.low),
            close: Number(last.close),
            volume: Number(last.volume),
          });
        }
      }
      if (missingOf.length > 0) gaps.set(instrument.code, { instrument, missing: missingOf, endTime: now() });
      return book;
    });
  }

  /** The stored 5-minute candles of the last day, oldest first (the 24 h figures' window). */
  async function storedDay(code: string): Promise<LiveCandle[]> {
    return (await storedDays([code])).get(code) ?? [];
  }

  /** storedDay of several markets in one statement, by code. */
  async function storedDays(codes: string[]): Promise<Map<string, LiveCandle[]>> {
    const out = new Map<string, LiveCandle[]>();
    if (codes.length === 0) return out;
    const day = await db
      .select()
      .from(klines)
      .where(
        and(
          inArray(klines.code, codes),
          eq(klines.interval, "5m"),
          gte(klines.openTime, new Date(now() - DAY_MS - INTERVAL_MS["5m"])),
        ),
      )
      .orderBy(klines.code, klines.openTime);
    for (const k of day) {
      const candles = out.get(k.code) ?? [];
      out.set(k.code, candles);
      candles.push({
        openTime: k.openTime.getTime(),
        open: Number(k.open),
        high: Number(k.high),
        low: Number(k.low),
        close: Number(k.close),
        volume: Number(k.volume),
      });
    }
    return out;
  }

  /** One market's missing history, once: the candles before the live feed's first, then its day. */
  function fill(code: string): Promise<void> {
    const gap = gaps.get(code);
    if (!gap) return Promise.resolve();
    let done = filling.get(code);
    if (!done) {
      done = (async () => {
        for (const [interval, missing] of gap.missing) {
          if (stopped) return;
          await nextTurn();
          const history = await feed.history(gap.instrument, interval, missing, gap.endTime);
          // Never over a candle the live feed has closed meanwhile: it saw the real trades.
          await saveRows(
            history.map((candle) => ({ code, interval, candle })),
            "keep",
          );
        }
        const book = books.get(code);
        if (book) {
          // The day's stored candles, with the ones closed live since start in their place.
          const live = new Map(book.dayCandles.map((c) => [c.openTime, c]));
          const merged = new Map((await storedDay(code)).map((c) => [c.openTime, c]));
          for (const [time, candle] of live) merged.set(time, candle);
          book.dayCandles = [...merged.values()].sort((a, b) => a.openTime - b.openTime);
        }
        gaps.delete(code);
      })().catch((error) => {
        filling.delete(code);
        logger.error({ err: error, code }, "back-filling candles failed");
      });
      filling.set(code, done);
    }
    return done;
  }

  // Many candles per statement: one round trip instead of one per instrument and interval
  // (on the embedded database every statement holds up the pages being served meanwhile). The
  // rows go as eight array parameters unnested by the database: building a 500-row VALUES list
  // through the query builder cost more CPU than the database's own work (a fresh start's
  // back-fill spent seconds in drizzle's per-value checks).
  async function saveRows(
    items: { code: string; interval: Interval; candle: Candle }[],
    onConflict: "update" | "keep" = "update",
  ) {
    for (let i = 0; i < items.length; i += 500) {
      if (i > 0) await nextTurn();
      const batch = items.slice(i, i + 500);
      if (batch.length === 0) continue;
      // One parameter holding the array (a bare array in a sql`` template becomes a list).
      const column = (pick: (item: (typeof batch)[number]) => string) => sql.param(batch.map(pick));
      const rows = sql`select * from unnest(
        ${column((r) => r.code)}::text[], ${column((r) => r.interval)}::text[],
        ${column((r) => new Date(r.candle.time * 1000).toISOString())}::timestamptz[],
        ${column((r) => r.candle.open)}::numeric[], ${column((r) => r.candle.high)}::numeric[],
        ${column((r) => r.candle.low)}::numeric[], ${column((r) => r.candle.close)}::numeric[],
        ${column((r) => r.candle.volume)}::numeric[])`;
      await db.execute(
        onConflict === "keep"
          ? sql`insert into ${klines} (code, interval, open_time, open, high, low, close, volume) ${rows}
              on conflict (code, interval, open_time) do nothing`
          : sql`insert into ${klines} (code, interval, open_time, open, high, low, close, volume) ${rows}
              on conflict (code, interval, open_time) do update set open = excluded.open,
              high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`,
      );
    }
  }

  /** Closed candles and the open ones are written every few seconds, so a restart loses little. */
  async function flush() {
    // One row per candle: a closed candle and the open one never share an open time.
    const rows = new Map<string, { code: string; interval: Interval; candle: Candle }>();
    const take = (code: string, interval: Interval, c: LiveCandle, precision: number) => {
      const candle = toCandle(c, precision);
      rows.set(`${code}|${interval}|${candle.time}`, { code, interval, candle });
    };
    for (const item of closed.splice(0))
      take(item.code, item.interval, item.candle, books.get(item.code)?.precision ?? 4);
    for (const book of books.values()) {
      for (const [interval, candle] of book.candles) take(book.code, interval, candle, book.precision);
    }
    await saveRows([...rows.values()]);
  }

  function publishTicker(book: Book, time: number) {
    if (book.price === undefined) return;
    const stats = book.stats ?? dayStats(book.dayCandles, book.price, time);
    const price = book.price.toFixed(book.precision);
    const ticker: Ticker = {
      code: book.code,
      price,
      cnyPrice: new Decimal(price).mul(options.cnyRate).toFixed(4, Decimal.ROUND_DOWN),
      change: truncateDecimal(stats.change, 2),
      high: truncateDecimal(stats.high, book.precision),
      low: truncateDecimal(stats.low, book.precision),
      volume: truncateDecimal(stats.volume, 3),
      time,
    };
    void bus.publish(`price:${book.code}`, ticker);
  }

  function onTrades(code: string, incoming: Trade[]) {
    const book = books.get(code);
    if (!book || incoming.length === 0) return;
    // Every source publishes at the instrument's precision (Binance sends 8 decimals).
    const trades = incoming.map((t) => ({
      ...t,
      price: truncateDecimal(t.price, book.precision),
      amount: truncateDecimal(t.amount, 6),
    }));
    lastEventAt = now();
    for (const trade of trades) {
      const price = Number(trade.price);
      const amount = Number(trade.amount);
      for (const interval of INTERVALS) {
        const result = addTrade(book.candles.get(interval), interval, trade.time, price, amount);
        book.candles.set(interval, result.current);
        if (result.closed) {
          closed.push({ code, interval, candle: result.closed });
          if (interval === "5m") {
            book.dayCandles.push(result.closed);
            const since = trade.time - DAY_MS - INTERVAL_MS["5m"];
            while ((book.dayCandles[0]?.openTime ?? Number.POSITIVE_INFINITY) < since)
              book.dayCandles.shift();
          }
        }
      }
      book.price = price;
    }
    const last = trades[trades.length - 1] as Trade;
    void bus.publish(`trades:${code}`, trades);
    for (const interval of INTERVALS) {
      const candle = book.candles.get(interval);
      if (candle) void bus.publish(`kline:${code}:${interval}`, toCandle(candle, book.precision));
    }
    // The 24 h window includes the 5-minute candle in progress.
    const five = book.candles.get("5m");
    const withCurrent = five ? { ...book, dayCandles: [...book.dayCandles, five] } : book;
    publishTicker(withCurrent as Book, last.time);
  }

  /**
   * Customers' resting orders per book (a spot market's code, or a contract's book name), as the
   * matching engine last published them, and the subscriptions to them.
   */
  const customers = new Map<string, CustomerLevels>();
  const customerSubscriptions = new Map<string, Subscription>();

  function publishPublicDepth(book: Book) {
    if (!book.quoted) return;
    void bus.publish(
      `depth:${book.code}`,
      publicDepth(book.code, book.precision, book.quoted, customers.get(book.code)),
    );
  }

  /**
   * Each coin's contracts trading now (the perpetual, this weekly and this quarterly), whose
   * books' customer levels are followed; moved on when a delivery contract expires and the next
   * one starts trading.
   */
  const contracts = new Map<string, Contract[]>();
  let contractsUntil = 0;

  function followContracts() {
    const at = now();
    if (at < contractsUntil) return;
    const wanted = new Set<string>();
    contractsUntil = Number.POSITIVE_INFINITY;
    for (const code of books.keys()) {
      wanted.add(code); // the spot book, followed from the start
      const list = CONTRACT_TYPES.map((type) => currentContract(code, type, at));
      contracts.set(code, list);
      for (const contract of list) {
        wanted.add(contract.book);
        if (contract.expiry !== null) contractsUntil = Math.min(contractsUntil, contract.expiry);
        if (customerSubscriptions.has(contract.book)) continue;
        customerSubscriptions.set(
          contract.book,
          bus.subscribe(`book:${contract.book}`, (message) => {
            customers.set(contract.book, message as CustomerLevels);
            const book = books.get(code);
            if (book) publishContractDepth(book, contract);
          }),
        );
      }
    }
    for (const [name, off] of customerSubscriptions) {
      if (wanted.has(name)) continue;
      off();
      customerSubscriptions.delete(name);
      customers.delete(name);
    }
  }

  /** A contract's public book, on `depth:<code>:<contract type>` (the /ws `depth` channel's key). */
  function publishContractDepth(book: Book, contract: Contract) {
    if (!book.quoted) return;
    const own = customers.get(contract.book);
    void bus.publish(
      `depth:${book.code}:${contract.type}`,
      publicDepth(book.code, book.precision, book.quoted, own, contract),
    );
  }

  return {
    async start(instruments: FeedInstrument[]) {
      for (const book of await loadBooks(instruments)) books.set(book.code, book);
      await readTerms();
      for (const { code } of instruments)
        customerSubscriptions.set(
          code,
          bus.subscribe(`book:${code}`, (message) => {
            customers.set(code, message as CustomerLevels);
            const book = books.get(code);
            if (book) publishPublicDepth(book);
          }),
        );
      followContracts();
      await feed.start(instruments, {
        trades: onTrades,
        depth(code, asks, bids, time) {
          const book = books.get(code);
          if (!book) return;
          lastEventAt = now();
          const depth: Depth = {
            code,
            asks: depthLevels(asks, book.precision),
            bids: depthLevels(bids, book.precision),
            time,
          };
          // The reference feed's own book (what the liquidity account quotes), and the public
          // book: the liquidity's quotes of it with the customers' resting orders in them.
          void bus.publish(`feeddepth:${code}`, depth);
          const age = now() - termsAt;
          if (age >= TERMS_MS || (age >= MISSING_TERMS_MS && !terms.has(code))) void readTerms();
          book.quoted = { ...quotedLevels(code, asks, bids, terms.get(code)), time };
          publishPublicDepth(book);
          followContracts();
          for (const contract of contracts.get(code) ?? []) publishContractDepth(book, contract);
        },
        stats(code, stats) {
          const book = books.get(code);
          if (book) book.stats = stats;
        },
      });
      flushTimer = setInterval(() => {
        flush().catch((error) => logger.error({ err: error }, "saving candles failed"));
      }, 5000);
      flushTimer.unref?.();
      logger.info({ source: feed.source, instruments: instruments.length }, "market feed started");
      // History after the server answers (a fresh start back-fills about 80,000 candles): one
      // market at a time, so pages served meanwhile wait behind one statement at most.
      stopped = false;
      backfilling = (async () => {
        for (const { code } of instruments) if (!stopped) await fill(code);
        if (!stopped && gaps.size === 0) logger.info("market history back-filled");
      })();
    },
    /** Resolves once `code`'s history is complete (at once off the leader, or when it already is). */
    historyOf: (code: string) => fill(code),
    async stop() {
      stopped = true;
      await backfilling;
      await Promise.all(filling.values());
      filling.clear();
      gaps.clear();
      if (flushTimer) clearInterval(flushTimer);
      for (const off of customerSubscriptions.values()) off();
      customerSubscriptions.clear();
      customers.clear();
      contracts.clear();
      contractsUntil = 0;
      await feed.stop();
      await flush().catch(() => {});
      books.clear();
    },
    lastEventAt: () => lastEventAt,
  };
}
export type MarketEngine = ReturnType<typeof createMarketEngine>;
