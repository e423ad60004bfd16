import Decimal from "decimal.js";
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXCHANGE_DESKS } from "../platform/contract/wallet.ts";
import { distribute, subscribe } from "../platform/earn/launchpad.ts";
import {
  CHECKIN_REWARDS,
  checkin,
  earnDaily,
  exitParticipation,
  fortuneDeposit,
  fortuneWithdraw,
  participate,
  setFortuneSettings,
} from "../platform/earn/service.ts";
import {
  dailyCheckins,
  earnIncome,
  earnParticipations,
  earnProducts,
  earnRewards,
  launchpadProjects,
  launchpadSubscriptions,
} from "../platform/earn/tables.ts";
import { auditLedger, formatAudit } from "../platform/ledger/audit.ts";
import { balanceOf, post, transfer } from "../platform/ledger/ledger.ts";
import { STALE_AFTER_MS } from "../platform/trading/prices.ts";
import { executeExchange, quoteExchange } from "../platform/wallet/exchange.ts";
import type { WalletDeps } from "../platform/wallet/shared.ts";
import { registerByEmail } from "./support/accounts.ts";
import { type TestPlatform, testPlatform } from "./support/platform.ts";
import { type SimClock, simClock } from "./support/sim-market.ts";

/**
 * Earn and conversion on a simulated clock (issue 18, "make the rules executable"). The real
 * daily earn job (`earnDaily`, as the leader runs it) runs on a clock the test moves, over
 * simulated days of random joins and exits of pools and locked products, deposits to and
 * withdrawals from the daily-interest wallet, check-ins, launchpad subscriptions and
 * conversions, with outages of hours to days (no job, no customer), restarts and two runners at
 * once. Afterwards every payment is compared with an independent calculation written from the
 * rules the screens and README state, and the ledger audit must pass:
 *
 * - Pools, staking, lock-up: a join is refused below the minimum, beyond what is left in the
 *   pool, or when what the customer holds in the product plus the new amount exceeds the
 *   maximum. Income accrues from the UTC day after joining: one payment a whole UTC day held,
 *   amount × daily rate rounded down to the coin's decimals, to spot. A locked product pays
 *   exactly its lock in days and matures at the midnight after the last one (principal back in
 *   full); leaving before that keeps the early-exit penalty (amount × penalty, rounded up).
 * - Daily-interest wallet: each UTC day pays the lowest balance held during it × the daily rate
 *   (6 places, rounded down). The first-participation reward starts its holding period when the
 *   balance reaches the minimum, lapses if the balance falls below it before the period ends
 *   (a new deposit starts it again) and is paid once the period is over.
 * - Check-in: once a UTC day; the reward follows an unbroken streak of days (0.1 … 1, then again).
 * - Launchpad: subscribed while live, each at least the minimum, the customer's total at most
 *   the maximum, never beyond the supply; tokens = USDT ÷ price (8 places, rounded down),
 *   delivered once after the end.
 * - Conversion: refused on a price more than 10 s old; the quote lives its desk's seconds and
 *   converts only within its tolerance of the live rate; fee = gross × fee rate (rounded up),
 *   received = gross − fee (rounded down), both in the coin received.
 *
 * Ledger entries carry the database's time; the interest wallet's lowest-balance rule reads it,
 * so the test makes that time follow the simulated clock (a column default, test database only).
 *
 * SIM_RUNS sets the number of random scenarios (default 4); SIM_SEED (and SIM_PATH, default
 * "0") replay the seed a failure printed.
 */
const RUNS = Number(process.env.SIM_RUNS ?? 4);
/** Enough digits that one multiplication or division is exact where the rules round after it. */
const Exact = Decimal.clone({ precision: 60 });
const MIN = 60_000;
const HOUR = 60 * MIN;
const USERS = 3;
const D = (v: Decimal.Value) => new Decimal(v);
const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** A lock of n days pays the n UTC days after the day of joining and ends at the midnight after. */
const maturity = (joined: number, lockDays: number) =>
  lockDays > 0 ? dayStart(dayOf(joined)) + (lockDays + 1) * DAY_MS : null;
/** The coins' decimals (the wallet's catalogue). */
const dec = (coin: string) => ({ USDT: 6, BTC: 8 })[coin] ?? 8;
/** The interest wallet's terms for the run: a two-day holding period so rewards vest in a run. */
const FORTUNE = { rate: D("0.01"), reward: D(5), minimum: D(100), holdDays: 2 };
const DESK = EXCHANGE_DESKS.standard;

let t: TestPlatform;
let clock: SimClock;
const db = () => t.platform.deps.db;
const users: number[] = [];
type Product = typeof earnProducts.$inferSelect;
let products: Product[] = [];
const btc = { price: D(60000), time: 0 };
let wallet: WalletDeps;

/** The simulated clock, and the database's time for ledger entries with it. */
async function setTime(to: number) {
  clock.set(to);
  await db().execute(sql`update sim_now set t = ${new Date(to).toISOString()}`);
}

beforeAll(async () => {
  t = await testPlatform({}, { jobs: false });
  clock = simClock(Date.UTC(2031, 2, 1, 9, 17));
  await db().execute(sql`create table sim_now (t timestamptz not null)`);
  await db().execute(sql`insert into sim_now values (${new Date(clock.now()).toISOString()})`);
  await db().execute(
    sql`create function sim_now() returns timestamptz language sql stable as 'select t from sim_now'`,
  );
  await db().execute(sql`alter table ledger_entries alter column created_at set default sim_now()`);
  await db().execute(sql`alter table ledger_transactions alter column created_at set default sim_now()`);
  // Two short locks (so they mature within a run; the small pool runs out) beside the seeded
  // flexible pools.
  await db()
    .insert(earnProducts)
    .values([
      {
        kind: "staking",
        coin: "USDT",
        nameKey: "sim_staking_2",
        dailyRate: "0.006",
        poolTotal: "40000",
        poolRemaining: "40000",
        minPurchase: "100",
        maxPurchase: "30000",
        lockDays: 2,
        earlyExitPenalty: "0.03",
      },
      {
        kind: "lockup",
        coin: "BTC",
        nameKey: "sim_lockup_5",
        dailyRate: "0.004",
        poolTotal: "50",
        poolRemaining: "50",
        minPurchase: "0.01",
        maxPurchase: "1",
        lockDays: 5,
        earlyExitPenalty: "0.05",
      },
    ]);
  products = await db()
    .select()
    .from(earnProducts)
    .where(inArray(earnProducts.nameKey, ["usdt_mining", "btc_mining", "sim_staking_2", "sim_lockup_5"]));
  await setFortuneSettings(db(), {
    daily_rate: FORTUNE.rate.toFixed(),
    first_reward: FORTUNE.reward.toFixed(),
    reward_min_deposit: FORTUNE.minimum.toFixed(),
    reward_hold_days: String(FORTUNE.holdDays),
  });
  for (let i = 0; i < USERS; i++) {
    const { user } = await registerByEmail(t);
    users.push(user.id);
    await db().transaction((tx) =>
      post(tx, {
        kind: "deposit",
        postings: [
          ...transfer({ platform: "deposits" }, { user: user.id, wallet: "spot" }, "USDT", "10000000"),
          ...transfer({ platform: "deposits" }, { user: user.id, wallet: "spot" }, "BTC", "1000"),
        ],
      }),
    );
  }
  wallet = {
    db: db(),
    now: clock.now,
    priceUsdt: (coin) => (coin === "USDT" ? D(1) : btc.price),
    livePrice: (coin) =>
      coin === "USDT"
        ? { price: D(1), time: clock.now() }
        : coin === "BTC"
          ? { price: btc.price, time: btc.time }
          : undefined,
    cnyRate: "7.2",
    depositXpub: "",
    eosAccount: "",
  };
  for (const u of users) model.spot.set(u, { USDT: D(10000000), BTC: D(1000) });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// ---- The model: what happened, and what the rules say follows -----------------------------

type ModelParticipation = {
  id: number;
  user: number;
  product: Product;
  amount: Decimal;
  startedAt: number;
  endsAt: number | null;
  exitedAt?: number;
  penalty: Decimal;
};
type ModelSubscription = { id: number; user: number; project: number; paid: Decimal; tokens: Decimal };
const model = {
  participations: [] as ModelParticipation[],
  /** Pool left per product, as joins and exits leave it. */
  pool: new Map<number, Decimal>(),
  /** Every change of each customer's interest wallet, in order. */
  fortune: new Map<number, { time: number; delta: Decimal }[]>(),
  reward: new Map<number, { status: "pending" | "lapsed" | "paid"; vestsAt: number }>(),
  checkins: new Map<number, { day: string; streak: number; amount: Decimal }[]>(),
  subscriptions: [] as ModelSubscription[],
  delivered: new Set<number>(),
  /** Spot balances from the customers' own actions (income and rewards are added when checked). */
  spot: new Map<number, Record<string, Decimal>>(),
  passes: [] as number[],
};
const spotOf = (u: number) => model.spot.get(u) as Record<string, Decimal>;
const addSpot = (u: number, coin: string, delta: Decimal) => {
  const s = spotOf(u);
  s[coin] = (s[coin] ?? D(0)).plus(delta);
};
const fortuneBalance = (u: number) => (model.fortune.get(u) ?? []).reduce((s, m) => s.plus(m.delta), D(0));

/** Why a call was refused (its message key), or "ok". */
const outcomes = new Map<string, number>();
const outcome = (promise: Promise<unknown>) =>
  promise
    .then(
      () => "ok",
      (error: { messageKey?: string }) => {
        if (!error.messageKey) throw error;
        return error.messageKey;
      },
    )
    .then((key) => {
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      return key;
    });

// ---- The world the simulation drives -------------------------------------------------------

/** The job's pass as the leader runs it; `race`: a second instance runs it at the same time. */
async function pass(race: boolean) {
  const now = clock.now();
  if (race) await Promise.all([earnDaily(db(), now), earnDaily(db(), now)]);
  else await earnDaily(db(), now);
  model.passes.push(now);
  // Releases at maturity, as the rules say: principal back in full, dated at the maturity.
  for (const p of model.participations)
    if (p.exitedAt === undefined && p.endsAt !== null && p.endsAt <= now) {
      p.exitedAt = p.endsAt;
      addSpot(p.user, p.product.coin, p.amount);
      model.pool.set(p.product.id, poolLeft(p.product).plus(p.amount));
    }
  // Rewards whose holding period is over.
  for (const r of model.reward.values()) if (r.status === "pending" && r.vestsAt <= now) r.status = "paid";
}
const poolLeft = (p: Product) => Decimal.min(model.pool.get(p.id) ?? D(p.poolRemaining), D(p.poolTotal));

/** Moves the clock on, the job running every `every` minutes (or not at all while down). */
async function advance(to: number, every: number, race = false, down = false) {
  while (clock.now() < to) {
    await setTime(Math.min(to, clock.now() + every * MIN));
    if (!down) await pass(race);
  }
}

const user = fc.nat(USERS - 1);
const op = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("wait" as const),
      minutes: fc.integer({ min: 1, max: 30 * 60 }),
      race: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("join" as const),
      u: user,
      p: fc.nat(3),
      // In hundredths of the product's minimum: some below it, some beyond the maximum.
      size: fc.integer({ min: 50, max: 40000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("exit" as const), u: user, k: fc.nat(5) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("fortuneIn" as const),
      u: user,
      micros: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1_000_000, max: 400_000_000 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("fortuneOut" as const),
      u: user,
      tenths: fc.integer({ min: 1, max: 10 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("checkin" as const), u: user }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("subscribe" as const),
      u: user,
      cents: fc.integer({ min: 500, max: 80000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("convert" as const),
      u: user,
      sell: fc.boolean(),
      units: fc.integer({ min: 1, max: 50000 }),
      age: fc.integer({ min: 0, max: 14 }),
      delay: fc.integer({ min: 0, max: 14 }),
      bp: fc.integer({ min: -80, max: 80 }),
    }),
  },
  fc.record({
    kind: fc.constant("outage" as const),
    // Mostly hours to three days; now and then longer than the interest wallet's week.
    minutes: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 30, max: 72 * 60 }) },
      { weight: 1, arbitrary: fc.integer({ min: 8 * 24 * 60, max: 12 * 24 * 60 }) },
    ),
  }),
  fc.record({ kind: fc.constant("restart" as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
/**
 * A run: money in the interest wallet, a pool and a lock, a subscription and a check-in first,
 * then two days or more (so every rule is exercised), then random operations.
 */
const scenario = fc.record({
  opening: fc.tuple(
    fc.record({
      kind: fc.constant("fortuneIn" as const),
      u: user,
      micros: fc.integer({ min: 50_000_000, max: 400_000_000 }),
    }),
    fc.record({
      kind: fc.constant("join" as const),
      u: user,
      p: fc.constantFrom(0, 1),
      size: fc.integer({ min: 100, max: 1000 }),
    }),
    fc.record({
      kind: fc.constant("join" as const),
      u: user,
      p: fc.constantFrom(2, 3),
      size: fc.integer({ min: 100, max: 1000 }),
    }),
    fc.record({
      kind: fc.constant("subscribe" as const),
      u: user,
      cents: fc.integer({ min: 1000, max: 40000 }),
    }),
    fc.record({ kind: fc.constant("checkin" as const), u: user }),
    // Long enough for a whole UTC day of income and interest.
    fc.record({
      kind: fc.constant("wait" as const),
      minutes: fc.integer({ min: 49 * 60, max: 60 * 60 }),
      race: fc.boolean(),
    }),
  ),
  ops: fc.array(op, { minLength: 5, maxLength: 24 }),
  /** How often the job gets to run, in minutes (it is due every ten; a busy leader is late). */
  every: fc.integer({ min: 60, max: 8 * 60 }),
  launch: fc.record({
    price: fc.constantFrom("0.05", "0.2", "1.25"),
    supply: fc.integer({ min: 5000, max: 60000 }),
    opensIn: fc.integer({ min: -120, max: 6 * 60 }),
    minutes: fc.integer({ min: 12 * 60, max: 3 * 24 * 60 }),
  }),
});

let project: typeof launchpadProjects.$inferSelect;
let projectLeft = D(0);
let every = 60;

/** A customer leaves: a lock left before its maturity keeps its penalty. */
async function leave(target: ModelParticipation) {
  const now = clock.now();
  await exitParticipation(db(), target.user, target.id, now);
  const early = target.endsAt !== null && target.endsAt > now;
  target.penalty = early
    ? target.amount
        .mul(target.product.earlyExitPenalty)
        .toDecimalPlaces(dec(target.product.coin), Decimal.ROUND_UP)
    : D(0);
  target.exitedAt = now;
  addSpot(target.user, target.product.coin, target.amount.minus(target.penalty));
  model.pool.set(target.product.id, poolLeft(target.product).plus(target.amount));
}

async function run(o: Op) {
  const now = clock.now();
  switch (o.kind) {
    case "wait":
      return advance(now + o.minutes * MIN, every, o.race);
    case "outage":
      // Down: no job and no customer; the instance comes back and runs its job.
      await advance(now + o.minutes * MIN, every, false, true);
      return pass(false);
    case "restart":
      // Nothing of the earn job lives in memory: a new instance's first pass is an ordinary one.
      return pass(false);
    case "join": {
      const product = products[o.p] as Product;
      const amount = D(product.minPurchase).mul(o.size).div(100).toDecimalPlaces(dec(product.coin));
      const held = model.participations
        .filter((p) => p.user === users[o.u] && p.product.id === product.id && p.exitedAt === undefined)
        .reduce((s, p) => s.plus(p.amount), D(0));
      const want = amount.gt(poolLeft(product))
        ? "earn.exceeds_pool"
        : amount.lt(product.minPurchase)
          ? "earn.below_minimum"
          : amount.gt(product.maxPurchase)
            ? "earn.above_maximum"
            : held.plus(amount).gt(product.maxPurchase)
              ? "earn.above_maximum_held"
              : "ok";
      let row: { id: number } | undefined;
      const got = await outcome(
        participate(db(), users[o.u] as number, product.id, amount.toFixed(), now).then((r) => {
          row = r;
        }),
      );
      expect({ join: product.nameKey, amount: amount.toFixed(), held: held.toFixed(), got }).toEqual({
        join: product.nameKey,
        amount: amount.toFixed(),
        held: held.toFixed(),
        got: want,
      });
      if (!row) return;
      model.participations.push({
        id: row.id,
        user: users[o.u] as number,
        product,
        amount,
        startedAt: now,
        endsAt: maturity(now, product.lockDays),
        penalty: D(0),
      });
      model.pool.set(product.id, poolLeft(product).minus(amount));
      addSpot(users[o.u] as number, product.coin, amount.neg());
      return;
    }
    case "exit": {
      const mine = model.participations.filter((p) => p.user === users[o.u] && p.exitedAt === undefined);
      const target = mine[o.k % Math.max(1, mine.length)];
      if (target) await leave(target);
      return;
    }
    case "fortuneIn": {
      const u = users[o.u] as number;
      const amount = D(o.micros).div(1_000_000);
      await fortuneDeposit(db(), u, amount.toFixed(), now);
      model.fortune.set(u, [...(model.fortune.get(u) ?? []), { time: now, delta: amount }]);
      addSpot(u, "USDT", amount.neg());
      const reward = model.reward.get(u);
      if ((!reward || reward.status === "lapsed") && fortuneBalance(u).gte(FORTUNE.minimum))
        model.reward.set(u, { status: "pending", vestsAt: now + FORTUNE.holdDays * DAY_MS });
      return;
    }
    case "fortuneOut": {
      const u = users[o.u] as number;
      const amount = fortuneBalance(u).mul(o.tenths).div(10).toDecimalPlaces(6, Decimal.ROUND_DOWN);
      if (amount.lte(0)) return;
      await fortuneWithdraw(db(), u, amount.toFixed(), now);
      model.fortune.set(u, [...(model.fortune.get(u) ?? []), { time: now, delta: amount.neg() }]);
      addSpot(u, "USDT", amount);
      const reward = model.reward.get(u);
      if (reward?.status === "pending" && reward.vestsAt > now && fortuneBalance(u).lt(FORTUNE.minimum))
        reward.status = "lapsed";
      return;
    }
    case "checkin": {
      const u = users[o.u] as number;
      const list = model.checkins.get(u) ?? [];
      const last = list.at(-1);
      const today = dayOf(now);
      const got = await outcome(checkin(db(), u, now));
      if (last?.day === today) {
        expect(got).toBe("earn.checked_in");
        return;
      }
      expect(got).toBe("ok");
      const streak = ((last?.day === dayOf(now - DAY_MS) ? last.streak : 0) % CHECKIN_REWARDS.length) + 1;
      const amount = D(CHECKIN_REWARDS[streak - 1] as string);
      model.checkins.set(u, [...list, { day: today, streak, amount }]);
      addSpot(u, "USDT", amount);
      return;
    }
    case "subscribe": {
      const u = users[o.u] as number;
      const paid = D(o.cents).div(100);
      const tokens = paid.div(project.price).toDecimalPlaces(8, Decimal.ROUND_DOWN);
      const mine = model.subscriptions
        .filter((s) => s.user === u && s.project === project.id)
        .reduce((s, x) => s.plus(x.paid), D(0));
      const want =
        now < project.startsAt.getTime()
          ? "earn.launch_not_started"
          : now >= project.endsAt.getTime()
            ? "earn.launch_ended"
            : paid.lt(project.minPerUser)
              ? "earn.below_minimum"
              : mine.plus(paid).gt(project.maxPerUser)
                ? "earn.above_maximum"
                : tokens.gt(projectLeft)
                  ? "earn.sold_out"
                  : "ok";
      let row: { id: number } | undefined;
      const got = await outcome(
        subscribe(db(), u, project.id, paid.toFixed(), now).then((r) => {
          row = r;
        }),
      );
      expect({ subscribe: paid.toFixed(), got }).toEqual({ subscribe: paid.toFixed(), got: want });
      if (!row) return;
      model.subscriptions.push({ id: row.id, user: u, project: project.id, paid, tokens });
      projectLeft = projectLeft.minus(tokens);
      addSpot(u, "USDT", paid.neg());
      return;
    }
    case "convert": {
      const u = users[o.u] as number;
      // The price the quote sees was printed `age` seconds ago.
      btc.time = now - o.age * 1000;
      const [from, to] = o.sell ? ["BTC", "USDT"] : ["USDT", "BTC"];
      const amount = o.sell ? D(o.units).div(10000) : D(o.units).div(10);
      let quoted: { quote_id: string } | undefined;
      const got = await outcome(
        quoteExchange(wallet, u, { from, to, amount: amount.toFixed() }).then((q) => {
          quoted = q;
        }),
      );
      const stale = o.age * 1000 > STALE_AFTER_MS;
      expect({ quote: o.age, got }).toEqual({ quote: o.age, got: stale ? "wallet.stale_price" : "ok" });
      if (!quoted) return;
      const rateAt = (p: Decimal) => (o.sell ? p : D(1).div(p));
      const quotedRate = rateAt(btc.price).toDecimalPlaces(18, Decimal.ROUND_DOWN);
      // What `amount` is worth, in one exact step (times the price, or divided by it): through
      // the rate rounded to 20 digits, a value exactly on a satoshi (0.0512 BTC) came out a hair
      // above it and its fee, rounded up, a satoshi more than the rules say.
      const gross = new Decimal(o.sell ? new Exact(amount).mul(btc.price) : new Exact(amount).div(btc.price));
      const fee = gross.mul(DESK.fee_rate).toDecimalPlaces(dec(to), Decimal.ROUND_UP);
      const receive = gross.minus(fee).toDecimalPlaces(dec(to), Decimal.ROUND_DOWN);
      // The customer takes `delay` seconds; the market moves `bp` basis points meanwhile.
      await setTime(now + o.delay * 1000);
      btc.price = btc.price.mul(D(1).plus(D(o.bp).div(10000))).toDecimalPlaces(2);
      btc.time = clock.now();
      const drift = rateAt(btc.price).minus(quotedRate).abs().div(quotedRate);
      const want =
        o.delay * 1000 >= DESK.ttl_seconds * 1000
          ? "wallet.quote_expired"
          : drift.gt(DESK.price_tolerance)
            ? "wallet.price_moved"
            : "ok";
      const done = await outcome(executeExchange(wallet, u, quoted.quote_id));
      expect({ convert: `${amount} ${from}`, delay: o.delay, bp: o.bp, done }).toEqual({
        convert: `${amount} ${from}`,
        delay: o.delay,
        bp: o.bp,
        done: want,
      });
      if (want !== "ok") return;
      addSpot(u, from, amount.neg());
      addSpot(u, to, receive);
      return;
    }
  }
}

// ---- The independent calculation, from the stated rules -------------------------------------

/** Every income payment the rules owe by the last pass: participation, day, amount. */
function expectedIncome() {
  const lastPass = model.passes.at(-1) as number;
  const out: { id: number; user: number; coin: string; day: string; amount: string }[] = [];
  for (const p of model.participations) {
    const perDay = p.amount.mul(p.product.dailyRate).toDecimalPlaces(dec(p.product.coin), Decimal.ROUND_DOWN);
    if (perDay.lte(0)) continue;
    const ends = Math.min(p.exitedAt ?? Infinity, p.endsAt ?? Infinity, lastPass);
    // Whole UTC days held: from the day after joining to the day before leaving or maturing.
    for (let d = dayStart(dayOf(p.startedAt)) + DAY_MS; d + DAY_MS <= dayStart(dayOf(ends)); d += DAY_MS)
      out.push({ id: p.id, user: p.user, coin: p.product.coin, day: dayOf(d), amount: perDay.toFixed() });
  }
  return out.sort((a, b) => a.id - b.id || a.day.localeCompare(b.day));
}

/** Every day's interest on each customer's lowest balance of the day, up to the last pass. */
function expectedInterest() {
  const lastPass = model.passes.at(-1) as number;
  const out: { user: number; day: string; amount: string }[] = [];
  for (const [u, moves] of model.fortune) {
    if (moves.length === 0) continue;
    for (
      let d = dayStart(dayOf((moves[0] as { time: number }).time));
      d + DAY_MS <= dayStart(dayOf(lastPass));
      d += DAY_MS
    ) {
      let running = moves.filter((m) => m.time < d).reduce((s, m) => s.plus(m.delta), D(0));
      let lowest = running;
      for (const m of moves.filter((x) => x.time >= d && x.time < d + DAY_MS)) {
        running = running.plus(m.delta);
        lowest = Decimal.min(lowest, running);
      }
      const interest = lowest.mul(FORTUNE.rate).toDecimalPlaces(6, Decimal.ROUND_DOWN);
      if (interest.gt(0)) out.push({ user: u, day: dayOf(d), amount: interest.toFixed() });
    }
  }
  return out.sort((a, b) => a.user - b.user || a.day.localeCompare(b.day));
}

// ---- The property ----------------------------------------------------------------------------

describe("earn and conversion on a simulated clock", () => {
  it(
    "pay every customer what the stated rules say, through outages, restarts and two runners",
    async () => {
      let runNo = 0;
      const seen = {
        income: 0,
        interest: 0,
        rewards: 0,
        checkins: 0,
        delivered: 0,
        penalties: 0,
      };
      await fc.assert(
        fc.asyncProperty(scenario, async (s) => {
          runNo++;
          every = s.every;
          const opens = clock.now() + s.launch.opensIn * MIN;
          const [created] = await db()
            .insert(launchpadProjects)
            .values({
              token: `SIM${runNo}`,
              name: `Simulated ${runNo}`,
              descriptionKey: "bcn",
              price: s.launch.price,
              totalSupply: String(s.launch.supply),
              remaining: String(s.launch.supply),
              minPerUser: "10",
              maxPerUser: "400",
              startsAt: new Date(opens),
              endsAt: new Date(opens + s.launch.minutes * MIN),
            })
            .returning();
          project = created as typeof project;
          projectLeft = D(s.launch.supply);

          for (const o of [...s.opening, ...s.ops]) await run(o);

          // Wind down: everyone leaves the flexible pools and empties the interest wallet, the
          // locks mature, the sale ends and is delivered (by two operators at once), and the job
          // gets to every day that is over.
          for (const p of model.participations.filter((x) => x.exitedAt === undefined && x.endsAt === null))
            await leave(p);
          for (const [i, u] of users.entries())
            if (fortuneBalance(u).gt(0)) await run({ kind: "fortuneOut", u: i, tenths: 10 });
          const until = Math.max(
            clock.now() + DAY_MS + HOUR,
            project.endsAt.getTime() + MIN,
            ...model.participations
              .filter((p) => p.exitedAt === undefined)
              .map((p) => (p.endsAt as number) + HOUR),
          );
          await advance(until, every);
          await advance(clock.now() + DAY_MS, every);
          const delivered = await Promise.all([
            distribute(db(), project.id, clock.now()),
            distribute(db(), project.id, clock.now()),
          ]);
          const mineNow = model.subscriptions.filter((x) => x.project === project.id);
          expect(delivered[0] + delivered[1]).toBe(mineNow.length);
          for (const x of mineNow) addSpot(x.user, project.token, x.tokens);
          seen.delivered += mineNow.length;

          // Income of pools, staking and lock-up: payment by payment.
          const income = expectedIncome();
          const ids = model.participations.map((p) => p.id);
          const incomeRows = ids.length
            ? await db().select().from(earnIncome).where(inArray(earnIncome.participationId, ids))
            : [];
          expect(
            incomeRows
              .map((r) => ({
                id: r.participationId as number,
                user: r.userId,
                coin: r.coin,
                day: r.day,
                amount: D(r.amount).toFixed(),
              }))
              .sort((a, b) => a.id - b.id || a.day.localeCompare(b.day)),
          ).toEqual(income);
          seen.income += income.length;
          // Each participation: its end, its penalty, its income total.
          const rows = ids.length
            ? await db().select().from(earnParticipations).where(inArray(earnParticipations.id, ids))
            : [];
          for (const p of model.participations) {
            const row = rows.find((r) => r.id === p.id);
            expect({
              id: p.id,
              status: row?.status,
              exitedAt: row?.exitedAt?.getTime(),
              penalty: D(row?.penalty ?? -1).toFixed(),
              income: D(row?.income ?? -1).toFixed(),
            }).toEqual({
              id: p.id,
              status: "exited",
              exitedAt: p.exitedAt,
              penalty: p.penalty.toFixed(),
              income: income
                .filter((x) => x.id === p.id)
                .reduce((s, x) => s.plus(x.amount), D(0))
                .toFixed(),
            });
            if (p.penalty.gt(0)) seen.penalties++;
          }

          // The interest wallet: day by day, and the first-participation reward.
          const interest = expectedInterest();
          const interestRows = await db()
            .select()
            .from(earnIncome)
            .where(inArray(earnIncome.userId, users))
            .then((all) => all.filter((r) => r.source === "fortune"));
          expect(
            interestRows
              .map((r) => ({ user: r.userId, day: r.day, amount: D(r.amount).toFixed() }))
              .sort((a, b) => a.user - b.user || a.day.localeCompare(b.day)),
          ).toEqual(interest);
          seen.interest = interest.length;
          const rewards = await db().select().from(earnRewards).where(inArray(earnRewards.userId, users));
          for (const u of users) {
            const row = rewards.find((r) => r.userId === u);
            expect({ user: u, status: row?.status }).toEqual({
              user: u,
              status: model.reward.get(u)?.status,
            });
          }
          seen.rewards = [...model.reward.values()].filter((r) => r.status === "paid").length;

          // Check-ins.
          const checkins = await db()
            .select()
            .from(dailyCheckins)
            .where(inArray(dailyCheckins.userId, users));
          for (const u of users)
            expect(
              checkins
                .filter((c) => c.userId === u)
                .map((c) => ({ day: c.day, streak: c.streak, amount: D(c.amount).toFixed() }))
                .sort((a, b) => a.day.localeCompare(b.day)),
            ).toEqual((model.checkins.get(u) ?? []).map((c) => ({ ...c, amount: c.amount.toFixed() })));
          seen.checkins = [...model.checkins.values()].reduce((n, l) => n + l.length, 0);

          // The launchpad: every subscription delivered once, its tokens as priced.
          const subs = await db()
            .select()
            .from(launchpadSubscriptions)
            .where(eq(launchpadSubscriptions.projectId, project.id));
          expect(
            subs
              .map((x) => ({ id: x.id, status: x.status, tokens: D(x.tokens).toFixed() }))
              .sort((a, b) => a.id - b.id),
          ).toEqual(mineNow.map((x) => ({ id: x.id, status: "delivered", tokens: x.tokens.toFixed() })));

          // Every customer's wallets: spot is their own actions plus everything the rules paid.
          for (const u of users) {
            const want = { ...spotOf(u) };
            const plus = (coin: string, v: Decimal.Value) => {
              want[coin] = (want[coin] ?? D(0)).plus(v);
            };
            for (const x of income.filter((i) => i.user === u)) plus(x.coin, x.amount);
            for (const x of interest.filter((i) => i.user === u)) plus("USDT", x.amount);
            if (model.reward.get(u)?.status === "paid") plus("USDT", FORTUNE.reward);
            for (const [coin, amount] of Object.entries(want)) {
              const got = (await balanceOf(db(), u, "spot", coin)).available;
              expect({ user: u, coin, spot: got.toFixed() }).toEqual({
                user: u,
                coin,
                spot: amount.toFixed(),
              });
            }
            for (const coin of ["USDT", "BTC"])
              expect((await balanceOf(db(), u, "earn", coin)).available.toFixed()).toBe("0");
            expect((await balanceOf(db(), u, "fortune", "USDT")).available.toFixed()).toBe("0");
          }

          const audit = await auditLedger(db());
          if (!audit.ok) throw new Error(formatAudit(audit));
        }),
        {
          numRuns: RUNS,
          endOnFailure: true,
          ...(process.env.SIM_SEED
            ? { seed: Number(process.env.SIM_SEED), path: process.env.SIM_PATH ?? "0" }
            : {}),
        },
      );
      if (process.env.SIM_VERBOSE) console.log(seen, outcomes);
      // The runs must have exercised the rules.
      expect(seen.income).toBeGreaterThan(0);
      expect(seen.interest).toBeGreaterThan(0);
      expect(seen.checkins).toBeGreaterThan(0);
    },
    60_000 + RUNS * 45_000,
  );
});
