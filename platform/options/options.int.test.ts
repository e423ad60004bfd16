import Decimal from "decimal.js";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { auditLedger } from "../ledger/audit.ts";
import { balanceOf, post, transfer } from "../ledger/ledger.ts";
import { bettingRound, placeBet, settleDue } from "./service.ts";
import { optionBets, optionProducts, optionRounds, priceTicks } from "./tables.ts";

let t: TestPlatform;
let product: typeof optionProducts.$inferSelect;
beforeAll(async () => {
  // The test drives settlement itself over rounds in the past.
  t = await testPlatform({}, { jobs: false });
  const [p] = await db()
    .select()
    .from(optionProducts)
    .where(and(eq(optionProducts.code, "btc/usdt"), eq(optionProducts.periodSeconds, 60)));
  if (!p) throw new Error("no product");
  product = p;
});
afterEach(async () => expect((await auditLedger(db())).findings).toEqual([]));
afterAll(() => t?.close());

const db = () => t.platform.deps.db;
const MIN = 60_000;
// A minute boundary well in the past, so the live jobs leave these rounds to the test's ticks.
let base = Math.floor(Date.now() / MIN) * MIN - 600 * MIN;
const nextSlot = () => {
  base += 10 * MIN;
  return base;
};

async function bettor(usdt = "1000") {
  const account = await registerByEmail(t);
  await db().transaction((tx) =>
    post(tx, {
      kind: "deposit",
      postings: transfer({ platform: "deposits" }, { user: account.user.id, wallet: "spot" }, "USDT", usdt),
    }),
  );
  return account;
}
const spot = async (userId: number) => (await balanceOf(db(), userId, "spot", "USDT")).available.toFixed();
const tick = (time: number, price: string, code = "btc/usdt") =>
  db().insert(priceTicks).values({ code, price, time }).returning();

describe("timed contracts", () => {
  it("settle win, loss and level from the tick log, paying stake × (1 + odds)", async () => {
    const slot = nextSlot();
    const start = slot + MIN;
    // Ticks around the round: the open is the last at or before the start, the close the last at or before the end.
    await tick(start - 400, "60000.00");
    const [openTick] = await tick(start, "60010.00");
    await tick(start + 30_000, "59000.00");
    const [closeTick] = await tick(start + MIN - 1, "60010.50");
    await tick(start + MIN + 5, "1.00");
    const up = await bettor();
    const down = await bettor();
    const bets = [
      await placeBet(
        db(),
        up.user.id,
        { product_id: product.id, direction: "up", amount: "100" },
        slot + 5000,
        slot + 4000,
      ),
      await placeBet(
        db(),
        down.user.id,
        { product_id: product.id, direction: "down", amount: "50" },
        slot + 59_999,
        slot + 59_000,
      ),
    ];
    expect(bets.map((b) => b.roundStart)).toEqual([start, start]);
    // Stake and 1 % fee left at once.
    expect([await spot(up.user.id), await spot(down.user.id)]).toEqual(["899", "949.5"]);
    await Promise.all([settleDue(db(), start + MIN + 2000), settleDue(db(), start + MIN + 2000)]);
    const rounds = await db()
      .select()
      .from(optionRounds)
      .where(and(eq(optionRounds.productId, product.id), eq(optionRounds.startTime, start)));
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({
      result: "up",
      openTickId: openTick?.id,
      closeTickId: closeTick?.id,
      periodNo: new Date(start).toISOString().slice(0, 16).replace(/[-T:]/g, ""),
    });
    const settled = await db().select().from(optionBets).where(eq(optionBets.roundStart, start));
    expect(settled.map((b) => [b.direction, b.status, new Decimal(b.payout).toFixed()]).sort()).toEqual([
      ["down", "loss", "0"],
      ["up", "win", "180"],
    ]);
    expect([await spot(up.user.id), await spot(down.user.id)]).toEqual(["1079", "949.5"]);
  });

  it("refund the stake on a level round, and on a round without ticks (void)", async () => {
    const slot = nextSlot();
    const start = slot + MIN;
    await tick(start - 10, "3000.00");
    await tick(start + MIN - 10, "3000.00");
    const a = await bettor();
    await placeBet(
      db(),
      a.user.id,
      { product_id: product.id, direction: "up", amount: "20" },
      slot + 1,
      slot,
    );
    const voidSlot = nextSlot();
    await placeBet(
      db(),
      a.user.id,
      { product_id: product.id, direction: "down", amount: "30" },
      voidSlot + 1,
      voidSlot,
    );
    await settleDue(db(), voidSlot + 2 * MIN + 2000);
    const mine = await db().select().from(optionBets).where(eq(optionBets.userId, a.user.id));
    expect(mine.map((b) => b.status).sort()).toEqual(["level", "void"]);
    // Both stakes back; the level round's fee (0.2) kept, the void round's (0.3) refunded too:
    // no price recorded is the platform's failure, not the customer's.
    expect(await spot(a.user.id)).toBe("999.8");
  });

  it("refuse a bet while the price is stale: nobody can see what they bet on", async () => {
    const a = await bettor();
    const now = nextSlot() + 5000;
    const bet = (priceTime: number | undefined) =>
      placeBet(db(), a.user.id, { product_id: product.id, direction: "up", amount: "10" }, now, priceTime);
    await expect(bet(now - 11_000)).rejects.toMatchObject({ status: 503, messageKey: "trading.stale_price" });
    await expect(bet(undefined)).rejects.toMatchObject({ status: 503 });
    expect(await spot(a.user.id)).toBe("1000");
    await bet(now - 2_000);
    expect(await spot(a.user.id)).toBe("989.9");
  });

  it("record rounds aligned to the round length after the job was stopped for days", async () => {
    const [long] = await db()
      .select()
      .from(optionProducts)
      .where(and(eq(optionProducts.code, "eth/usdt"), eq(optionProducts.periodSeconds, 600)));
    if (!long) throw new Error("no product");
    const size = 600_000;
    // After every round the other tests recorded.
    const stoppedAt = Math.floor(base / size) * size + 10 * 86_400_000;
    await db()
      .insert(optionRounds)
      .values({
        productId: long.id,
        periodNo: "stopped",
        startTime: stoppedAt,
        endTime: stoppedAt + size,
        result: "void",
      });
    // The job comes back three days later, at an odd moment (for this product only: the others
    // would each fill a day of rounds too).
    await db().update(optionProducts).set({ enabled: false }).where(ne(optionProducts.id, long.id));
    try {
      await settleDue(db(), stoppedAt + 3 * 86_400_000 + 12_345);
    } finally {
      await db().update(optionProducts).set({ enabled: true });
    }
    const rounds = await db().select().from(optionRounds).where(eq(optionRounds.productId, long.id));
    expect(rounds.length).toBeGreaterThan(100);
    expect(rounds.filter((r) => r.startTime % size !== 0)).toEqual([]);
  });

  it("decide results only from the tick log, whatever the live feed says", async () => {
    const slot = nextSlot();
    const start = slot + MIN;
    await tick(start, "100.00");
    await tick(start + MIN, "99.00");
    const a = await bettor();
    await placeBet(db(), a.user.id, { product_id: product.id, direction: "up", amount: "10" }, slot, slot);
    // Another instrument's ticks, a later tick, the live ticker: none of it counts.
    await tick(start + MIN, "500.00", "eth/usdt");
    await tick(start + MIN + 1, "101.00");
    await settleDue(db(), start + MIN + 5000);
    const [bet] = await db().select().from(optionBets).where(eq(optionBets.userId, a.user.id));
    expect(bet?.status).toBe("loss");
  });

  it("refuse a bet beyond the balance or outside the limits, changing nothing", async () => {
    const a = await bettor("15");
    // Bets through the API need a live price (there is no feed here): one just published.
    await t.platform.deps.bus.publish("price:btc/usdt", {
      code: "btc/usdt",
      price: "60000",
      time: Date.now(),
    });
    const refused = await t.api("/option/bet", {
      method: "POST",
      json: { product_id: product.id, direction: "up", amount: "15" },
      token: a.token,
    });
    expect(refused.body.errors.amount).toEqual(["Insufficient balance"]);
    expect(await spot(a.user.id)).toBe("15");
    const small = await t.api("/option/bet", {
      method: "POST",
      json: { product_id: product.id, direction: "up", amount: "9.99" },
      token: a.token,
    });
    expect(small.body.errors.amount).toEqual(["The minimum bet is 10 USDT"]);
    const big = await t.api("/option/bet", {
      method: "POST",
      json: { product_id: product.id, direction: "down", amount: "10001" },
      token: a.token,
    });
    expect(big.body.errors.amount).toEqual(["The maximum bet is 10,000 USDT"]);
    const none = await t.api("/option/bet", {
      method: "POST",
      json: { product_id: product.id, amount: "10" },
      token: a.token,
    });
    expect(none.body.errors.direction).toEqual(["Choose bullish or bearish"]);
    const ok = await t.api("/option/bet", {
      method: "POST",
      json: { product_id: product.id, direction: "down", amount: "10" },
      token: a.token,
    });
    expect(ok.body.message).toMatch(/^Bet placed on period \d{12}$/);
    expect((await t.api("/option/bets?status=pending", { token: a.token })).body.data.list).toHaveLength(1);
  });

  it("refuse a bet for a round that has closed, never moving it to the next one", async () => {
    const a = await bettor();
    const slot = nextSlot();
    const p = product.periodSeconds;
    // Confirmed at 10 s into the running round, for the round after it (slot + 1 min).
    const shown = bettingRound(p, slot + 10_000).periodNo;
    const bet = (now: number, period_no?: string) =>
      placeBet(
        db(),
        a.user.id,
        { product_id: product.id, direction: "up", amount: "10", period_no },
        now,
        now,
      );
    // 65 s later that round is running: refused, with the round taking bets now.
    await expect(bet(slot + 75_000, shown)).rejects.toMatchObject({
      status: 409,
      messageKey: "options.round_closed",
      options: {
        errors: { period_no: ["options.round_closed"] },
        data: { betting: { period_no: bettingRound(p, slot + 75_000).periodNo } },
      },
    });
    // Exactly at its start too (a bet on a boundary joins the round after it).
    await expect(bet(slot + MIN, shown)).rejects.toMatchObject({ status: 409 });
    // A round that does not take bets yet is no better.
    await expect(bet(slot + 10_000, bettingRound(p, slot + MIN).periodNo)).rejects.toMatchObject({
      status: 409,
    });
    expect(await spot(a.user.id)).toBe("1000");
    // Still open: placed in exactly that round.
    const placed = await bet(slot + 59_999, shown);
    expect(placed.periodNo).toBe(shown);
    // A client that sends no round: the round taking bets when it arrives (as before).
    const unnamed = await bet(slot + 75_000);
    expect(unnamed.periodNo).toBe(bettingRound(p, slot + 75_000).periodNo);
    expect(await spot(a.user.id)).toBe("979.8");
  });

  it("answer a closed round through the API with a localized 409 and the round open now", async () => {
    const a = await bettor();
    await t.platform.deps.bus.publish("price:btc/usdt", {
      code: "btc/usdt",
      price: "60000",
      time: Date.now(),
    });
    // Not across a round's end while the test runs.
    const left = MIN - (Date.now() % MIN);
    if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const closed = bettingRound(product.periodSeconds, Date.now() - MIN).periodNo;
    const open = bettingRound(product.periodSeconds, Date.now()).periodNo;
    const body = { product_id: product.id, direction: "up", amount: "10" };
    const refused = await t.api("/option/bet", {
      method: "POST",
      json: { ...body, period_no: closed },
      token: a.token,
      lang: "es",
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      status_code: 409,
      message: "Este periodo ya se cerró: revisa tu apuesta de nuevo",
      errors: { period_no: ["Este periodo ya se cerró: revisa tu apuesta de nuevo"] },
      data: { betting: { period_no: open } },
    });
    const garbled = await t.api("/option/bet", {
      method: "POST",
      json: { ...body, period_no: "next" },
      token: a.token,
    });
    expect(garbled.status).toBe(422);
    expect(garbled.body.errors.period_no).toEqual(["This period has closed: review your bet again"]);
    expect(await spot(a.user.id)).toBe("1000");
    expect((await t.api("/option/bets?status=pending", { token: a.token })).body.data.list).toEqual([]);
    // The round the customer saw, still open: placed in it.
    const placed = await t.api("/option/bet", {
      method: "POST",
      json: { ...body, period_no: open },
      token: a.token,
    });
    expect(placed.body.message).toBe(`Bet placed on period ${open}`);
    expect(placed.body.data.period_no).toBe(open);
  });

  it("refuse an amount with more than 2 decimals instead of cutting it", async () => {
    const a = await bettor();
    const now = nextSlot() + 5000;
    await expect(
      placeBet(db(), a.user.id, { product_id: product.id, direction: "up", amount: "123.456" }, now, now),
    ).rejects.toMatchObject({
      status: 422,
      options: { errors: { amount: ["wallet.amount_decimals?decimals=2"] } },
    });
    expect(await spot(a.user.id)).toBe("1000");
  });

  it("publish the tick log and the rounds with the ticks that decided them", async () => {
    const slot = nextSlot();
    const start = slot + MIN;
    await tick(start - 5, "42.00");
    await tick(start + MIN - 5, "43.00");
    await settleDue(db(), start + MIN + 2000);
    const ticks = await t.api(`/option/ticks?code=btc/usdt&from=${start - 1000}&to=${start + MIN}`);
    expect(ticks.body.data.map((x: { price: string }) => x.price)).toEqual(["42", "43"]);
    const period = new Date(start).toISOString().slice(0, 16).replace(/[-T:]/g, "");
    const round = await t.api(`/option/round?product_id=${product.id}&period=${period}`);
    expect(round.body.data).toMatchObject({
      result: "up",
      open_price: "42",
      close_price: "43",
      open_tick_id: ticks.body.data[0].id,
      close_tick_id: ticks.body.data[1].id,
    });
    const results = await t.api(`/option/results?product_id=${product.id}`);
    expect(results.body.data.list.length).toBeGreaterThan(0);
    const tooLong = await t.api(`/option/ticks?code=btc/usdt&from=0&to=${Date.now()}`);
    expect(tooLong.status).toBe(422);
    const current = await t.api(`/option/current?product_id=${product.id}`);
    expect(Date.parse(current.body.data.betting.start)).toBe(Date.parse(current.body.data.running.end));
  });
});
