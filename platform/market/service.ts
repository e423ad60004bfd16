import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Candle, InstrumentView, Interval } from "../contract/market.ts";
import type { Db } from "../db/client.ts";
import { memoByDb } from "../db/memo.ts";
import { fieldError } from "../http/errors.ts";
import type { FeedInstrument } from "./feed.ts";
import { favorites, instruments, klines } from "./tables.ts";
import type { MarketView } from "./view.ts";

// The listed instruments are on nearly every page (markets, home, tickers): read once a minute,
// at once after seedInstruments() writes them.
export const listedInstruments = memoByDb(60_000, (db) => queryInstruments(db, false));

export async function listInstruments(
  db: Db,
  options: { includePaused?: boolean } = {},
): Promise<InstrumentView[]> {
  if (options.includePaused) return queryInstruments(db, true);
  return [...(await listedInstruments.get(db))];
}

async function queryInstruments(db: Db, includePaused: boolean): Promise<InstrumentView[]> {
  const rows = await db
    .select()
    .from(instruments)
    .where(includePaused ? undefined : eq(instruments.status, "active"))
    .orderBy(asc(instruments.sort), asc(instruments.code));
  return rows.map((i) => ({
    code: i.code,
    base: i.base,
    quote: i.quote,
    price_precision: i.pricePrecision,
    amount_precision: i.amountPrecision,
    status: i.status,
  }));
}

/** The feed's view of the listed instruments: each resumes from its last stored price. */
export async function feedInstruments(db: Db): Promise<FeedInstrument[]> {
  const rows = await db
    .select()
    .from(instruments)
    .where(eq(instruments.status, "active"))
    .orderBy(asc(instruments.sort));
  const last = await newestCandles(
    db,
    rows.map((i) => i.code),
    ["1m"],
  );
  return rows.map((i) => ({
    code: i.code,
    pricePrecision: i.pricePrecision,
    startPrice: Number(last.get(`${i.code}|1m`)?.close ?? i.simPrice),
    volatility: Number(i.simVolatility),
    binanceSymbol: i.binanceSymbol,
  }));
}

export type StoredCandle = {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
};

/**
 * The newest stored candle of each of these markets in each of these intervals, by
 * `code|interval`, in one statement: a start-up reads one per market and interval, and on the
 * embedded database each statement of its own cost a round trip through the database's thread
 * (a restart spent about half a second on them before the feed could publish). Each pair is
 * still one backward step on the primary key (code, interval, open_time).
 */
export async function newestCandles(
  db: Db,
  codes: string[],
  intervals: readonly Interval[],
): Promise<Map<string, StoredCandle>> {
  const pairs = codes.flatMap((code) => intervals.map((interval) => ({ code, interval })));
  const out = new Map<string, StoredCandle>();
  if (pairs.length === 0) return out;
  // Times as epoch milliseconds and amounts as text: the same values from PGlite and from
  // node-postgres (whose drivers parse raw timestamps differently).
  const { rows } = (await db.execute(sql`
    select p.code, p.interval, (extract(epoch from k.open_time) * 1000)::float8 as open_ms,
           k.open::text as open, k.high::text as high, k.low::text as low, k.close::text as close,
           k.volume::text as volume
      from unnest(${sql.param(pairs.map((p) => p.code))}::text[],
                  ${sql.param(pairs.map((p) => p.interval))}::text[]) as p(code, interval)
      cross join lateral (
        select open_time, open, high, low, close, volume from ${klines}
         where ${klines.code} = p.code and ${klines.interval} = p.interval
         order by ${klines.openTime} desc limit 1) k`)) as unknown as {
    rows: ({ code: string; interval: string; open_ms: number | string } & Omit<StoredCandle, "openTime">)[];
  };
  for (const r of rows)
    out.set(`${r.code}|${r.interval}`, {
      openTime: Number(r.open_ms),
      open: r.open,
      high: r.high,
      low: r.low,
      close: r.close,
      volume: r.volume,
    });
  return out;
}

/**
 * The listed instrument of this code, or a field error. Read from the listed instruments kept in
 * memory (the market's screens ask on every page); a code not among them is looked up, as it may
 * have been listed a moment ago on another instance.
 */
export async function requireInstrument(db: Db, code: string, field = "code") {
  const wanted = code.toLowerCase();
  const listed = (await listedInstruments.get(db)).find((i) => i.code === wanted);
  if (listed) return { code: listed.code, status: listed.status };
  const [row] = await db
    .select({ code: instruments.code, status: instruments.status })
    .from(instruments)
    .where(eq(instruments.code, wanted))
    .limit(1);
  if (row?.status !== "active") throw fieldError(field, "market.unknown_instrument");
  return row;
}

/**
 * Up to `limit` candles ending now, oldest first: stored history plus the candle in progress
 * (from the live view, which is newer than what was last saved).
 */
export async function candleHistory(
  db: Db,
  view: MarketView,
  code: string,
  interval: Interval,
  limit: number,
  before?: number,
): Promise<Candle[]> {
  const rows = await db
    .select()
    .from(klines)
    .where(
      and(
        eq(klines.code, code),
        eq(klines.interval, interval),
        before ? lt(klines.openTime, new Date(before * 1000)) : undefined,
      ),
    )
    .orderBy(desc(klines.openTime))
    .limit(limit);
  const candles: Candle[] = rows.reverse().map((k) => ({
    time: Math.floor(k.openTime.getTime() / 1000),
    open: k.open,
    high: k.high,
    low: k.low,
    close: k.close,
    volume: k.volume,
  }));
  const live = before ? undefined : view.candle(code, interval);
  if (live) {
    const last = candles[candles.length - 1];
    if (last && last.time === live.time) candles[candles.length - 1] = live;
    else if (!last || live.time > last.time) candles.push(live);
    if (candles.length > limit) candles.shift();
  }
  return candles;
}

export async function listFavorites(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ code: favorites.code })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt));
  return rows.map((r) => r.code);
}

export async function setFavorite(db: Db, userId: number, code: string, on: boolean) {
  await requireInstrument(db, code);
  if (on) await db.insert(favorites).values({ userId, code: code.toLowerCase() }).onConflictDoNothing();
  else
    await db
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.code, code.toLowerCase())));
  return listFavorites(db, userId);
}

/** Keeps only codes of listed instruments (favorites kept by anonymous visitors in a cookie). */
export async function knownCodes(db: Db, codes: string[]) {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: instruments.code })
    .from(instruments)
    .where(inArray(instruments.code, codes));
  const known = new Set(rows.map((r) => r.code));
  return codes.filter((c) => known.has(c));
}
