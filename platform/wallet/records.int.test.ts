import Decimal from "decimal.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { distribute } from "../earn/launchpad.ts";
import { dayOf, payFortuneInterest, payProductIncome, vestFortuneRewards } from "../earn/service.ts";
import { earnParticipations, earnProducts, launchpadProjects } from "../earn/tables.ts";
import { auditLedger } from "../ledger/audit.ts";
import { balanceOf } from "../ledger/ledger.ts";

// Every change of a customer's balances shows in their wallet records: money moved into and out
// of Earn (the daily-interest wallet, pools and staking, the launchpad) and what Earn pays (income,
// interest, rewards, the daily check-in) as well as transfers and conversions, each with the
// amount its spot wallet moved by (signed) and its date. (Their labels in every language:
// app/screens-locale.test.tsx.)

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({ DEMO_FAUCET: "1" }, { jobs: false });
});
afterAll(async () => {
  expect((await auditLedger(t.platform.deps.db)).findings).toEqual([]);
  await t?.close();
});

const db = () => t.platform.deps.db;
const DAY = 86_400_000;
type Row = {
  id: string;
  kind: string;
  type: string;
  coin: string;
  amount: string;
  fee: string;
  detail: string;
  status: string;
  created_at: string;
};
const ok = <R extends { status: number; body: unknown }>(res: R) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
};
const productId = async (key: string) =>
  ((await db().select().from(earnProducts).where(eq(earnProducts.nameKey, key)))[0] as { id: number }).id;
const join = async (token: string, key: string, amount: string) =>
  ok(await t.api(`/user/miningpost?id=${await productId(key)}&amount=${amount}`, { method: "POST", token }))
    .body.data as { id: number };
const others = async (token: string): Promise<Row[]> =>
  ok(await t.api("/wallet/records?kind=other&limit=100", { token })).body.data.list;

describe("wallet records of money moved into and out of Earn", () => {
  it("list each movement under Other with its sign, amount and date", async () => {
    const { token, user } = await registerByEmail(t);
    const started = Date.now();
    ok(await t.api("/wallet/faucet", { method: "POST", token }));
    const fortune = (path: string, amount: string) =>
      t.api(`/earn/fortune/${path}`, { method: "POST", json: { amount }, token });

    ok(await fortune("deposit", "3000"));
    ok(await fortune("withdraw", "500"));

    // A pool: joined, a day's income, left.
    const pool = await join(token, "usdt_mining", "2000");
    await db()
      .update(earnParticipations)
      .set({ startedAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(earnParticipations.id, pool.id));
    expect(await payProductIncome(db(), dayOf(Date.now() - DAY), user.id)).toBe(1);
    ok(await t.api("/user/miningout", { method: "POST", json: { id: pool.id }, token }));

    // Staking left early: the penalty is the record's fee.
    const staking = await join(token, "usdt_staking_30", "1000");
    ok(await t.api("/user/miningout", { method: "POST", json: { id: staking.id }, token }));

    // The daily-interest wallet's interest (2,500 all of tomorrow × 1 %) and its first reward.
    expect(await payFortuneInterest(db(), dayOf(Date.now() + DAY), user.id)).toBe(1);
    expect(await vestFortuneRewards(db(), Date.now() + 8 * DAY)).toBeGreaterThanOrEqual(1);

    // The launchpad: a subscription, then its tokens.
    const [project] = await db().select().from(launchpadProjects).where(eq(launchpadProjects.token, "BCN"));
    if (!project) throw new Error("no project");
    ok(
      await t.api("/launchpad/subscribe", {
        method: "POST",
        json: { project_id: project.id, amount: "100" },
        token,
      }),
    );
    const subscribed = await others(token);
    await db()
      .update(launchpadProjects)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(launchpadProjects.id, project.id));
    expect(await distribute(db(), project.id)).toBe(1);

    ok(await t.api("/earn/checkin", { method: "POST", token }));
    ok(
      await t.api("/wallet/transfer", {
        method: "POST",
        json: { coin: "USDT", from: "spot", to: "contract", amount: "100" },
        token,
      }),
    );

    const list = await others(token);
    const of = (type: string) => list.filter((r) => r.type === type);
    const one = (type: string, fields: Partial<Row>) =>
      expect(of(type)).toEqual([expect.objectContaining({ kind: "other", status: "success", ...fields })]);
    one("fortune_in", { coin: "USDT", amount: "-3000", fee: "0", detail: "spot → fortune" });
    one("fortune_out", { coin: "USDT", amount: "500", fee: "0", detail: "fortune → spot" });
    one("fortune_interest", { coin: "USDT", amount: "25", detail: "rewards → spot" });
    one("fortune_first_reward", { coin: "USDT", amount: "5", detail: "rewards → spot" });
    one("earn_income", { coin: "USDT", amount: "6", detail: "rewards → spot" });
    expect(of("earn_join")).toEqual([
      expect.objectContaining({ coin: "USDT", amount: "-1000", fee: "0", detail: "spot → earn" }),
      expect.objectContaining({ coin: "USDT", amount: "-2000", fee: "0", detail: "spot → earn" }),
    ]);
    expect(of("earn_exit")).toEqual([
      expect.objectContaining({ coin: "USDT", amount: "980", fee: "20", detail: "earn → spot" }),
      expect.objectContaining({ coin: "USDT", amount: "2000", fee: "0", detail: "earn → spot" }),
    ]);
    one("launchpad_subscribe", { coin: "USDT", amount: "-100", detail: "spot → launchpad" });
    one("launchpad_delivery", { coin: "BCN", amount: "2000", detail: "counterparty → spot" });
    one("daily_reward", { coin: "USDT", amount: "0.1", detail: "rewards → spot" });
    // Transfers are there as before.
    one("transfer", { coin: "USDT", amount: "100", detail: "spot → contract" });
    // The subscription was listed as soon as it was made.
    expect(subscribed[0]).toMatchObject({ type: "launchpad_subscribe", amount: "-100" });

    // Newest first, each dated when it happened.
    const times = list.map((r) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const at of times) expect(at).toBeGreaterThanOrEqual(started - 1000);

    // The signed amounts account for every change of the spot wallet: the faucet's 10,000 and the
    // 100 transferred out aside, the spot balance is what these records say it is.
    const moved = list
      .filter((r) => r.coin === "USDT" && r.type !== "transfer")
      .reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
    const spot = (await balanceOf(db(), user.id, "spot", "USDT")).available;
    expect(new Decimal(10000).plus(moved).minus(100).toFixed()).toBe(spot.toFixed());
    expect(spot.toFixed()).toBe("7316.1");

    // Each opens on its own, and stays the customer's own.
    const exit = of("earn_exit")[0] as Row;
    const detail = ok(await t.api(`/wallet/record?id=${encodeURIComponent(exit.id)}`, { token })).body.data;
    expect(detail).toEqual(exit);
    const stranger = await registerByEmail(t);
    expect(
      (await t.api(`/wallet/record?id=${encodeURIComponent(exit.id)}`, { token: stranger.token })).status,
    ).toBe(404);
    expect(await others(stranger.token)).toEqual([]);
  });
});
