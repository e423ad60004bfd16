import Decimal from "decimal.js";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLedger, formatAudit } from "../platform/ledger/audit.ts";
import { balanceOf, post, transfer } from "../platform/ledger/ledger.ts";
import { createOptionsJob } from "../platform/options/jobs.ts";
import { placeBet, settleDue } from "../platform/options/service.ts";
import { optionBets, optionProducts } from "../platform/options/tables.ts";
import { closePosition, placeContractOrder, type TradingDeps } from "../platform/trading/contracts.ts";
import { payFunding } from "../platform/trading/funding.ts";
import { fundingPayments, positions, tradingParams } from "../platform/trading/tables.ts";
import { registerByEmail } from "./support/accounts.ts";
import { type TestPlatform, testPlatform } from "./support/platform.ts";
import { type SimClock, type SimMarket, simClock, simMarket } from "./support/sim-market.ts";

/**
 * Funding and timed contracts on a simulated clock (issue 18, "make the rules executable"). The
 * real jobs — the funding pass and the timed contracts' tick log and settlement — run on a clock
 * the test moves, over simulated days of random opens, partial and full closes, bets, price
 * moves, outages of hours to days (the platform down: no job, no customer, no tick logged; the
 * candles back-filled on restart), restarts, and two runners at once. Afterwards every funding
 * payment and every bet's settlement is compared with an independent calculation written from
 * the stated rules below, per customer too, and the ledger audit must pass.
 *
 * Funding (the contract screen and README): due at 00:00, 08:00 and 16:00 UTC on every perpetual
 * position open then (opened at or before, not closed before); it is mark × quantity held then ×
 * rate, to 8 places, longs paying and shorts receiving when the rate is positive. The mark is the
 * last price before the funding time; the rate is 0.01 % plus 0.05 % × (long − short) / (long +
 * short) open interest (entry notional held then), within ±0.75 %, to 8 places.
 *
 * Timed contracts (the bet screen): a bet joins the next round to start; the round's open and
 * close prices are the last logged ticks at or before its start and its end (within a minute);
 * up or down by comparing them, level when equal, void when either is missing. A win pays the
 * amount × (1 + odds) (cents, rounded down), a level round returns the amount, a void round the
 * amount and the fee (1 %, cents, rounded up), a loss nothing.
 *
 * SIM_RUNS sets the number of random scenarios (default 5).
 */
const RUNS = Number(process.env.SIM_RUNS ?? 5);
const MIN = 60_000;
const HOUR = 60 * MIN;
const FUNDING_EVERY = 8 * HOUR;
const USERS = 3;
const CODES = ["btc/usdt", "eth/usdt"] as const;
type Code = (typeof CODES)[number];
/**
 * The timed products the simulation bets on. The others are switched off: settling every empty
 * round of every product over simulated days is most of the suite's time.
 */
const TIMED: [Code, number][] = [["btc/usdt", 600]];
const D = (v: Decimal.Value) => new Decimal(v);

let t: TestPlatform;
let clock: SimClock;
let market: SimMarket;
let deps: TradingDeps;
let job: Awaited<ReturnType<typeof createOptionsJob>>;
const users: number[] = [];
const steps = new Map<string, Decimal>();
let products: (typeof optionProducts.$inferSelect)[] = [];
const price: Record<Code, Decimal> = { "btc/usdt": D(60000), "eth/usdt": D(3000) };

/** Everything the market printed (up: heard by the platform; down: only back-filled candles). */
const prints: { code: string; time: number; price: Decimal; up: boolean }[] = [];
const db = () => t.platform.deps.db;

beforeAll(async () => {
  t = await testPlatform({}, { jobs: false });
  clock = simClock(Date.UTC(2031, 0, 1, 0, 30));
  market = simMarket(db(), t.platform.bus, clock);
  deps = { ...t.platform.trading, prices: market.prices, spot: market.engine, now: clock.now };
  for (const p of await db()
    .select()
    .from(tradingParams)
    .where(inArray(tradingParams.code, [...CODES])))
    steps.set(p.code, D(p.quantityStep));
  const all = await db().select().from(optionProducts);
  products = all.filter((p) => TIMED.some(([c, s]) => p.code === c && p.periodSeconds === s));
  await db()
    .update(optionProducts)
    .set({ enabled: false })
    .where(
      notInArray(
        optionProducts.id,
        products.map((p) => p.id),
      ),
    );
  for (let i = 0; i < USERS; i++) {
    const { user } = await registerByEmail(t);
    users.push(user.id);
    await db().transaction((tx) =>
      post(tx, {
        kind: "deposit",
        postings: [
          ...transfer({ platform: "deposits" }, { user: user.id, wallet: "contract" }, "USDT", "10000000"),
          ...transfer({ platform: "deposits" }, { user: user.id, wallet: "spot" }, "USDT", "10000000"),
        ],
      }),
    );
  }
  job = await createOptionsJob({ db: db(), bus: t.platform.bus, now: clock.now });
  for (const code of CODES) await print(code);
  await payFunding(deps);
}, 60_000);
afterAll(async () => {
  await job?.stop();
  await t?.close();
});

// ---- The world the simulation drives -------------------------------------------------------

let up = true;
async function print(code: Code) {
  await market.print(code, price[code], up);
  prints.push({ code, time: clock.now(), price: price[code], up });
}

/** The jobs' pass, as the leader runs it; `race`: a second instance runs it at the same time. */
async function passes(race = false) {
  if (!up) return;
  if (race)
    await Promise.all([payFunding(deps), payFunding({ ...deps }), job.pass(), settleDue(db(), clock.now())]);
  else {
    await payFunding(deps);
    await job.pass();
  }
}

/** Moves the clock on, the market printing at least every 50 minutes and the jobs running while up. */
async function advance(to: number, race = false) {
  while (clock.now() < to) {
    clock.set(Math.min(to, clock.now() + 50 * MIN));
    for (const code of CODES) {
      const lastPrint = prints.findLast((p) => p.code === code);
      if (!lastPrint || clock.now() - lastPrint.time >= 50 * MIN) await print(code);
    }
    await passes(race);
  }
}

async function restart() {
  await job.stop();
  job = await createOptionsJob({ db: db(), bus: t.platform.bus, now: clock.now });
  deps = { ...deps }; // nothing kept in memory between passes: a new instance starts the same
}

type ModelPosition = {
  id: number;
  user: number;
  code: Code;
  side: "buy" | "sell";
  quantity: Decimal;
  entry: Decimal;
  openedAt: number;
  closes: { time: number; quantity: Decimal }[];
  closedAt?: number;
};
type ModelBet = {
  id: number;
  user: number;
  product: typeof optionProducts.$inferSelect;
  direction: "up" | "down";
  amount: Decimal;
  placedAt: number;
};

// ---- What the simulation does --------------------------------------------------------------

const user = fc.nat(USERS - 1);
const code = fc.constantFrom(...CODES);
const op = fc.oneof(
  fc.record({
    kind: fc.constant("wait" as const),
    minutes: fc.integer({ min: 1, max: 600 }),
    race: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("move" as const), code, bp: fc.integer({ min: -300, max: 300 }) }),
  fc.record({
    kind: fc.constant("open" as const),
    u: user,
    code,
    side: fc.constantFrom("buy" as const, "sell" as const),
    steps: fc.integer({ min: 1, max: 50 }),
    leverage: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({ kind: fc.constant("close" as const), u: user, tenths: fc.integer({ min: 1, max: 10 }) }),
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("bet" as const),
      u: user,
      p: fc.nat(TIMED.length - 1),
      direction: fc.constantFrom("up" as const, "down" as const),
      amount: fc.integer({ min: 1000, max: 50000 }).map((c) => D(c).div(100)),
      // Walk through the round: print its opening and closing prices (or not: a void round).
      walk: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
      openTick: fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined, freq: 6 }),
      closeTick: fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined, freq: 6 }),
      move: fc.constantFrom(-1, 0, 1),
    }),
  },
  fc.record({ kind: fc.constant("outage" as const), minutes: fc.integer({ min: 30, max: 40 * 60 }) }),
  fc.record({ kind: fc.constant("restart" as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
/**
 * A run: some positions first (so funding is always exercised), random operations, then the
 * market held for up to 30 hours (across one to four funding times) before everyone closes.
 */
const scenario = fc.record({
  opening: fc.array(
    fc.record({
      kind: fc.constant("open" as const),
      u: user,
      code,
      side: fc.constantFrom("buy" as const, "sell" as const),
      steps: fc.integer({ min: 1, max: 50 }),
      leverage: fc.integer({ min: 1, max: 5 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  ops: fc.array(op, { minLength: 3, maxLength: 14 }),
  holdMinutes: fc.integer({ min: 8 * 60, max: 30 * 60 }),
});

async function run(o: Op, model: { positions: ModelPosition[]; bets: ModelBet[] }) {
  switch (o.kind) {
    case "wait":
      return advance(clock.now() + o.minutes * MIN, o.race);
    case "move":
      price[o.code] = price[o.code].mul(D(1).plus(D(o.bp).div(10000))).toDecimalPlaces(2);
      return print(o.code);
    case "open": {
      await print(o.code);
      const quantity = (steps.get(o.code) as Decimal).mul(o.steps).mul(100);
      const { position } = await placeContractOrder(deps, users[o.u] as number, {
        code: o.code,
        contract_type: "perpetual",
        type: "market",
        side: o.side,
        quantity: quantity.toFixed(),
        leverage: o.leverage,
      });
      if (!position) throw new Error("a market order opened no position");
      expect(D(position.entryPrice).eq(price[o.code])).toBe(true);
      model.positions.push({
        id: position.id,
        user: users[o.u] as number,
        code: o.code,
        side: o.side,
        quantity,
        entry: price[o.code],
        openedAt: clock.now(),
        closes: [],
      });
      return;
    }
    case "close": {
      const target = model.positions.find((p) => p.user === users[o.u] && p.closedAt === undefined);
      if (!target) return;
      const held = target.quantity.minus(target.closes.reduce((s, c) => s.plus(c.quantity), D(0)));
      const step = steps.get(target.code) as Decimal;
      const part = held.mul(o.tenths).div(10).div(step).floor().mul(step);
      const quantity = part.gt(0) ? part : held;
      await print(target.code);
      await closePosition(deps, target.id, {
        userId: target.user,
        reason: "manual",
        quantity,
        price: market.prices.best(target.code, target.side === "buy" ? "sell" : "buy"),
      });
      target.closes.push({ time: clock.now(), quantity });
      if (quantity.eq(held)) target.closedAt = clock.now();
      return;
    }
    case "bet": {
      const product = products[o.p] as typeof optionProducts.$inferSelect;
      const c = product.code as Code;
      await print(c);
      const bet = await placeBet(
        db(),
        users[o.u] as number,
        { product_id: product.id, direction: o.direction, amount: o.amount.toFixed() },
        clock.now(),
        market.view.ticker(c)?.time,
      );
      model.bets.push({
        id: bet.id,
        user: users[o.u] as number,
        product,
        direction: o.direction,
        amount: o.amount,
        placedAt: clock.now(),
      });
      if (!o.walk) return;
      const start = bet.roundStart;
      const end = bet.roundEnd;
      if (o.openTick !== undefined) {
        await advance(start - o.openTick * 1000);
        await print(c);
      }
      if (o.closeTick !== undefined) {
        await advance(end - o.closeTick * 1000);
        price[c] = price[c].mul(D(1).plus(D(o.move).div(1000))).toDecimalPlaces(2);
        await print(c);
      }
      return advance(end + 2000);
    }
    case "outage":
      // Down: no job, no customer, no tick in the log; the candles come back on restart.
      await job.stop();
      up = false;
      await advance(clock.now() + o.minutes * MIN);
      up = true;
      await restart();
      for (const c of CODES) await print(c);
      return passes();
    case "restart":
      return restart();
  }
}

// ---- The independent calculation, from the stated rules -------------------------------------

/** The last price printed strictly before `time` (the back-filled candles count). */
function markBefore(code: string, time: number): Decimal {
  const p = prints.findLast((x) => x.code === code && x.time < time);
  if (!p) throw new Error(`no price before ${new Date(time).toISOString()}`);
  return p.price;
}

const heldAt = (p: ModelPosition, time: number) =>
  p.quantity.minus(p.closes.filter((c) => c.time < time).reduce((s, c) => s.plus(c.quantity), D(0)));
const openAt = (p: ModelPosition, time: number) =>
  p.openedAt <= time && (p.closedAt === undefined || p.closedAt >= time);

function expectedFunding(all: ModelPosition[]) {
  const out: { position: number; user: number; time: number; amount: string }[] = [];
  for (const p of all) {
    const last = p.closedAt as number;
    for (
      let time = Math.ceil(p.openedAt / FUNDING_EVERY) * FUNDING_EVERY;
      time <= last;
      time += FUNDING_EVERY
    ) {
      let long = D(0);
      let short = D(0);
      for (const q of all) {
        if (q.code !== p.code || !openAt(q, time)) continue;
        const notional = heldAt(q, time).mul(q.entry);
        if (q.side === "buy") long = long.plus(notional);
        else short = short.plus(notional);
      }
      const lean = long.minus(short).div(long.plus(short));
      const rate = Decimal.min(
        Decimal.max(D("0.0001").plus(lean.mul("0.0005")), -0.0075),
        0.0075,
      ).toDecimalPlaces(8);
      const paid = markBefore(p.code, time)
        .mul(heldAt(p, time))
        .mul(rate)
        .toDecimalPlaces(8, Decimal.ROUND_HALF_EVEN);
      out.push({
        position: p.id,
        user: p.user,
        time,
        amount: (p.side === "buy" ? paid : paid.neg()).toFixed(),
      });
    }
  }
  return out.sort((a, b) => a.position - b.position || a.time - b.time);
}

/** The last tick the platform heard at or before `time`, within a minute. */
function tickAt(code: string, time: number) {
  return prints.findLast((x) => x.up && x.code === code && x.time <= time && x.time >= time - MIN);
}

function expectedBet(b: ModelBet) {
  const size = b.product.periodSeconds * 1000;
  const start = (Math.floor(b.placedAt / size) + 1) * size;
  const open = tickAt(b.product.code, start);
  const close = tickAt(b.product.code, start + size);
  const fee = b.amount.mul(b.product.feeRate).toDecimalPlaces(2, Decimal.ROUND_UP);
  if (!open || !close) return { status: "void", payout: b.amount.plus(fee), fee };
  const result = close.price.gt(open.price) ? "up" : close.price.lt(open.price) ? "down" : "level";
  if (result === "level") return { status: "level", payout: b.amount, fee };
  if (result === b.direction)
    return {
      status: "win",
      payout: b.amount.mul(D(1).plus(b.product.odds)).toDecimalPlaces(2, Decimal.ROUND_DOWN),
      fee,
    };
  return { status: "loss", payout: D(0), fee };
}

// ---- The property ----------------------------------------------------------------------------

describe("funding and timed contracts on a simulated clock", () => {
  it("pay every customer what the stated rules say, through outages, restarts and two runners", async () => {
    let funded = 0;
    let settled = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ opening, ops, holdMinutes }) => {
        const model = { positions: [] as ModelPosition[], bets: [] as ModelBet[] };
        const spotBefore = new Map<number, Decimal>();
        for (const u of users) spotBefore.set(u, (await balanceOf(db(), u, "spot", "USDT")).available);
        for (const o of [...opening, ...ops]) await run(o, model);
        await advance(clock.now() + holdMinutes * MIN);
        // Wind down: everyone closes, every round ends, the jobs catch up.
        for (const p of model.positions.filter((x) => x.closedAt === undefined))
          await run({ kind: "close", u: users.indexOf(p.user), tenths: 10 }, model);
        const lastRound = Math.max(
          clock.now(),
          ...model.bets.map((b) => b.placedAt + 2 * b.product.periodSeconds * 1000),
        );
        await advance(lastRound + MIN);

        // Funding, payment by payment and per customer.
        const expected = expectedFunding(model.positions);
        const ids = model.positions.map((p) => p.id);
        const rows = ids.length
          ? await db().select().from(fundingPayments).where(inArray(fundingPayments.positionId, ids))
          : [];
        const actual = rows
          .map((r) => ({
            position: r.positionId,
            user: model.positions.find((p) => p.id === r.positionId)?.user as number,
            time: r.fundingTime.getTime(),
            amount: D(r.amount).toFixed(),
          }))
          .sort((a, b) => a.position - b.position || a.time - b.time);
        expect(actual).toEqual(expected);
        funded += expected.length;
        const perUser = (list: typeof expected) =>
          users.map((u) =>
            list
              .filter((x) => x.user === u)
              .reduce((s, x) => s.plus(x.amount), D(0))
              .toFixed(),
          );
        expect(perUser(actual)).toEqual(perUser(expected));
        if (ids.length)
          for (const row of await db().select().from(positions).where(inArray(positions.id, ids)))
            expect(D(row.funding).toFixed()).toBe(
              expected
                .filter((x) => x.position === row.id)
                .reduce((s, x) => s.plus(x.amount), D(0))
                .toFixed(),
            );

        // Timed contracts, bet by bet and in each customer's spot wallet.
        const betIds = model.bets.map((b) => b.id);
        const bets = betIds.length
          ? await db()
              .select()
              .from(optionBets)
              .where(and(inArray(optionBets.id, betIds)))
          : [];
        for (const b of model.bets) {
          const want = expectedBet(b);
          const row = bets.find((x) => x.id === b.id);
          expect({ bet: b.id, status: row?.status, payout: D(row?.payout ?? -1).toFixed() }).toEqual({
            bet: b.id,
            status: want.status,
            payout: want.payout.toFixed(),
          });
          settled++;
        }
        for (const u of users) {
          const change = model.bets
            .filter((b) => b.user === u)
            .reduce((s, b) => {
              const want = expectedBet(b);
              return s.minus(b.amount).minus(want.fee).plus(want.payout);
            }, D(0));
          const now = (await balanceOf(db(), u, "spot", "USDT")).available;
          expect(now.minus(spotBefore.get(u) as Decimal).toFixed()).toBe(change.toFixed());
        }

        const audit = await auditLedger(db());
        if (!audit.ok) throw new Error(formatAudit(audit));
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    // The runs must have exercised both rules.
    expect(funded).toBeGreaterThan(0);
    expect(settled).toBeGreaterThan(0);
    expect(await db().select().from(optionBets).where(eq(optionBets.status, "pending"))).toEqual([]);
  }, 180_000);
});
