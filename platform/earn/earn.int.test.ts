import Decimal from "decimal.js";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { auditLedger } from "../ledger/audit.ts";
import { balanceOf, post, transfer } from "../ledger/ledger.ts";
import { runOps } from "../ops/registry.ts";
import { distribute } from "./launchpad.ts";
import { checkin, dayOf, earnDaily, payFortuneInterest, payProductIncome } from "./service.ts";
import { earnParticipations, earnProducts, launchpadProjects } from "./tables.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({}, { jobs: false });
});
afterEach(async () => expect((await auditLedger(db())).findings).toEqual([]));
afterAll(() => t?.close());

const db = () => t.platform.deps.db;
const DAY = 86_400_000;
async function saver(coin = "USDT", amount = "100000") {
  const account = await registerByEmail(t);
  await db().transaction((tx) =>
    post(tx, {
      kind: "deposit",
      postings: transfer({ platform: "deposits" }, { user: account.user.id, wallet: "spot" }, coin, amount),
    }),
  );
  return account;
}
const spot = async (userId: number, coin = "USDT") =>
  (await balanceOf(db(), userId, "spot", coin)).available.toFixed();
const productByKey = async (key: string) =>
  (
    await db().select().from(earnProducts).where(eq(earnProducts.nameKey, key))
  )[0] as typeof earnProducts.$inferSelect;
/** The user's "income received" messages, as the message centre words them in English. */
const incomeMessages = async (token: string) =>
  ((await t.api("/inbox/list", { token })).body.data.items as { type: string; title: string; body: string }[])
    .filter((m) => m.type === "earn_income")
    .map(({ title, body }) => ({ title, body }));
const join = (token: string, id: number, amount: string) =>
  t.api(`/user/miningpost?id=${id}&amount=${amount}`, { method: "POST", token });

describe("mining pools", () => {
  it("refuse each limit with its own message, and join within them", async () => {
    const { token, user } = await saver("USDT", "60000");
    const pool = await productByKey("usdt_mining");
    expect((await join(token, pool.id, "99")).body.errors.amount).toEqual([
      "The amount is below the minimum purchase amount (100)",
    ]);
    expect((await join(token, pool.id, "50001")).body.errors.amount).toEqual([
      "The amount exceeds the maximum purchase amount (50,000)",
    ]);
    expect((await join(token, pool.id, "6000000")).body.errors.amount).toEqual([
      "The amount exceeds the remaining pool amount (5,000,000)",
    ]);
    await db().update(earnProducts).set({ poolRemaining: "40000" }).where(eq(earnProducts.id, pool.id));
    expect((await join(token, pool.id, "45000")).body.errors.amount).toEqual([
      "The amount exceeds the remaining pool amount (40,000)",
    ]);
    await db()
      .update(earnProducts)
      .set({ poolRemaining: pool.poolTotal })
      .where(eq(earnProducts.id, pool.id));
    const poor = await saver("USDT", "50");
    expect((await join(poor.token, pool.id, "100")).body.errors.amount).toEqual(["Insufficient balance"]);
    const ok = await join(token, pool.id, "1000");
    expect(ok.body).toMatchObject({
      message: "Purchase successful",
      data: { amount: "1000", status: "participating" },
    });
    expect(await spot(user.id)).toBe("59000");
    const [after] = await db().select().from(earnProducts).where(eq(earnProducts.id, pool.id));
    expect(new Decimal(after?.poolRemaining ?? 0).toFixed()).toBe("4999000");
    expect((await t.api("/user/mininglist", { token })).body.data.list).toHaveLength(1);
  });

  it("earn a day's income once when the job runs (whatever runs it twice), then exit", async () => {
    const { token, user } = await saver();
    const pool = await productByKey("usdt_mining");
    const joined = (await join(token, pool.id, "2000")).body.data;
    // The clock moves on: the participation began two days ago.
    await db()
      .update(earnParticipations)
      .set({ startedAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(earnParticipations.id, joined.id));
    const yesterday = dayOf(Date.now() - DAY);
    await Promise.all([
      payProductIncome(db(), yesterday),
      payProductIncome(db(), yesterday),
      earnDaily(db()),
    ]);
    const item = (await t.api(`/user/miningitem?id=${joined.id}`, { token })).body.data;
    expect(item.income).toEqual([{ day: yesterday, amount: "6", base: "2000" }]);
    expect(item.participation.income).toBe("6");
    expect(await spot(user.id)).toBe("98006");
    // One message for the one payment, however many runs raced for it.
    expect(await incomeMessages(token)).toEqual([
      { title: "Interest received", body: "You received 6 USDT of interest." },
    ]);
    const out = await t.api("/user/miningout", { method: "POST", json: { id: joined.id }, token });
    expect(out.body.message).toBe("Exit successful");
    expect(await spot(user.id)).toBe("100006");
    expect((await t.api("/user/miningout", { method: "POST", json: { id: joined.id }, token })).status).toBe(
      404,
    );
  });

  it("pays one given day from the operator CLI, a day not over yet only when asked to", async () => {
    const { token, user, email } = await saver("USDT", "1000");
    const pool = await productByKey("usdt_mining");
    await join(token, pool.id, "500");
    const other = await saver("USDT", "1000");
    await join(other.token, pool.id, "500");
    const accrue = (...words: string[]) => runOps(t.platform.deps, ["earn", "accrue", ...words], "test");
    expect(await accrue("--day", "2026-02-30")).toMatchObject({ ok: false });
    const tomorrow = dayOf(Date.now() + DAY);
    expect((await accrue("--day", tomorrow)).output).toMatch(/not over yet/);
    expect(await spot(user.id)).toBe("500");
    expect((await accrue("--day", tomorrow, "--early", "--account", "nobody@example.com")).ok).toBe(false);
    expect((await accrue("--day", tomorrow, "--early", "--account", email)).output).toBe(
      `${tomorrow}: 1 payment(s) made.`,
    );
    expect(await spot(user.id)).toBe("501.5"); // 500 × 0.30 %
    expect(await spot(other.user.id)).toBe("500"); // --account paid one customer only
    await accrue("--day", tomorrow, "--early", "--account", email);
    expect(await spot(user.id)).toBe("501.5");
  });

  it("keep a locked product's early-exit penalty, and release it in full at maturity", async () => {
    const { token, user } = await saver();
    const lock = await productByKey("usdt_staking_30");
    const early = (await join(token, lock.id, "1000")).body.data;
    await t.api(`/user/miningout?id=${early.id}`, { method: "GET", token });
    expect(await spot(user.id)).toBe("99980"); // 2 % kept
    const held = (await join(token, lock.id, "500")).body.data;
    await db()
      .update(earnParticipations)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(earnParticipations.id, held.id));
    await earnDaily(db());
    expect(await spot(user.id)).toBe("99980");
    const [row] = await db().select().from(earnParticipations).where(eq(earnParticipations.id, held.id));
    expect(row?.status).toBe("exited");
  });
});

describe("the daily-interest wallet", () => {
  it("starts the first-participation reward's holding period, and pays a day's interest on the lowest balance of the day", async () => {
    const { token, user } = await saver("USDT", "1000");
    const first = await t.api("/earn/fortune/deposit", { method: "POST", json: { amount: "300" }, token });
    // The reward waits for the holding period (fortune.int.test.ts).
    expect(first.body.message).toMatch(/for 7 days to receive your 5 USDT reward/);
    const second = await t.api("/earn/fortune/deposit", { method: "POST", json: { amount: "100" }, token });
    expect(second.body.data.reward).toBeNull();
    await t.api("/earn/fortune/withdraw", { method: "POST", json: { amount: "50" }, token });
    expect(await spot(user.id)).toBe("650");
    const today = dayOf(Date.now());
    await Promise.all([payFortuneInterest(db(), today), payFortuneInterest(db(), today)]);
    // Lowest balance during the day: 0 before the first deposit → nothing; so test the next day.
    const tomorrowsDay = dayOf(Date.now() + DAY);
    await payFortuneInterest(db(), tomorrowsDay);
    // 350 all day long × 1 % = 3.5.
    expect(await spot(user.id)).toBe("653.5");
    expect(await incomeMessages(token)).toEqual([
      { title: "Interest received", body: "You received 3.50 USDT of interest." },
    ]);
    const summary = (await t.api("/earn/fortune", { token })).body.data;
    expect(summary).toMatchObject({
      daily_rate: "0.01",
      first_reward: "5",
      mine: { balance: "350.000000", total: "3.500000", first_reward_received: false },
    });
    const anonymous = (await t.api("/earn/fortune")).body.data;
    expect(anonymous.mine).toBeNull();
  });

  it("takes a new rate from the operator", async () => {
    const result = await runOps(t.platform.deps, ["earn", "fortune", "--rate", "0.02"], "test");
    expect(result.ok).toBe(true);
    expect((await t.api("/earn/fortune")).body.data.daily_rate).toBe("0.02");
    await runOps(t.platform.deps, ["earn", "fortune", "--rate", "0.01"], "test");
  });
});

describe("the launchpad", () => {
  it("sells a live project's tokens within the limits and delivers them once at the end", async () => {
    const { token, user } = await saver("USDT", "10000");
    const [project] = await db().select().from(launchpadProjects).where(eq(launchpadProjects.token, "BCN"));
    if (!project) throw new Error("no project");
    expect(
      (
        await t.api("/launchpad/subscribe", {
          method: "POST",
          json: { project_id: project.id, amount: "5" },
          token,
        })
      ).body.errors.amount,
    ).toBeTruthy();
    const sub = await t.api("/launchpad/subscribe", {
      method: "POST",
      json: { project_id: project.id, amount: "100" },
      token,
    });
    expect(sub.body.data).toMatchObject({ paid: "100", tokens: "2000" });
    expect(
      (
        await t.api("/launchpad/subscribe", {
          method: "POST",
          json: { project_id: project.id, amount: "4950" },
          token,
        })
      ).body.errors.amount,
    ).toEqual(["The amount exceeds the maximum purchase amount (5,000)"]);
    const upcoming = (
      await db().select().from(launchpadProjects).where(eq(launchpadProjects.token, "LUMA"))
    )[0];
    expect(
      (
        await t.api("/launchpad/subscribe", {
          method: "POST",
          json: { project_id: upcoming?.id, amount: "100" },
          token,
        })
      ).body.errors.amount,
    ).toEqual(["This project has not started yet"]);
    await expect(distribute(db(), project.id)).rejects.toMatchObject({ status: 409 });
    await db()
      .update(launchpadProjects)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(launchpadProjects.id, project.id));
    const [a, b] = await Promise.all([distribute(db(), project.id), distribute(db(), project.id)]);
    expect((a ?? 0) + (b ?? 0)).toBe(1);
    expect(await spot(user.id, "BCN")).toBe("2000");
    expect(await spot(user.id)).toBe("9900");
    const mine = (await t.api("/launchpad/mine", { token })).body.data;
    expect(mine[0]).toMatchObject({ status: "delivered", tokens: "2000" });
  });
});

describe("daily rewards", () => {
  it("can be claimed once per calendar day, growing with the streak", async () => {
    const { token, user } = await saver("USDT", "0.000001");
    const first = await t.api("/earn/checkin", { method: "POST", token });
    expect(first.body.data).toEqual({ streak: 1, amount: "0.1" });
    expect((await t.api("/earn/checkin", { method: "POST", token })).status).toBe(409);
    const tomorrow = Date.now() + DAY;
    expect(await checkin(db(), user.id, tomorrow)).toEqual({ streak: 2, amount: "0.2" });
    expect(await checkin(db(), user.id, tomorrow + 2 * DAY)).toEqual({ streak: 1, amount: "0.1" });
    expect(await spot(user.id)).toBe("0.400001");
  });
});

describe("the interest wallet's daily job on an exchange with many customers", () => {
  it("looks only at wallets that held something that day, not at every empty one, every run", async () => {
    // Empty interest wallets of 2,000 other customers (opened once, emptied since).
    await db().execute(sql`insert into ledger_accounts (owner_type, user_id, kind, coin)
      select 'user', 3000000 + g, 'fortune', 'USDT' from generate_series(1, 2000) as g`);
    const { user, token } = await saver();
    await t.api("/earn/fortune/deposit", { method: "POST", json: { amount: "100" }, token });
    // Queries the job sends, counted: they must not grow with the number of empty wallets.
    let reads = 0;
    const counted = new Proxy(db(), {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "select" && key !== "execute") return value;
        return (...args: unknown[]) => {
          reads++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const tomorrow = dayOf(Date.now() + DAY);
    const before = await spot(user.id);
    await payFortuneInterest(counted, tomorrow);
    expect(reads).toBeLessThan(50);
    // The customer who held 100 all day is still paid (the rate is the operator's).
    expect(new Decimal(await spot(user.id)).gt(before)).toBe(true);
  });
});
