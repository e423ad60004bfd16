import Decimal from "decimal.js";
import { and, asc, desc, eq, gt, gte, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { memoByDb } from "../db/memo.ts";
import type { RecordAudit } from "../http/console.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { postMessage } from "../inbox/index.ts";
import { balanceOf, lowestBalanceBetween, post, transfer } from "../ledger/index.ts";
import { listedDecimals } from "../wallet/index.ts";
import { DAY_MS, dayOf, dayStart, maturityOf } from "./rules.ts";
import {
  dailyCheckins,
  earnIncome,
  earnParticipations,
  earnProducts,
  earnRewards,
  earnSettings,
} from "./tables.ts";

const D = (v: Decimal.Value) => new Decimal(v);
const DAY = DAY_MS;

export { dayOf };
/** How far back the daily job looks for unpaid days (older ones: the operator's `earn catch-up`). */
export const JOB_LOOKBACK_DAYS = 60;

async function decimalsOf(db: Db, coin: string) {
  return (await listedDecimals(db, coin)) ?? 8;
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
 * amount, below the minimum purchase, above the maximum purchase — counting what the customer
 * already holds in it — and beyond the available balance). The pool shrinks and the amount moves from spot to the earn wallet in one transaction.
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
    // The maximum purchase is per customer: what they hold in the product plus this amount,
    // read under the product's lock so parallel joins cannot each pass it.
    await tx
      .select({ id: earnProducts.id })
      .from(earnProducts)
      .where(eq(earnProducts.id, productId))
      .for("update");
    const [{ held = "0" } = {}] = await tx
      .select({ held: sql<string>`coalesce(sum(${earnParticipations.amount}), 0)::text` })
      .from(earnParticipations)
      .where(
        and(
          eq(earnParticipations.userId, userId),
          eq(earnParticipations.productId, productId),
          eq(earnParticipations.status, "participating"),
        ),
      );
    if (D(held).plus(amount).gt(product.maxPurchase))
      throw fieldError("amount", "earn.above_maximum_held", {
        maximum: D(product.maxPurchase).toFixed(),
        held: D(held).toFixed(),
      });
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
        endsAt: ((end) => (end === null ? null : new Date(end)))(maturityOf(now, product.lockDays)),
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

type DueIncome = {
  id: number;
  user_id: number;
  coin: string;
  amount: string;
  daily_rate: string;
  day: string;
};

/**
 * Pays every day of income not paid yet between `from` and `through` (UTC days, inclusive), by
 * the rules in rules.ts: each participation earns amount × daily rate (rounded down to the coin's
 * decimals) for each whole day it was held, from the day after joining to the day before it was
 * left or matured. A row per participation and day makes a second run (a restart, another
 * instance, the catch-up) pay nothing more.
 */
export async function payProductDays(
  db: Db,
  range: { from?: string; through: string; userId?: number; activeSince?: Date },
) {
  const from = range.from ?? "1970-01-01";
  const through = range.through;
  const due = (await db.execute(sql`
    select p.id, p.user_id, p.coin, p.amount::text as amount, p.daily_rate::text as daily_rate,
           to_char(d.day, 'YYYY-MM-DD') as day
      from ${earnParticipations} p
      cross join lateral generate_series(
        greatest((p.started_at at time zone 'UTC')::date + 1, ${from}::date),
        least(${through}::date,
              coalesce((p.exited_at at time zone 'UTC')::date - 1, ${through}::date),
              coalesce((p.ends_at at time zone 'UTC')::date - 1, ${through}::date)),
        interval '1 day') as d(day)
     where not exists (select 1 from ${earnIncome} i where i.participation_id = p.id and i.day = d.day::date)
       ${range.userId === undefined ? sql`` : sql`and p.user_id = ${range.userId}`}
       ${range.activeSince === undefined ? sql`` : sql`and (p.status = 'participating' or p.exited_at >= ${range.activeSince.toISOString()})`}
     order by p.id, d.day`)) as unknown as { rows: DueIncome[] };
  const decimals = new Map<string, number>();
  let paid = 0;
  for (const p of due.rows) {
    const places = decimals.get(p.coin) ?? (await decimalsOf(db, p.coin));
    decimals.set(p.coin, places);
    const income = D(p.amount).mul(p.daily_rate).toDecimalPlaces(places, Decimal.ROUND_DOWN);
    if (income.lte(0)) continue;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(earnIncome)
        .values({
          userId: p.user_id,
          participationId: p.id,
          source: "product",
          day: p.day,
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
        postings: transfer({ platform: "rewards" }, { user: p.user_id, wallet: "spot" }, p.coin, income),
      });
      await tx
        .update(earnParticipations)
        .set({ income: sql`${earnParticipations.income} + ${income.toFixed()}` })
        .where(eq(earnParticipations.id, p.id));
      await postMessage(tx, p.user_id, "earn_income", { amount: income.toFixed(), coin: p.coin });
      paid++;
    });
  }
  return paid;
}

/** One day's income of every participation held through that whole day (the CLI's `--day`). */
export function payProductIncome(db: Db, day: string, userId?: number) {
  return payProductDays(db, { from: day, through: day, userId });
}

/**
 * The one-off catch-up (issue 18): pays every day any participation, however old, was owed and
 * not paid — the second participation of a customer used to be skipped — and audits the run with
 * the audit log's writer handed in (admin's, by the operator command).
 */
export async function catchUpProductIncome(db: Db, operator: string, through: string, record: RecordAudit) {
  const before = await incomeTotals(db);
  const paid = await payProductDays(db, { through });
  const after = await incomeTotals(db);
  await record(db, {
    operator,
    action: "earn.catch_up",
    target: `earn_income:${through}`,
    before,
    after: { ...after, paid },
  });
  return paid;
}

async function incomeTotals(db: Db) {
  const rows = await db
    .select({
      coin: earnIncome.coin,
      total: sql<string>`sum(${earnIncome.amount})::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(earnIncome)
    .where(eq(earnIncome.source, "product"))
    .groupBy(earnIncome.coin);
  return Object.fromEntries(rows.map((r) => [r.coin, { total: D(r.total).toFixed(), rows: r.count }]));
}

/**
 * Ends participations whose lock is over: principal back to spot (no penalty), dated at the
 * maturity itself rather than whenever the job got to it.
 */
export async function releaseMatured(db: Db, now = Date.now()) {
  const matured = await db
    .select({ id: earnParticipations.id, endsAt: earnParticipations.endsAt })
    .from(earnParticipations)
    .where(
      and(eq(earnParticipations.status, "participating"), lte(earnParticipations.endsAt, new Date(now))),
    );
  for (const { id, endsAt } of matured)
    await exitParticipation(db, undefined, id, endsAt?.getTime() ?? now).catch(() => {});
  return matured.length;
}

// --- The daily-interest wallet (route name: fortune) ---

/**
 * The wallet's operator settings. The first-participation reward is paid once the customer has
 * kept at least `reward_min_deposit` in the wallet for `reward_hold_days` days: without both, any
 * dust deposit earned it at once, and it could be withdrawn straight away.
 */
export const FORTUNE_DEFAULTS = {
  daily_rate: "0.01",
  first_reward: "5",
  reward_min_deposit: "100",
  reward_hold_days: "7",
  coin: "USDT",
};
export type FortuneSettingKey = "daily_rate" | "first_reward" | "reward_min_deposit" | "reward_hold_days";

export async function fortuneSettings(db: Db) {
  const rows = await db.select().from(earnSettings);
  const get = (key: keyof typeof FORTUNE_DEFAULTS) =>
    rows.find((r) => r.key === `fortune_${key}`)?.value ?? FORTUNE_DEFAULTS[key];
  return {
    dailyRate: D(get("daily_rate")),
    firstReward: D(get("first_reward")),
    rewardMinDeposit: D(get("reward_min_deposit")),
    rewardHoldDays: Number(get("reward_hold_days")),
    coin: get("coin"),
  };
}

/**
 * The settings as the screens show them (the home page, the earn screens): kept in memory for a
 * few seconds, so a page view costs no query for them. A change through setFortuneSettings shows
 * at once here and within FORTUNE_OFFER_MS on another instance. Money (deposits, withdrawals,
 * the reward, the daily interest) always reads fortuneSettings afresh.
 */
const FORTUNE_OFFER_MS = 5_000;
const fortuneOffers = memoByDb(FORTUNE_OFFER_MS, fortuneSettings);
export const fortuneOffer = (db: Db) => fortuneOffers.get(db);
/** Drops the kept offer: called by whatever changed the settings, once its change is committed. */
export const forgetFortuneOffer = () => fortuneOffers.forget();

/**
 * Sets the daily-interest wallet's settings (the CLI's `earn fortune` and the console's). Money
 * reads them on every call, so a change applies from the next one; the caller drops the screens'
 * copy (forgetFortuneOffer) once the change is committed.
 */
export async function setFortuneSettings(db: Db, change: Partial<Record<FortuneSettingKey, string>>) {
  for (const key of ["daily_rate", "first_reward", "reward_min_deposit", "reward_hold_days"] as const) {
    const value = change[key];
    if (value === undefined) continue;
    await db
      .insert(earnSettings)
      .values({ key: `fortune_${key}`, value })
      .onConflictDoUpdate({ target: earnSettings.key, set: { value } });
  }
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function payReward(tx: Tx, reward: typeof earnRewards.$inferSelect, coin: string) {
  await post(tx, {
    kind: "fortune_first_reward",
    ref: { type: "earn_reward", id: reward.id },
    postings: transfer({ platform: "rewards" }, { user: reward.userId, wallet: "spot" }, coin, reward.amount),
  });
  await postMessage(tx, reward.userId, "earn_reward", { amount: D(reward.amount).toFixed(), coin });
}

/**
 * Puts USDT in the daily-interest wallet. When the balance reaches the reward's minimum and the
 * customer never had the reward, its holding period starts (or, with none, it is paid at once).
 */
export async function fortuneDeposit(db: Db, userId: number, amountText: string, now = Date.now()) {
  const settings = await fortuneSettings(db);
  const amount = D(amountText);
  if (amount.decimalPlaces() > 6) throw fieldError("amount", "wallet.amount_decimals", { decimals: 6 });
  return db.transaction(async (tx) => {
    // Locks the wallet's account until commit: a withdrawal waits, and sees the pending reward.
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
    const none = { reward: null, pending: null };
    if (settings.firstReward.lte(0)) return none;
    const balance = (await balanceOf(tx, userId, "fortune", settings.coin)).available;
    if (balance.lt(settings.rewardMinDeposit)) return none;
    const immediate = settings.rewardHoldDays <= 0;
    const vestsAt = new Date(now + Math.max(0, settings.rewardHoldDays) * DAY);
    const values = {
      status: immediate ? ("paid" as const) : ("pending" as const),
      amount: settings.firstReward.toFixed(),
      vestsAt,
      paidAt: immediate ? new Date(now) : null,
    };
    const [started] = await tx
      .insert(earnRewards)
      .values({ userId, kind: "fortune_first", ...values })
      .onConflictDoUpdate({
        target: [earnRewards.userId, earnRewards.kind],
        set: values,
        setWhere: eq(earnRewards.status, "lapsed"),
      })
      .returning();
    if (!started) return none;
    if (immediate) {
      await payReward(tx, started, settings.coin);
      return { reward: settings.firstReward.toFixed(), pending: null };
    }
    return {
      reward: null,
      pending: {
        amount: settings.firstReward.toFixed(),
        minimum: settings.rewardMinDeposit.toFixed(),
        days: settings.rewardHoldDays,
        vests_at: vestsAt.toISOString(),
      },
    };
  });
}

/** Moves USDT back to spot; falling below the minimum before the reward vests lapses it. */
export async function fortuneWithdraw(db: Db, userId: number, amountText: string, now = Date.now()) {
  const settings = await fortuneSettings(db);
  await db.transaction(async (tx) => {
    await post(
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
    );
    const balance = (await balanceOf(tx, userId, "fortune", settings.coin)).available;
    if (balance.gte(settings.rewardMinDeposit)) return;
    await tx
      .update(earnRewards)
      .set({ status: "lapsed", vestsAt: null })
      .where(
        and(
          eq(earnRewards.userId, userId),
          eq(earnRewards.kind, "fortune_first"),
          eq(earnRewards.status, "pending"),
          gt(earnRewards.vestsAt, new Date(now)),
        ),
      );
  });
}

/** Pays the rewards whose holding period is over (the daily job): each once. */
export async function vestFortuneRewards(db: Db, now = Date.now()) {
  const settings = await fortuneSettings(db);
  const due = await db
    .select({ id: earnRewards.id })
    .from(earnRewards)
    .where(and(eq(earnRewards.status, "pending"), lte(earnRewards.vestsAt, new Date(now))));
  let paid = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [reward] = await tx
        .update(earnRewards)
        .set({ status: "paid", paidAt: new Date(now) })
        .where(
          and(
            eq(earnRewards.id, id),
            eq(earnRewards.status, "pending"),
            lte(earnRewards.vestsAt, new Date(now)),
          ),
        )
        .returning();
      if (!reward) return;
      await payReward(tx, reward, settings.coin);
      paid++;
    });
  }
  return paid;
}

/**
 * A day's interest on the daily-interest wallet, on the lowest balance held during that day
 * (so money put in for a minute around midnight earns nothing), × the daily rate.
 */
export async function payFortuneInterest(db: Db, day: string, userId?: number) {
  const settings = await fortuneSettings(db);
  const begin = new Date(dayStart(day));
  const end = new Date(dayStart(day) + DAY);
  // Only wallets that can have held something that day: one empty now with no entry since the
  // day began was empty all day. (Every empty wallet was otherwise read twice on every run, for
  // each day of the look-back: minutes of the embedded database's time with 50,000 customers.)
  const accounts = (await db.execute(
    sql`select id, user_id from ledger_accounts where owner_type = 'user' and kind = 'fortune' and coin = ${settings.coin}
         and (available + frozen > 0
           or exists (select 1 from ledger_entries e where e.account_id = ledger_accounts.id and e.created_at >= ${begin}))
         and not exists (select 1 from earn_income i where i.user_id = ledger_accounts.user_id and i.source = 'fortune' and i.day = ${day})
         ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}`,
  )) as unknown as { rows: { id: number; user_id: number }[] };
  let paid = 0;
  for (const account of accounts.rows) {
    const lowest = await lowestBalanceBetween(db, account.id, begin, end);
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
  const settings = await fortuneOffer(db);
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
    first_reward_received: reward?.status === "paid",
    first_reward: {
      status: reward?.status ?? ("none" as const),
      vests_at: reward?.status === "pending" ? (reward.vestsAt?.toISOString() ?? null) : null,
    },
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

/** The last day the daily job paid the interest wallet's interest for (an `earn_settings` row). */
const FORTUNE_PAID_THROUGH = "fortune_paid_through";

/**
 * The daily job (every ten minutes): pays every product day owed in the last 60 days and the
 * interest wallet's days not paid yet (the last week, and any since the job last finished, within
 * the same 60 days), then releases matured locks.
 */
export async function earnDaily(db: Db, now = Date.now()) {
  const since = now - JOB_LOOKBACK_DAYS * DAY;
  let paid = await payProductDays(db, {
    from: dayOf(since),
    through: dayOf(now - DAY),
    activeSince: new Date(since),
  });
  // The interest wallet: the last week, and every day since the last one the job finished (an
  // outage longer than a week must not lose its days), within the look-back.
  const yesterday = dayOf(now - DAY);
  const [done] = await db.select().from(earnSettings).where(eq(earnSettings.key, FORTUNE_PAID_THROUGH));
  const resume = done ? dayOf(dayStart(done.value) + DAY) : yesterday;
  const first = [dayOf(now - 7 * DAY), resume > dayOf(since) ? resume : dayOf(since)].sort()[0] as string;
  for (let day = dayStart(first); day <= dayStart(yesterday); day += DAY)
    paid += await payFortuneInterest(db, dayOf(day));
  await db
    .insert(earnSettings)
    .values({ key: FORTUNE_PAID_THROUGH, value: yesterday })
    .onConflictDoUpdate({
      target: earnSettings.key,
      set: { value: sql`greatest(${earnSettings.value}, excluded.value)` },
    });
  paid += await vestFortuneRewards(db, now);
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
