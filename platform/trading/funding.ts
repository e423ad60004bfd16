import Decimal from "decimal.js";
import { and, asc, eq, gte, isNull, lte, max, or, sql } from "drizzle-orm";
import { INTERVAL_MS, INTERVALS } from "../contract/intervals.ts";
import type { Db } from "../db/client.ts";
import { balanceOf, post } from "../ledger/index.ts";
import type { Logger } from "../logger.ts";
import { latestCandleBetween } from "../market/index.ts";
import { inTransaction, type TradingDeps } from "./contracts.ts";
import * as math from "./math.ts";
import { fundingPayments, fundingRounds, fundingTimes, positions } from "./tables.ts";

const D = (v: Decimal.Value) => new Decimal(v);

/**
 * How long after a funding time the job waits before working it out: candles are saved every
 * few seconds, and the last price before the funding time must be among them.
 */
export const FUNDING_GRACE_MS = 10_000;

/** How far back the mark may come from: a market with no price for a whole interval pays no funding. */
const MARK_LOOKBACK_MS = math.FUNDING_INTERVAL_MS;

/**
 * The funding job's pass. Funding is due at every funding time T (00:00, 08:00 and 16:00 UTC):
 * each perpetual position open at T (opened at or before T and not closed before it) pays or
 * receives notional × rate, with the quantity it held at T and the mark at T (the last price
 * before T, from the recorded candles), at the rate the open interest at T gives. Every funding
 * time since the last one worked out is worked out, oldest first, so times missed while the job
 * was down are each charged once; a time is done once all its positions are. Exactly once per
 * position and time under two runners and restarts: the payment row is unique per position and
 * time, and the mark and rate of a time are fixed by the first runner to reach it.
 */
export async function payFunding(
  deps: TradingDeps,
  now: number = deps.now?.() ?? Date.now(),
  logger?: Logger,
) {
  const interval = math.FUNDING_INTERVAL_MS;
  const last = Math.floor((now - FUNDING_GRACE_MS) / interval) * interval;
  const [reached] = await deps.db.select({ latest: max(fundingTimes.fundingTime) }).from(fundingTimes);
  const latest = reached?.latest ? new Date(reached.latest).getTime() : undefined;
  // The first pass ever starts at the latest time: there is nothing before it to catch up.
  const fresh: Date[] = [];
  for (let t = latest === undefined ? last : latest + interval; t <= last; t += interval)
    fresh.push(new Date(t));
  if (fresh.length > 0)
    await deps.db
      .insert(fundingTimes)
      .values(fresh.map((fundingTime) => ({ fundingTime })))
      .onConflictDoNothing();
  const open = await deps.db
    .select({ fundingTime: fundingTimes.fundingTime })
    .from(fundingTimes)
    .where(and(isNull(fundingTimes.completedAt), lte(fundingTimes.fundingTime, new Date(last))))
    .orderBy(asc(fundingTimes.fundingTime));
  for (const { fundingTime } of open) {
    if (!(await fundAt(deps, fundingTime, logger))) continue;
    await deps.db
      .update(fundingTimes)
      .set({ completedAt: new Date(now) })
      .where(and(eq(fundingTimes.fundingTime, fundingTime), isNull(fundingTimes.completedAt)));
  }
}

/** Perpetual positions open at `time`: opened at or before it and not closed before it. */
const openAt = (time: Date) =>
  and(
    eq(positions.contractType, "perpetual"),
    lte(positions.openedAt, time),
    or(isNull(positions.closedAt), gte(positions.closedAt, time)),
  );

/** What a position held at `time`: what it holds now plus what it closed at or after `time`. */
const quantityAt = (time: Date) =>
  // Spelled out in full: drizzle leaves the table name off columns in a one-table query.
  sql<string>`("positions"."quantity" + coalesce((select sum(c.quantity) from position_closes c where c.position_id = "positions"."id" and c.created_at >= ${time}), 0))`;

/** Charges every position open at `time` not charged yet; true when none is left. */
async function fundAt(deps: TradingDeps, time: Date, logger?: Logger) {
  const due = await deps.db
    .select({ id: positions.id, code: positions.code })
    .from(positions)
    .where(
      and(
        openAt(time),
        sql`not exists (select 1 from ${fundingPayments} f where f.position_id = ${positions.id} and f.funding_time = ${time})`,
      ),
    )
    .orderBy(positions.id);
  const rounds = new Map<string, typeof fundingRounds.$inferSelect>();
  let complete = true;
  for (const { id, code } of due) {
    try {
      let round = rounds.get(code);
      if (!round) {
        round = await fundingRound(deps.db, code, time);
        rounds.set(code, round);
      }
      if (round.mark === null) continue; // no price recorded before this time: no funding
      await charge(deps, id, time, round);
    } catch (error) {
      logger?.error({ err: error, position: id, fundingTime: time }, "funding failed");
      complete = false; // tried again on the next pass
    }
  }
  return complete;
}

/**
 * An instrument's mark and rate at a funding time, fixed by whichever runner records them first.
 */
async function fundingRound(db: Db, code: string, time: Date) {
  const find = () =>
    db
      .select()
      .from(fundingRounds)
      .where(and(eq(fundingRounds.code, code), eq(fundingRounds.fundingTime, time)));
  const [known] = await find();
  if (known) return known;
  const mark = await markAt(db, code, time.getTime());
  const interest = (await db
    .select({
      side: positions.side,
      notional: sql<string>`sum(${quantityAt(time)} * ${positions.entryPrice})`,
    })
    .from(positions)
    .where(and(eq(positions.code, code), openAt(time)))
    .groupBy(positions.side)) as { side: string; notional: string | null }[];
  const long = D(interest.find((r) => r.side === "buy")?.notional ?? 0);
  const short = D(interest.find((r) => r.side === "sell")?.notional ?? 0);
  await db
    .insert(fundingRounds)
    .values({
      code,
      fundingTime: time,
      mark: mark?.price ?? null,
      markTime: mark ? new Date(mark.time) : null,
      rate: math.fundingRate(long, short).toFixed(),
      longNotional: long.toFixed(),
      shortNotional: short.toFixed(),
    })
    .onConflictDoNothing();
  const [round] = await find();
  if (!round) throw new Error("funding round not recorded");
  return round;
}

/**
 * The mark at `time`: the last price before it, read from the recorded candles. Funding times
 * fall on the edges of every candle interval up to 4 h, so the candle ending latest at or before
 * `time` (the longest one, on a tie: it holds the shorter) closed at the last recorded price
 * before it. A restart backfills the candles of an outage, the longer intervals furthest back.
 */
export async function markAt(db: Db, code: string, time: number) {
  let best: { price: string; time: number; size: number } | undefined;
  for (const interval of INTERVALS) {
    const size = INTERVAL_MS[interval];
    const candle = await latestCandleBetween(
      db,
      code,
      interval,
      new Date(time - MARK_LOOKBACK_MS - size),
      new Date(time - size),
    );
    if (!candle) continue;
    const end = candle.openTime.getTime() + size;
    if (!best || end > best.time || (end === best.time && size > best.size))
      best = { price: candle.close, time: end, size };
  }
  return best && { price: best.price, time: best.time };
}

/** Charges one position at one funding time, in one transaction; false when there was nothing to do. */
async function charge(
  deps: TradingDeps,
  positionId: number,
  time: Date,
  round: typeof fundingRounds.$inferSelect,
) {
  return inTransaction(deps, async (tx) => {
    const [position] = await tx.select().from(positions).where(eq(positions.id, positionId)).for("update");
    // Re-read under the lock: a close that committed meanwhile may have been before `time`.
    if (
      !position ||
      position.openedAt.getTime() > time.getTime() ||
      (position.closedAt && position.closedAt.getTime() < time.getTime())
    )
      return false;
    const [held] = await tx
      .select({ quantity: quantityAt(time) })
      .from(positions)
      .where(eq(positions.id, positionId));
    const quantity = D(held?.quantity ?? 0);
    if (quantity.lte(0)) return false;
    const owed = math
      .funding(position.side, round.mark as string, quantity, round.rate)
      .toDecimalPlaces(8, Decimal.ROUND_HALF_EVEN);
    // An open position pays from its margin, never more than is left (the risk pass liquidates
    // what is left bare); one closed since pays from the contract wallet, never more than it has.
    const stillOpen = position.status === "open";
    const room = stillOpen
      ? D(position.margin)
      : Decimal.max((await balanceOf(tx, position.userId, "contract", "USDT")).available, 0);
    const amount = owed.gt(0) ? Decimal.min(owed, room) : owed;
    const [payment] = await tx
      .insert(fundingPayments)
      .values({
        positionId: position.id,
        fundingTime: time,
        rate: round.rate,
        amount: amount.toFixed(),
        quantity: quantity.toFixed(),
        mark: round.mark,
      })
      .onConflictDoNothing()
      .returning();
    if (!payment) return false;
    if (!amount.isZero()) {
      const wallet = { user: position.userId, wallet: "contract" as const };
      const bucket = stillOpen ? ("frozen" as const) : ("available" as const);
      await post(tx, {
        kind: "funding",
        ref: { type: "funding", id: payment.id },
        postings: [
          { account: wallet, coin: "USDT", amount: amount.neg(), bucket },
          { account: { platform: "counterparty" }, coin: "USDT", amount },
        ],
      });
    }
    await tx
      .update(positions)
      .set({
        ...(stillOpen ? { margin: D(position.margin).minus(amount).toFixed() } : {}),
        funding: D(position.funding).plus(amount).toFixed(),
      })
      .where(eq(positions.id, position.id));
    return true;
  });
}
