import Decimal from "decimal.js";
import { and, asc, desc, eq, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { postMessage } from "../inbox/service.ts";
import { balanceOf, post, transfer } from "../ledger/ledger.ts";
import { ledgerEntries } from "../ledger/tables.ts";
import { coins } from "../wallet/tables.ts";
import {
  dailyCheckins,
  earnIncome,
  earnParticipations,
  earnProducts,
  earnRewards,
  earnSettings,
} from "./tables.ts";

const D = (v: Decimal.Value) => new Decimal(v);
const DAY = 86_400_000;
export const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

async function decimalsOf(db: Db, coin: string) {
  const [row] = await db
    .select({ decimals: coins.decimals })
    .from(coins)
    .where(eq(coins.code, coin))
    .limit(1);
  return row?.decimals ?? 8;
}

// --- Mining pools, staking and lock-up ---

export async function listProducts(db: Db, kind?: string) {
  return db
    .select()
    .from(earnProducts)
    .where(
      and(
        or(eq(earnProducts.status, "active"), eq(earnProducts.status, "ended")),
        kind ? eq(earnProducts.kind, kind as "mining") : undefined,
      ),
    )
    .orderBy(asc(earnProducts.sort), asc(earnProducts.id));
}

/**
 * Joins a pool: each limit refused with its own message (spec §5: beyond the remaining pool
 * amount, below the minimum purchase, above the maximum purchase; and beyond the available
 * balance). The pool shrinks and the amount moves from spot to the earn wallet in one transaction.
 */
export async function participate(
  db: Db,
  userId: number,
  productId: number,
  amountText: string,
  now = Date.now(),
) {
  const [product] = await db.select().from(earnProducts).where(eq(earnProducts.id, productId)).limit(1);
  if (product?.status !== "active") throw fieldError("id", "earn.product_unavailable");
  const amount = D(amountText);
  const decimals = await decimalsOf(db, product.coin);
  if (amount.decimalPlaces() > decimals) throw fieldError("amount", "wallet.amount_decimals", { decimals });
  if (amount.gt(product.poolRemaining))
    throw fieldError("amount", "earn.exceeds_pool", { remaining: D(product.poolRemaining).toFixed() });
  if (amount.lt(product.minPurchase))
    throw fieldError("amount", "earn.below_minimum", { minimum: D(product.minPurchase).toFixed() });
  if (amount.gt(product.maxPurchase))
    throw fieldError("amount", "earn.above_maximum", { maximum: D(product.maxPurchase).toFixed() });
  const available = (await balanceOf(db, userId, "spot", product.coin)).available;
  if (amount.gt(available)) throw fieldError("amount", "wallet.insufficient");
  return db.transaction(async (tx) => {
    const [pool] = await tx
      .update(earnProducts)
      .set({ poolRemaining: sql`${earnProducts.poolRemaining} - ${amount.toFixed()}` })
      .where(and(eq(earnProducts.id, productId), gte(earnProducts.poolRemaining, amount.toFixed())))
      .returning();
    if (!pool)
      throw fieldError("amount", "earn.exceeds_pool", { remaining: D(product.poolRemaining).toFixed() });
    const [row] = await tx
      .insert(earnParticipations)
      .values({
        userId,
        productId,
        coin: product.coin,
        amount: amount.toFixed(),
        dailyRate: product.dailyRate,
        lockDays: product.lockDays,
        startedAt: new Date(now),
        endsAt: product.lockDays > 0 ? new Date(now + product.lockDays * DAY) : null,
      })
      .returning();
    if (!row) throw new Error("participation not recorded");
    await post(
      tx,
      {
        kind: "earn_join",
        ref: { type: "earn", id: row.id },
        postings: transfer(
          { user: userId, wallet: "spot" },
          { user: userId, wallet: "earn" },
          product.coin,
          amount,
        ),
      },
      { insufficientKey: "wallet.insufficient" },
    );
    return row;
  });
}

/**
 * Leaves a pool: the principal returns to spot; leaving a locked product before its end keeps
 * its early-exit penalty (to the fees account). Once only.
 */
export async function exitParticipation(
  db: Db,
  userId: number | undefined,
  participationId: number,
  now = Date.now(),
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(earnParticipations)
      .set({ status: "exited", exitedAt: new Date(now) })
      .where(
        and(
          eq(earnParticipations.id, participationId),
          eq(earnParticipations.status, "participating"),
          userId !== undefined ? eq(earnParticipations.userId, userId) : undefined,
        ),
      )
      .returning();
    if (!row) throw new ApiError(404, "earn.not_participating");
    const [product] = await tx.select().from(earnProducts).where(eq(earnProducts.id, row.productId));
    const early = row.endsAt !== null && row.endsAt.getTime() > now;
    const penalty = early
      ? D(row.amount)
          .mul(product?.earlyExitPenalty ?? 0)
          .toDecimalPlaces(await decimalsOf(tx, row.coin), Decimal.ROUND_UP)
      : D(0);
    const earn = { user: row.userId, wallet: "earn" as const };
    await post(tx, {
      kind: "earn_exit",
      ref: { type: "earn", id: row.id },
      postings: [
        ...transfer(earn, { user: row.userId, wallet: "spot" }, row.coin, D(row.amount).minus(penalty)),
        ...(penalty.gt(0) ? transfer(earn, { platform: "fees" }, row.coin, penalty) : []),
      ].filter((p) => !D(p.amount).isZero()),
    });
    await tx
      .update(earnParticipations)
      .set({ penalty: penalty.toFixed() })
      .where(eq(earnParticipations.id, row.id));
    await tx
      .update(earnProducts)
      .set({
        poolRemaining: sql`least(${earnProducts.poolTotal}, ${earnProducts.poolRemaining} + ${row.amount})`,
      })
      .where(eq(earnProducts.id, row.productId));
    return { ...row, penalty: penalty.toFixed() };
  });
}

/**
 * Pays one day's income of every participation held through that whole day (joined before it
 * began, not left before it ended): amount × daily rate, from the rewards account to spot.
 * A row per participation and day makes a second run (a restart, another instance) pay nothing.
 */
export async function payProductIncome(db: Db, day: string, userId?: number) {
  const begin = new Date(dayStart(day));
  const end = new Date(dayStart(day) + DAY);
  const due = await db
    .select()
    .from(earnParticipations)
    .where(
      and(
        lte(earnParticipations.startedAt, begin),
        or(isNull(earnParticipations.exitedAt), gte(earnParticipations.exitedAt, end)),
        sql`not exists (select 1 from ${earnIncome} i where i.participation_id = ${earnParticipations.id} and i.day = ${day})`,
        userId === undefined ? undefined : eq(earnParticipations.userId, userId),
      ),
    );
  let paid = 0;
  for (const p of due) {
    const decimals = await decimalsOf(db, p.coin);
    const income = D(p.amount).mul(p.dailyRate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
    if (income.lte(0)) continue;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(earnIncome)
        .values({
          userId: p.userId,
          participationId: p.id,
          source: "product",
          day,
          coin: p.coin,
          base: p.amount,
          amount: income.toFixed(),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return;
      await post(tx, {
        kind: "earn_income",
        ref: { type: "earn_income", id: row.id },
        postings: transfer({ platform: "rewards" }, { user: p.userId, wallet: "spot" }, p.coin, income),
      });
      await tx
        .update(earnParticipations)
        .set({ income: sql`${earnParticipations.income} + ${income.toFixed()}` })
        .where(eq(earnParticipations.id, p.id));
      await postMessage(tx, p.userId, "earn_income", { amount: income.toFixed(), coin: p.coin });
      paid++;
    });
  }
  return paid;
}

/** Ends participations whose lock is over: principal back to spot (no penalty). */
export async function releaseMatured(db: Db, now = Date.now()) {
  const matured = await db
    .select({ id: earnParticipations.id })
    .from(earnParticipations)
    .where(
      and(eq(earnParticipations.status, "participating"), lte(earnParticipations.endsAt, new Date(now))),
    );
  for (const { id } of matured) await exitParticipation(db, undefined, id, now).catch(() => {});
  return matured.length;
}

// --- The daily-interest wallet (route name: fortune) ---

export const FORTUNE_DEFAULTS = { daily_rate: "0.01", first_reward: "5", coin: "USDT" };

export async function fortuneSettings(db: Db) {
  const rows = await db.select().from(earnSettings);
  const get = (key: keyof typeof FORTUNE_DEFAULTS) =>
    rows.find((r) => r.key === `fortune_${key}`)?.value ?? FORTUNE_DEFAULTS[key];
  return { dailyRate: D(get("daily_rate")), firstReward: D(get("first_reward")), coin: get("coin") };
}

/**
 * Sets the daily-interest wallet's daily rate and/or first-participation reward (the CLI's
 * `earn fortune` and the console's). Read on every call, so a change applies from the next one.
 */
export async function setFortuneSettings(db: Db, change: { daily_rate?: string; first_reward?: string }) {
  for (const key of ["daily_rate", "first_reward"] as const) {
    const value = change[key];
    if (value === undefined) continue;
    await db
      .insert(earnSettings)
      .values({ key: `fortune_${key}`, value })
      .onConflictDoUpdate({ target: earnSettings.key, set: { value } });
  }
}

/**
 * Puts USDT in the daily-interest wallet. The first time ever, a one-time reward is paid too
 * (5 USDT by default) — once per customer, whatever happens after.
 */
export async function fortuneDeposit(db: Db, userId: number, amountText: string) {
  const settings = await fortuneSettings(db);
  const amount = D(amountText);
  if (amount.decimalPlaces() > 6) throw fieldError("amount", "wallet.amount_decimals", { decimals: 6 });
  return db.transaction(async (tx) => {
    await post(
      tx,
      {
        kind: "fortune_in",
        postings: transfer(
          { user: userId, wallet: "spot" },
          { user: userId, wallet: "fortune" },
          settings.coin,
          amount,
        ),
      },
      { insufficientKey: "wallet.insufficient" },
    );
    let reward: Decimal | undefined;
    if (settings.firstReward.gt(0)) {
      const [granted] = await tx
        .insert(earnRewards)
        .values({ userId, kind: "fortune_first", amount: settings.firstReward.toFixed() })
        .onConflictDoNothing()
        .returning();
      if (granted) {
        reward = settings.firstReward;
        await post(tx, {
          kind: "fortune_first_reward",
          ref: { type: "earn_reward", id: granted.id },
          postings: transfer(
            { platform: "rewards" },
            { user: userId, wallet: "spot" },
            settings.coin,
            reward,
          ),
        });
      }
    }
    return { reward: reward?.toFixed() ?? null };
  });
}

export async function fortuneWithdraw(db: Db, userId: number, amountText: string) {
  const settings = await fortuneSettings(db);
  await db.transaction((tx) =>
    post(
      tx,
      {
        kind: "fortune_out",
        postings: transfer(
          { user: userId, wallet: "fortune" },
          { user: userId, wallet: "spot" },
          settings.coin,
          amountText,
        ),
      },
      { insufficientKey: "wallet.insufficient" },
    ),
  );
}

/**
 * A day's interest on the daily-interest wallet, on the lowest balance held during that day
 * (so money put in for a minute around midnight earns nothing), × the daily rate.
 */
export async function payFortuneInterest(db: Db, day: string, userId?: number) {
  const settings = await fortuneSettings(db);
  const begin = new Date(dayStart(day));
  const end = new Date(dayStart(day) + DAY);
  const accounts = (await db.execute(
    sql`select id, user_id from ledger_accounts where owner_type = 'user' and kind = 'fortune' and coin = ${settings.coin}
         and not exists (select 1 from earn_income i where i.user_id = ledger_accounts.user_id and i.source = 'fortune' and i.day = ${day})
         ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}`,
  )) as unknown as { rows: { id: number; user_id: number }[] };
  let paid = 0;
  for (const account of accounts.rows) {
    const [opening] = await db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, account.id), lt(ledgerEntries.createdAt, begin)));
    const moves = await db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.accountId, account.id),
          gte(ledgerEntries.createdAt, begin),
          lt(ledgerEntries.createdAt, end),
        ),
      )
      .orderBy(asc(ledgerEntries.id));
    let running = D(opening?.sum ?? 0);
    let lowest = running;
    for (const m of moves) {
      running = running.plus(m.amount);
      lowest = Decimal.min(lowest, running);
    }
    const interest = lowest.mul(settings.dailyRate).toDecimalPlaces(6, Decimal.ROUND_DOWN);
    if (interest.lte(0)) continue;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(earnIncome)
        .values({
          userId: account.user_id,
          source: "fortune",
          day,
          coin: settings.coin,
          base: lowest.toFixed(),
          amount: interest.toFixed(),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return;
      await post(tx, {
        kind: "fortune_interest",
        ref: { type: "earn_income", id: row.id },
        postings: transfer(
          { platform: "rewards" },
          { user: account.user_id, wallet: "spot" },
          settings.coin,
          interest,
        ),
      });
      await postMessage(tx, account.user_id, "earn_income", {
        amount: interest.toFixed(),
        coin: settings.coin,
      });
      paid++;
    });
  }
  return paid;
}

export async function fortuneSummary(db: Db, userId: number, now = Date.now()) {
  const settings = await fortuneSettings(db);
  const balance = (await balanceOf(db, userId, "fortune", settings.coin)).available;
  const yesterday = dayOf(now - DAY);
  const rows = await db
    .select()
    .from(earnIncome)
    .where(and(eq(earnIncome.userId, userId), eq(earnIncome.source, "fortune")));
  const total = rows.reduce((sum, r) => sum.plus(r.amount), D(0));
  const last = rows.find((r) => r.day === yesterday);
  const [reward] = await db
    .select()
    .from(earnRewards)
    .where(and(eq(earnRewards.userId, userId), eq(earnRewards.kind, "fortune_first")));
  return {
    balance: balance.toFixed(6),
    yesterday: D(last?.amount ?? 0).toFixed(6),
    total: total.toFixed(6),
    first_reward_received: Boolean(reward),
  };
}

// --- Daily check-in (web home) ---

/** Rewards grow with an unbroken streak of days, then start again. */
export const CHECKIN_REWARDS = ["0.1", "0.2", "0.3", "0.5", "0.5", "0.8", "1"];

export async function checkinStatus(db: Db, userId: number, now = Date.now()) {
  const today = dayOf(now);
  const [last] = await db
    .select()
    .from(dailyCheckins)
    .where(eq(dailyCheckins.userId, userId))
    .orderBy(desc(dailyCheckins.day))
    .limit(1);
  const claimedToday = last?.day === today;
  const continuing = last && (last.day === today || last.day === dayOf(now - DAY));
  const streak = continuing ? (last?.streak ?? 0) : 0;
  const nextStreak = claimedToday ? streak : (streak % CHECKIN_REWARDS.length) + 1;
  return {
    today,
    claimed_today: claimedToday,
    streak,
    next_reward: CHECKIN_REWARDS[nextStreak - 1] ?? "0",
    rewards: CHECKIN_REWARDS,
  };
}

/** Claims today's reward: once per calendar day (UTC), paid in USDT through the ledger. */
export async function checkin(db: Db, userId: number, now = Date.now()) {
  const status = await checkinStatus(db, userId, now);
  if (status.claimed_today) throw new ApiError(409, "earn.checked_in");
  const streak = (status.streak % CHECKIN_REWARDS.length) + 1;
  const amount = D(CHECKIN_REWARDS[streak - 1] ?? "0");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dailyCheckins)
      .values({ userId, day: status.today, streak, amount: amount.toFixed() })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ApiError(409, "earn.checked_in");
    await post(tx, {
      kind: "daily_reward",
      ref: { type: "checkin", id: row.id },
      postings: transfer({ platform: "rewards" }, { user: userId, wallet: "spot" }, "USDT", amount),
    });
    return { streak, amount: amount.toFixed() };
  });
}

/** The daily job: pays yesterday (and any day missed in the last week), releases matured locks. */
export async function earnDaily(db: Db, now = Date.now()) {
  let paid = 0;
  for (let back = 7; back >= 1; back--) {
    const day = dayOf(now - back * DAY);
    paid += await payProductIncome(db, day);
    paid += await payFortuneInterest(db, day);
  }
  await releaseMatured(db, now);
  return paid;
}

export async function participationIncome(db: Db, participationId: number) {
  return db
    .select()
    .from(earnIncome)
    .where(eq(earnIncome.participationId, participationId))
    .orderBy(desc(earnIncome.day));
}
