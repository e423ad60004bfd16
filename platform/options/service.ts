import Decimal from "decimal.js";
import { and, asc, desc, eq, gte, lte, ne } from "drizzle-orm";
import { betAmountRefusal, bettingRound, periodNo, roundAt, roundOpen } from "../contract/timed.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { postMessage } from "../inbox/index.ts";
import { post, transfer } from "../ledger/index.ts";
import { STALE_AFTER_MS } from "../trading/index.ts";
import { optionBets, optionProducts, optionRounds, priceTicks } from "./tables.ts";

const D = (v: Decimal.Value) => new Decimal(v);

export { bettingRound, periodNo, roundAt };

/** up when the close is above the open, down below, level when equal. */
export function resultOf(open: Decimal.Value, close: Decimal.Value): "up" | "down" | "level" {
  const c = D(close).comparedTo(open);
  return c > 0 ? "up" : c < 0 ? "down" : "level";
}

export async function requireProduct(db: Db, productId: number) {
  const [product] = await db.select().from(optionProducts).where(eq(optionProducts.id, productId)).limit(1);
  if (!product?.enabled) throw fieldError("product_id", "options.product_unknown");
  return product;
}

/**
 * Takes a bet: the stake goes to the counterparty account and the fee to the fees account at
 * once, from the spot wallet; the bet joins the next round. Refused while the instrument's last
 * price (`priceTime`, the time of its tick) is older than trading accepts: the customer would be
 * betting on a price they cannot see. The amount's rule is the contract's (betAmountRefusal),
 * which the screen's review applies too. A bet for a round (`period_no`, the one the customer
 * confirmed) that no longer takes bets is refused (409), never moved to the next round.
 */
export async function placeBet(
  db: Db,
  userId: number,
  input: { product_id: number; direction: "up" | "down"; amount: string; period_no?: string },
  now: number,
  priceTime: number | undefined,
) {
  const product = await requireProduct(db, input.product_id);
  if (priceTime === undefined || now - priceTime > STALE_AFTER_MS)
    throw new ApiError(503, "trading.stale_price", { errors: { amount: ["trading.stale_price"] } });
  const amount = D(input.amount);
  const refusal = betAmountRefusal(
    { min_amount: D(product.minAmount).toFixed(), max_amount: D(product.maxAmount).toFixed() },
    amount.toFixed(),
  );
  if (refusal) throw fieldError("amount", refusal.key, refusal.params);
  const round = bettingRound(product.periodSeconds, now);
  if (input.period_no !== undefined && !roundOpen(product.periodSeconds, input.period_no, now))
    throw new ApiError(409, "options.round_closed", {
      errors: { period_no: ["options.round_closed"] },
      // The round taking bets now, for the client to review the bet again.
      data: {
        betting: {
          period_no: round.periodNo,
          start: new Date(round.start).toISOString(),
          end: new Date(round.end).toISOString(),
        },
      },
    });
  const fee = amount.mul(product.feeRate).toDecimalPlaces(2, Decimal.ROUND_UP);
  const wallet = { user: userId, wallet: "spot" as const };
  return db.transaction(async (tx) => {
    const [bet] = await tx
      .insert(optionBets)
      .values({
        userId,
        productId: product.id,
        code: product.code,
        periodNo: round.periodNo,
        roundStart: round.start,
        roundEnd: round.end,
        direction: input.direction,
        amount: amount.toFixed(),
        fee: fee.toFixed(),
        odds: product.odds,
      })
      .returning();
    if (!bet) throw new Error("bet not recorded");
    await post(
      tx,
      {
        kind: "option_bet",
        ref: { type: "option_bet", id: bet.id },
        postings: [
          ...transfer(wallet, { platform: "counterparty" }, "USDT", amount),
          ...(fee.gt(0) ? transfer(wallet, { platform: "fees" }, "USDT", fee) : []),
        ],
      },
      { insufficientKey: "wallet.insufficient" },
    );
    return bet;
  });
}

/** The price in effect at `time`: the last tick at or before it (within a minute), from the log only. */
export async function tickAt(db: Db, code: string, time: number) {
  const [tick] = await db
    .select()
    .from(priceTicks)
    .where(and(eq(priceTicks.code, code), lte(priceTicks.time, time), gte(priceTicks.time, time - 60_000)))
    .orderBy(desc(priceTicks.time), desc(priceTicks.id))
    .limit(1);
  return tick;
}

/**
 * Decides a finished round from the tick log and settles its bets, exactly once: the round row
 * is unique per product and start, and each bet moves from pending only once. A win pays the
 * stake × (1 + odds) from the counterparty account, a loss stays there, a level round gives the
 * stake back, and a round with no ticks (void) gives back the stake and the fee.
 */
export async function settleRound(db: Db, product: typeof optionProducts.$inferSelect, start: number) {
  const end = start + product.periodSeconds * 1000;
  const [open, close] = [await tickAt(db, product.code, start), await tickAt(db, product.code, end)];
  const result = open && close ? resultOf(open.price, close.price) : "void";
  return db.transaction(async (tx) => {
    const [round] = await tx
      .insert(optionRounds)
      .values({
        productId: product.id,
        periodNo: periodNo(start),
        startTime: start,
        endTime: end,
        openTickId: open?.id ?? null,
        openPrice: open?.price ?? null,
        openTickTime: open?.time ?? null,
        closeTickId: close?.id ?? null,
        closePrice: close?.price ?? null,
        closeTickTime: close?.time ?? null,
        result,
      })
      .onConflictDoNothing()
      .returning();
    const bets = await tx
      .update(optionBets)
      .set({ status: "loss", settledAt: new Date() })
      .where(
        and(
          eq(optionBets.productId, product.id),
          eq(optionBets.roundStart, start),
          eq(optionBets.status, "pending"),
        ),
      )
      .returning();
    const decided =
      round ??
      (
        await tx
          .select()
          .from(optionRounds)
          .where(and(eq(optionRounds.productId, product.id), eq(optionRounds.startTime, start)))
      )[0];
    const outcome = decided?.result ?? result;
    for (const bet of bets) {
      const status =
        outcome === "void"
          ? "void"
          : outcome === "level"
            ? "level"
            : outcome === bet.direction
              ? "win"
              : "loss";
      // A void round (no price recorded) is the platform's failure: the fee goes back too.
      const payout =
        status === "win"
          ? D(bet.amount).mul(D(1).plus(bet.odds)).toDecimalPlaces(2, Decimal.ROUND_DOWN)
          : status === "loss"
            ? D(0)
            : status === "void"
              ? D(bet.amount).plus(bet.fee)
              : D(bet.amount);
      await tx.update(optionBets).set({ status, payout: payout.toFixed() }).where(eq(optionBets.id, bet.id));
      if (payout.gt(0)) {
        const fee = status === "void" ? D(bet.fee) : D(0);
        const spot = { user: bet.userId, wallet: "spot" as const };
        await post(tx, {
          kind: `option_${status}`,
          ref: { type: "option_bet", id: bet.id },
          postings: [
            ...transfer({ platform: "counterparty" }, spot, "USDT", payout.minus(fee)),
            ...(fee.gt(0) ? transfer({ platform: "fees" }, spot, "USDT", fee) : []),
          ],
        });
      }
      await postMessage(tx, bet.userId, "option_settled", {
        period: bet.periodNo,
        code: bet.code.toUpperCase(),
        result: status,
        payout: payout.toFixed(2),
      });
    }
    return { round: decided, settled: bets.length };
  });
}

/**
 * The settlement job's pass: every product's rounds that ended (a second of grace for the
 * closing tick to be logged) and are not recorded yet — the last day at most — are decided.
 */
export async function settleDue(db: Db, now = Date.now(), graceMs = 1500, schedule?: { nextAt: number }) {
  const products = await db.select().from(optionProducts).where(eq(optionProducts.enabled, true));
  // When the next round of any product ends (and may be settled): the job has nothing to do
  // before then. A product enabled meanwhile is caught up from its last round at that time.
  let nextAt = now + 60_000;
  let settled = 0;
  for (const product of products) {
    const size = product.periodSeconds * 1000;
    const lastEnded = Math.floor((now - graceMs) / size) * size - size;
    nextAt = Math.min(nextAt, lastEnded + 2 * size + graceMs);
    const [latest] = await db
      .select({ start: optionRounds.startTime })
      .from(optionRounds)
      .where(eq(optionRounds.productId, product.id))
      .orderBy(desc(optionRounds.startTime))
      .limit(1);
    // Pending bets of older rounds (after a long stop) are settled too.
    const [oldestPending] = await db
      .select({ start: optionBets.roundStart })
      .from(optionBets)
      .where(
        and(
          eq(optionBets.productId, product.id),
          eq(optionBets.status, "pending"),
          lte(optionBets.roundEnd, now - graceMs),
        ),
      )
      .orderBy(asc(optionBets.roundStart))
      .limit(1);
    let from = latest ? latest.start + size : lastEnded;
    // A day back at most, in whole rounds: a start off the grid would make a period number
    // that collides with a real round's.
    from = Math.max(from, lastEnded - Math.min(1440, Math.floor(86_400_000 / size)) * size);
    if (oldestPending) from = Math.min(from, oldestPending.start);
    for (let start = from; start <= lastEnded; start += size) {
      const result = await settleRound(db, product, start);
      if (result.settled > 0 || result.round) settled++;
    }
  }
  // Only once everything due is settled (a failed pass is tried again at the next one).
  if (schedule) schedule.nextAt = nextAt;
  return settled;
}

export async function listProducts(db: Db, code?: string) {
  return db
    .select()
    .from(optionProducts)
    .where(and(eq(optionProducts.enabled, true), code ? eq(optionProducts.code, code) : undefined))
    .orderBy(asc(optionProducts.sort), asc(optionProducts.periodSeconds));
}

export async function recentResults(db: Db, productId: number, page: number, limit: number) {
  const rows = await db
    .select()
    .from(optionRounds)
    .where(eq(optionRounds.productId, productId))
    .orderBy(desc(optionRounds.startTime))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

export async function userBets(
  db: Db,
  userId: number,
  status: "pending" | "settled",
  page: number,
  limit: number,
) {
  const rows = await db
    .select()
    .from(optionBets)
    .where(
      and(
        eq(optionBets.userId, userId),
        status === "pending" ? eq(optionBets.status, "pending") : ne(optionBets.status, "pending"),
      ),
    )
    .orderBy(desc(optionBets.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

export async function ticksBetween(db: Db, code: string, from: number, to: number) {
  if (to < from) throw fieldError("to", "options.range_invalid");
  if (to - from > 86_400_000) throw fieldError("to", "options.range_too_long");
  return db
    .select()
    .from(priceTicks)
    .where(and(eq(priceTicks.code, code), gte(priceTicks.time, from), lte(priceTicks.time, to)))
    .orderBy(asc(priceTicks.time), asc(priceTicks.id))
    .limit(5000);
}

export async function roundDetail(db: Db, productId: number, period: string) {
  const [round] = await db
    .select()
    .from(optionRounds)
    .where(and(eq(optionRounds.productId, productId), eq(optionRounds.periodNo, period)))
    .limit(1);
  if (!round) throw new ApiError(404, "errors.not_found");
  return round;
}
