import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { auditLedger } from "../ledger/audit.ts";
import { balanceOf, post, transfer } from "../ledger/ledger.ts";
import { runOps } from "../ops/registry.ts";
import { earnDaily, fortuneDeposit, fortuneWithdraw } from "./service.ts";
import { earnIncome, earnSettings } from "./tables.ts";

/**
 * The daily-interest wallet's first-participation reward: paid only once the customer has kept
 * the minimum deposit in the wallet for the holding period (operator settings; 100 USDT and
 * 7 days by default). Times are given to the service: a controllable clock.
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({}, { jobs: false });
});
afterEach(async () => expect((await auditLedger(db())).findings).toEqual([]));
afterAll(() => t?.close());

const db = () => t.platform.deps.db;
const DAY = 86_400_000;
const T0 = Date.parse("2024-09-02T09:00:00Z");

async function saver(amount = "1000") {
  const account = await registerByEmail(t);
  await db().transaction((tx) =>
    post(tx, {
      kind: "deposit",
      postings: transfer({ platform: "deposits" }, { user: account.user.id, wallet: "spot" }, "USDT", amount),
    }),
  );
  return account;
}
const spot = async (userId: number) => (await balanceOf(db(), userId, "spot", "USDT")).available.toFixed();
/** Spot less the wallet's daily interest: what deposits, withdrawals and the reward left there. */
const spotBesidesInterest = async (userId: number) => {
  const interest = await db()
    .select({ amount: earnIncome.amount })
    .from(earnIncome)
    .where(and(eq(earnIncome.userId, userId), eq(earnIncome.source, "fortune")));
  return interest
    .reduce((left, r) => left.minus(r.amount), (await balanceOf(db(), userId, "spot", "USDT")).available)
    .toFixed();
};

describe("the first-participation reward", () => {
  it("is not paid for a dust deposit, which can be withdrawn at once", async () => {
    const { user, token } = await saver();
    const result = await fortuneDeposit(db(), user.id, "0.000001", T0);
    expect(result.reward).toBeNull();
    await fortuneWithdraw(db(), user.id, "0.000001", T0 + 1000);
    await earnDaily(db(), T0 + 30 * DAY);
    expect(await spot(user.id)).toBe("1000");
    const mine = (await t.api("/earn/fortune", { token })).body.data.mine;
    expect(mine.first_reward).toEqual({ status: "none", vests_at: null });
  });

  it("is paid once the minimum has been held for the holding period, not before", async () => {
    const { user, token } = await saver();
    const first = await t.api("/earn/fortune/deposit", { method: "POST", json: { amount: "100" }, token });
    expect(first.body.data.reward).toBeNull();
    expect(first.body.message).toBe(
      "Keep at least 100 USDT in the wallet for 7 days to receive your 5 USDT reward",
    );
    const mine = (await t.api("/earn/fortune", { token })).body.data.mine;
    expect(mine.first_reward.status).toBe("pending");
    expect(await spot(user.id)).toBe("900");
    // (Deposited now, on the wall clock: the wallet's interest is paid for these days too.)
    const vests = Date.parse(mine.first_reward.vests_at);
    await earnDaily(db(), vests - 60_000);
    expect(await spotBesidesInterest(user.id)).toBe("900");
    await Promise.all([earnDaily(db(), vests), earnDaily(db(), vests + 1000)]);
    expect(await spotBesidesInterest(user.id)).toBe("905");
    await earnDaily(db(), vests + 10 * DAY);
    expect(await spotBesidesInterest(user.id)).toBe("905");
    expect((await t.api("/earn/fortune", { token })).body.data.mine.first_reward.status).toBe("paid");
  });

  it("lapses if the balance falls below the minimum before then, and starts again on a new deposit", async () => {
    const { user } = await saver();
    await fortuneDeposit(db(), user.id, "150", T0);
    await fortuneWithdraw(db(), user.id, "60", T0 + 2 * DAY);
    await earnDaily(db(), T0 + 8 * DAY);
    expect(await spot(user.id)).toBe("910");
    const again = await fortuneDeposit(db(), user.id, "10", T0 + 9 * DAY);
    expect(again.pending?.vests_at).toBe(new Date(T0 + 16 * DAY).toISOString());
    await earnDaily(db(), T0 + 16 * DAY);
    expect(await spot(user.id)).toBe("905");
  });

  it("follows the operator's minimum and holding period", async () => {
    const ops = (...words: string[]) => runOps(t.platform.deps, ["earn", "fortune", ...words], "test");
    expect((await ops("--min-deposit", "abc")).ok).toBe(false);
    expect((await ops("--hold-days", "1.5")).ok).toBe(false);
    expect((await ops("--min-deposit", "500", "--hold-days", "0")).ok).toBe(true);
    const offer = (await t.api("/earn/fortune")).body.data;
    expect(offer).toMatchObject({ first_reward: "5", reward_min_deposit: "500", reward_hold_days: 0 });
    const { user } = await saver();
    expect((await fortuneDeposit(db(), user.id, "499", T0)).reward).toBeNull();
    // Reaching the minimum with no holding period pays at once.
    expect((await fortuneDeposit(db(), user.id, "1", T0)).reward).toBe("5");
    expect(await spot(user.id)).toBe("505");
    await ops("--min-deposit", "100", "--hold-days", "7");
  });
});

describe("the offer", () => {
  it("is the same for every customer and shows an operator's change at once", async () => {
    const ops = (...words: string[]) => runOps(t.platform.deps, ["earn", "fortune", ...words], "test");
    const { token } = await saver();
    const before = (await t.api("/earn/fortune/offer")).body.data;
    expect(before).toEqual({
      daily_rate: expect.any(String),
      first_reward: "5",
      reward_min_deposit: "100",
      reward_hold_days: 7,
      coin: "USDT",
    });
    expect((await t.api("/earn/fortune/offer", { token })).body.data).toEqual(before);
    // Read again straight after a change: the copy kept for the screens must not hide it.
    expect((await ops("--min-deposit", "250", "--hold-days", "3")).ok).toBe(true);
    try {
      expect((await t.api("/earn/fortune/offer")).body.data).toMatchObject({
        reward_min_deposit: "250",
        reward_hold_days: 3,
      });
      expect((await t.api("/earn/fortune", { token })).body.data).toMatchObject({
        reward_min_deposit: "250",
        reward_hold_days: 3,
        mine: { balance: "0.000000" },
      });
    } finally {
      await ops("--min-deposit", "100", "--hold-days", "7");
    }
  });
});

describe("the daily interest after an outage", () => {
  it("is paid for every day missed, however long the job was down (up to its 60-day look-back)", async () => {
    const { user } = await saver("2000");
    // The other tests ran the job at later times; this one starts from a job that ran today.
    await db().delete(earnSettings).where(eq(earnSettings.key, "fortune_paid_through"));
    // Ledger entries carry the database's time: the deposit is today, whatever the clock says.
    const now = Date.now();
    await fortuneDeposit(db(), user.id, "1000", now);
    await earnDaily(db(), now + DAY);
    // Down for eleven days: the next pass must pay each of them once.
    await earnDaily(db(), now + 12 * DAY);
    await earnDaily(db(), now + 12 * DAY);
    const days = await db()
      .select({ day: earnIncome.day, amount: earnIncome.amount })
      .from(earnIncome)
      .where(and(eq(earnIncome.userId, user.id), eq(earnIncome.source, "fortune")));
    const want = Array.from({ length: 11 }, (_, i) =>
      new Date(now + (i + 1) * DAY).toISOString().slice(0, 10),
    );
    expect(days.map((d) => d.day).sort()).toEqual(want);
    // 1000 held all day × 1 % = 10 a day, and the first-participation reward (held 7 days).
    expect(await spot(user.id)).toBe("1115");
  });
});
