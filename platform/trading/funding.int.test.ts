import Decimal from "decimal.js";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { type SimClock, type SimMarket, simClock, simMarket } from "../../tests/support/sim-market.ts";
import { auditLedger, formatAudit } from "../ledger/audit.ts";
import { balanceOf, post, transfer } from "../ledger/ledger.ts";
import { closePosition, placeContractOrder, type TradingDeps } from "./contracts.ts";
import { payFunding } from "./funding.ts";
import { fundingPayments, fundingTimes, positions } from "./tables.ts";

/**
 * Funding at each funding time (issue 18, finding 10): from the positions and the mark as they
 * stood at that time, whenever the job gets to it, and every time missed while it was down
 * charged once. The clock is the test's: the job runs when the test says.
 */
const HOUR = 3_600_000;
const T0 = Date.UTC(2030, 0, 7, 8); // a funding time (08:00 UTC)
const BTC = "btc/usdt";

let t: TestPlatform | undefined;
afterEach(async () => {
  if (!t) return;
  const audit = await auditLedger(t.platform.deps.db);
  await t.close();
  t = undefined;
  if (!audit.ok) throw new Error(formatAudit(audit));
});

async function setup() {
  t = await testPlatform({}, { jobs: false });
  const clock = simClock(T0 - HOUR);
  const market = simMarket(t.platform.deps.db, t.platform.bus, clock);
  const deps: TradingDeps = {
    ...t.platform.trading,
    prices: market.prices,
    spot: market.engine,
    now: clock.now,
  };
  const db = deps.db;
  const trader = async () => {
    const { user } = await registerByEmail(t as TestPlatform);
    await db.transaction((tx) =>
      post(tx, {
        kind: "deposit",
        postings: transfer({ platform: "deposits" }, { user: user.id, wallet: "contract" }, "USDT", "100000"),
      }),
    );
    return user.id as number;
  };
  const open = async (userId: number, side: "buy" | "sell", quantity: string) => {
    const { position } = await placeContractOrder(deps, userId, {
      code: BTC,
      contract_type: "perpetual",
      type: "market",
      side,
      quantity,
      leverage: 10,
    });
    if (!position) throw new Error("no position");
    return position.id;
  };
  const payments = async (ids: number[]) =>
    (await db.select().from(fundingPayments).where(inArray(fundingPayments.positionId, ids)))
      .map((p) => ({
        position: p.positionId,
        time: p.fundingTime.getTime(),
        quantity: new Decimal(p.quantity ?? 0).toFixed(),
        mark: new Decimal(p.mark ?? 0).toFixed(),
        amount: new Decimal(p.amount).toFixed(),
      }))
      .sort((a, b) => a.time - b.time || a.position - b.position);
  // The job has run before: it knows where it stands.
  await market.print(BTC, 60000);
  await payFunding(deps);
  const long = await trader();
  const short = await trader();
  return { clock, market, deps, db, long, short, open, payments };
}

/** Prints a price at each of these times, the platform down (only the back-filled candles). */
async function downAt(clock: SimClock, market: SimMarket, prints: [number, number][]) {
  for (const [time, price] of prints) {
    clock.set(time);
    await market.print(BTC, price, false);
  }
}

// Long 1 BTC and short 0.5 BTC at 60,000: the rate leans long, 0.01 % + 0.05 % × (60,000 − 30,000)
// / 90,000 = 0.026667 % (8 places); a long pays mark × 1 × rate, the short receives mark × 0.5 × rate.
const RATE = new Decimal("0.00026667");
const owed = (mark: number, quantity: number) => new Decimal(mark).mul(quantity).mul(RATE).toFixed();

describe("funding at the funding time", () => {
  it("charges a position closed between the funding time and the job's pass, at the mark of the funding time", async () => {
    const s = await setup();
    const lp = await s.open(s.long, "buy", "1");
    const sp = await s.open(s.short, "sell", "0.5");
    s.clock.set(T0 - 60_000);
    await s.market.print(BTC, 61000); // the last price before 08:00: the mark at T0
    s.clock.set(T0 + 2000);
    await s.market.print(BTC, 62000);
    await closePosition(s.deps, lp, { reason: "manual", price: s.market.prices.mark(BTC) });
    const before = await balanceOf(s.db, s.long, "contract", "USDT");
    s.clock.set(T0 + 29_000);
    await s.market.print(BTC, 63000);
    await payFunding(s.deps);
    expect(await s.payments([lp, sp])).toEqual([
      { position: lp, time: T0, quantity: "1", mark: "61000", amount: owed(61000, 1) },
      { position: sp, time: T0, quantity: "0.5", mark: "61000", amount: `-${owed(61000, 0.5)}` },
    ]);
    // Closed meanwhile: its funding comes from the contract wallet.
    const after = await balanceOf(s.db, s.long, "contract", "USDT");
    expect(before.available.minus(after.available).toFixed()).toBe(owed(61000, 1));
  });

  it("charges a part closed after the funding time on what the position held then", async () => {
    const s = await setup();
    const lp = await s.open(s.long, "buy", "1");
    const sp = await s.open(s.short, "sell", "0.5");
    s.clock.set(T0 - 60_000);
    await s.market.print(BTC, 61000);
    s.clock.set(T0 + 1000);
    await s.market.print(BTC, 61500);
    await closePosition(s.deps, lp, {
      reason: "manual",
      quantity: new Decimal("0.4"),
      price: s.market.prices.mark(BTC),
    });
    s.clock.set(T0 + 20_000);
    await s.market.print(BTC, 61000);
    await payFunding(s.deps);
    expect((await s.payments([lp, sp])).map((p) => [p.position, p.quantity, p.amount])).toEqual([
      [lp, "1", owed(61000, 1)],
      [sp, "0.5", `-${owed(61000, 0.5)}`],
    ]);
  });

  it("charges each of three funding times missed in an outage once, each at its own mark", async () => {
    const s = await setup();
    const lp = await s.open(s.long, "buy", "1");
    const sp = await s.open(s.short, "sell", "0.5");
    await downAt(s.clock, s.market, [
      [T0 - 30 * 60_000, 61000],
      [T0 + 8 * HOUR - 20 * 60_000, 62000],
      [T0 + 16 * HOUR - 10 * 60_000, 63000],
    ]);
    s.clock.set(T0 + 17 * HOUR);
    await s.market.print(BTC, 64000);
    await payFunding(s.deps);
    await payFunding(s.deps);
    const paid = await s.payments([lp, sp]);
    expect(paid.filter((p) => p.position === lp).map((p) => [p.time, p.mark, p.amount])).toEqual([
      [T0, "61000", owed(61000, 1)],
      [T0 + 8 * HOUR, "62000", owed(62000, 1)],
      [T0 + 16 * HOUR, "63000", owed(63000, 1)],
    ]);
    expect(paid.filter((p) => p.position === sp)).toHaveLength(3);
  });

  it("charges once when two runners work the same missed times at once", async () => {
    const s = await setup();
    const lp = await s.open(s.long, "buy", "1");
    const sp = await s.open(s.short, "sell", "0.5");
    await downAt(s.clock, s.market, [[T0 - 30 * 60_000, 61000]]);
    s.clock.set(T0 + 8 * HOUR + 15_000);
    await s.market.print(BTC, 62000);
    const other: TradingDeps = { ...s.deps };
    await Promise.all([payFunding(s.deps), payFunding(other), payFunding(s.deps)]);
    const paid = await s.payments([lp, sp]);
    expect(paid.map((p) => [p.position, p.time])).toEqual([
      [lp, T0],
      [sp, T0],
      [lp, T0 + 8 * HOUR],
      [sp, T0 + 8 * HOUR],
    ]);
  });

  it("charges nothing twice after a restart, and what the stop missed once", async () => {
    const s = await setup();
    const lp = await s.open(s.long, "buy", "1");
    const sp = await s.open(s.short, "sell", "0.5");
    s.clock.set(T0 - 60_000);
    await s.market.print(BTC, 61000);
    s.clock.set(T0 + 30_000);
    await payFunding(s.deps);
    // The runner dies before it marks the time done; the platform stays down for 16 hours.
    await s.db
      .update(fundingTimes)
      .set({ completedAt: null })
      .where(eq(fundingTimes.fundingTime, new Date(T0)));
    await downAt(s.clock, s.market, [
      [T0 + 8 * HOUR - 60_000, 62000],
      [T0 + 16 * HOUR - 60_000, 63000],
    ]);
    s.clock.set(T0 + 16 * HOUR + 40_000);
    await s.market.print(BTC, 63500);
    const restarted: TradingDeps = { ...s.deps };
    await payFunding(restarted);
    await payFunding(restarted);
    const paid = await s.payments([lp, sp]);
    expect(paid.filter((p) => p.position === lp).map((p) => [p.time, p.amount])).toEqual([
      [T0, owed(61000, 1)],
      [T0 + 8 * HOUR, owed(62000, 1)],
      [T0 + 16 * HOUR, owed(63000, 1)],
    ]);
    expect(paid.filter((p) => p.position === sp)).toHaveLength(3);
    const open = await s.db.select().from(fundingTimes);
    expect(open.filter((f) => f.completedAt === null)).toEqual([]);
  });
  it("takes no more than a closed position's owner has left in the contract wallet", async () => {
    const s = await setup();
    const lp = await s.open(s.long, "buy", "1");
    await s.open(s.short, "sell", "0.5");
    s.clock.set(T0 - 60_000);
    await s.market.print(BTC, 61000);
    s.clock.set(T0 + 1000);
    await s.market.print(BTC, 61000);
    await closePosition(s.deps, lp, { reason: "manual", price: s.market.prices.mark(BTC) });
    // Everything but 5 USDT leaves the contract wallet before the job gets there.
    const left = await balanceOf(s.db, s.long, "contract", "USDT");
    await s.db.transaction((tx) =>
      post(tx, {
        kind: "transfer",
        postings: transfer(
          { user: s.long, wallet: "contract" },
          { user: s.long, wallet: "spot" },
          "USDT",
          left.available.minus(5),
        ),
      }),
    );
    s.clock.set(T0 + 20_000);
    await s.market.print(BTC, 61000);
    await payFunding(s.deps);
    const [paid] = await s.payments([lp]);
    expect(paid?.amount).toBe("5");
    expect((await balanceOf(s.db, s.long, "contract", "USDT")).available.toFixed()).toBe("0");
  });

  it("charges nobody at a funding time with no price recorded in the interval before it", async () => {
    const s = await setup();
    const lp = await s.open(s.long, "buy", "1");
    // The only price is from T0 − 1 h: it is the mark at T0 and at T0 + 8 h (within eight hours
    // of it), but at T0 + 16 h nothing was recorded in the eight hours before.
    s.clock.set(T0 + 16 * HOUR + 30_000);
    await s.market.print(BTC, 62000);
    await payFunding(s.deps);
    const paid = await s.payments([lp]);
    expect(paid.map((p) => [p.time, p.mark])).toEqual([
      [T0, "60000"],
      [T0 + 8 * HOUR, "60000"],
    ]);
    const times = await s.db.select().from(fundingTimes);
    expect(times.filter((f) => f.completedAt === null)).toEqual([]);
  });

  it("shows customers the funding rate their open interest makes, read at most 5 s before", async () => {
    const s = await setup();
    const shown = async () =>
      (await (t as TestPlatform).api(`/contract/info?code=${encodeURIComponent(BTC)}`)).body.data
        .funding_rate;
    // Independently, from the open positions: 0.01 % plus 0.05 % of the longs' share of the
    // imbalance, to 8 places (the terms the funding screen states).
    const expected = async () => {
      const open = await s.db.select().from(positions).where(eq(positions.status, "open"));
      const notional = (side: string) =>
        open
          .filter((p) => p.side === side)
          .reduce((sum, p) => sum.plus(new Decimal(p.quantity).mul(p.entryPrice)), new Decimal(0));
      const [long, short] = [notional("buy"), notional("sell")];
      const total = long.plus(short);
      const imbalance = total.isZero() ? new Decimal(0) : long.minus(short).div(total);
      return new Decimal("0.0001").plus(imbalance.mul("0.0005")).toDecimalPlaces(8).toFixed();
    };
    await s.open(s.long, "buy", "2");
    await s.open(s.short, "sell", "1");
    const first = await expected();
    expect(first).not.toBe("0.0001");
    expect(await shown()).toBe(first);
    await s.open(s.short, "sell", "1.5");
    const second = await expected();
    expect(second).not.toBe(first);
    // Kept for a few seconds (every trade screen asks; the rate moves with positions, slowly)…
    expect(await shown()).toBe(first);
    // …and read again once they have passed.
    const now = Date.now();
    const later = vi.spyOn(Date, "now").mockReturnValue(now + 5_001);
    try {
      expect(await shown()).toBe(second);
    } finally {
      later.mockRestore();
    }
  });
});
