import { and, asc, desc, eq, gte, lte } from "drizzle-orm";
import type { Interval } from "../contract/market.ts";
import type { Db } from "../db/client.ts";
import { instruments, klines } from "./tables.ts";

// Reads of the market for other domains (trading, alerts), as functions; the tables stay the
// market's own (see docs/decisions/boundaries.md).

/** Every instrument's code and listing status, listed or not. */
export async function instrumentStatuses(db: Db) {
  return db.select({ code: instruments.code, status: instruments.status }).from(instruments);
}

/**
 * Every instrument's listing (or one's, by code), paused ones too, in the market's order: the
 * console's instrument list (trading adds its terms).
 */
export async function instrumentListings(db: Db, code?: string) {
  return db
    .select({
      code: instruments.code,
      status: instruments.status,
      pricePrecision: instruments.pricePrecision,
    })
    .from(instruments)
    .where(code ? eq(instruments.code, code) : undefined)
    .orderBy(asc(instruments.sort), asc(instruments.code));
}

/**
 * Pauses or resumes an instrument and sets its price precision, in the caller's transaction; the
 * caller drops `listedInstruments` once committed.
 */
export async function setInstrumentListing(
  db: Db,
  code: string,
  change: { status: "active" | "paused"; pricePrecision: number },
) {
  await db.update(instruments).set(change).where(eq(instruments.code, code));
}

/** Whether the market has an instrument of this code (in any status). */
export async function instrumentExists(db: Db, code: string): Promise<boolean> {
  const [listed] = await db
    .select({ code: instruments.code })
    .from(instruments)
    .where(eq(instruments.code, code));
  return listed !== undefined;
}

/** The latest candle of an interval that opened within [from, to], if any. */
export async function latestCandleBetween(db: Db, code: string, interval: Interval, from: Date, to: Date) {
  const [candle] = await db
    .select({ close: klines.close, openTime: klines.openTime })
    .from(klines)
    .where(
      and(
        eq(klines.code, code),
        eq(klines.interval, interval),
        lte(klines.openTime, to),
        gte(klines.openTime, from),
      ),
    )
    .orderBy(desc(klines.openTime))
    .limit(1);
  return candle;
}

/** Every instrument's 1-minute candle opens since `from`, oldest first. */
export async function minuteOpensSince(db: Db, from: Date) {
  return db
    .select({ code: klines.code, openTime: klines.openTime, open: klines.open })
    .from(klines)
    .where(and(eq(klines.interval, "1m"), gte(klines.openTime, from)))
    .orderBy(asc(klines.openTime));
}
