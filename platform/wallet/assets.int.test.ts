import Decimal from "decimal.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { createScriptedFeed } from "../../tests/support/scripted-feed.ts";
import { earnProducts, launchpadProjects, launchpadSubscriptions } from "../earn/tables.ts";
import { auditLedger } from "../ledger/audit.ts";
import { post, transfer } from "../ledger/ledger.ts";
import { ledgerAccounts } from "../ledger/tables.ts";

// The total on /asset ("Total assets (USDT)") counts everything the customer owns, wherever it
// sits: money in Earn products is still theirs (as Binance and OKX count it). Checked against an
// independent sum of the ledger's accounts and the launchpad's held subscriptions, at the
// scripted feed's prices.

const PRICES = { BTC: 60000, ETH: 3000 };
const feed = createScriptedFeed({ "btc/usdt": PRICES.BTC, "eth/usdt": PRICES.ETH });
let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({ DEMO_FAUCET: "1" }, { marketFeed: feed });
  await t.marketReady();
});
afterAll(async () => {
  expect((await auditLedger(t.platform.deps.db)).findings).toEqual([]);
  await t?.close();
});

const db = () => t.platform.deps.db;
const productId = async (key: string) =>
  ((await db().select().from(earnProducts).where(eq(earnProducts.nameKey, key)))[0] as { id: number }).id;
const ok = <R extends { status: number; body: unknown }>(res: R) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
};
const join = async (token: string, key: string, amount: string) =>
  ok(await t.api(`/user/miningpost?id=${await productId(key)}&amount=${amount}`, { method: "POST", token }));
const assetsOf = async (token: string) => (await t.api("/account/index", { token })).body.data;

/** What the customer owns, computed apart from the platform's code: every account of theirs in
 * the ledger, and their launchpad subscriptions not delivered yet, at the feed's prices. */
async function independentTotal(userId: number) {
  const price = (coin: string) =>
    coin === "USDT" ? new Decimal(1) : new Decimal(PRICES[coin as keyof typeof PRICES] ?? 0);
  const accounts = await db()
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, "user"), eq(ledgerAccounts.userId, userId)));
  const held = await db()
    .select()
    .from(launchpadSubscriptions)
    .where(and(eq(launchpadSubscriptions.userId, userId), eq(launchpadSubscriptions.status, "subscribed")));
  let total = new Decimal(0);
  for (const a of accounts) total = total.plus(new Decimal(a.available).plus(a.frozen).mul(price(a.coin)));
  for (const s of held) total = total.plus(s.paid);
  return total.toFixed(2, Decimal.ROUND_DOWN);
}

describe("total assets", () => {
  it("count the daily-interest wallet, mining pools and the launchpad, not only spot and contract", async () => {
    const { token, user } = await registerByEmail(t);
    ok(await t.api("/wallet/faucet", { method: "POST", token }));
    expect((await assetsOf(token)).total_usdt).toBe("10000.00");

    // The tester's repro: 3,000 into the daily-interest wallet, 2,000 into the USDT mining pool.
    ok(await t.api("/earn/fortune/deposit", { method: "POST", json: { amount: "3000" }, token }));
    await join(token, "usdt_mining", "2000");
    let assets = await assetsOf(token);
    expect(assets.total_usdt).toBe("10000.00");
    expect(assets.accounts).toEqual({ spot: "5000.00", contract: "0.00", earn: "5000.00" });
    expect(assets.wallets.earn).toEqual([
      { code: "USDT", balance: "5000.000000", frost: "0.000000", usdt_value: "5000.00" },
    ]);

    // Then the rest: staking, a launchpad subscription still held, the contract account and BTC
    // in a pool (valued at the same price as the rest of the total).
    await join(token, "usdt_staking_30", "1000");
    const [project] = await db().select().from(launchpadProjects).where(eq(launchpadProjects.token, "BCN"));
    ok(
      await t.api("/launchpad/subscribe", {
        method: "POST",
        json: { project_id: project?.id, amount: "100" },
        token,
      }),
    );
    ok(
      await t.api("/wallet/transfer", {
        method: "POST",
        json: { coin: "USDT", from: "spot", to: "contract", amount: "1500" },
        token,
      }),
    );
    await db().transaction((tx) =>
      post(tx, {
        kind: "deposit",
        postings: transfer({ platform: "deposits" }, { user: user.id, wallet: "spot" }, "BTC", "0.5"),
      }),
    );
    await join(token, "btc_mining", "0.5");

    assets = await assetsOf(token);
    // 10,000 USDT and 0.5 BTC at 60,000: nothing left out, wherever it sits.
    expect(assets.total_usdt).toBe("40000.00");
    expect(assets.total_usdt).toBe(await independentTotal(user.id));
    expect(assets.total_cny).toBe(
      new Decimal(assets.total_usdt).mul(t.platform.deps.config.usdtCnyRate).toFixed(2, Decimal.ROUND_DOWN),
    );
    expect(assets.accounts).toEqual({ spot: "2400.00", contract: "1500.00", earn: "36100.00" });
    const sum = Object.values(assets.accounts as Record<string, string>).reduce(
      (s, v) => s.plus(v),
      new Decimal(0),
    );
    expect(sum.toFixed(2)).toBe(assets.total_usdt);
    expect(assets.wallets.earn).toEqual([
      { code: "USDT", balance: "6100.000000", frost: "0.000000", usdt_value: "6100.00" },
      { code: "BTC", balance: "0.50000000", frost: "0.00000000", usdt_value: "30000.00" },
    ]);
    // The spot and contract accounts are what they were.
    expect(assets.wallets.spot.find((a: { code: string }) => a.code === "USDT").balance).toBe("2400.000000");
    expect(assets.wallets.contract.find((a: { code: string }) => a.code === "USDT").balance).toBe(
      "1500.000000",
    );
  });

  it("stay whole when everything is staked", async () => {
    const { token, user } = await registerByEmail(t);
    ok(await t.api("/wallet/faucet", { method: "POST", token }));
    await join(token, "usdt_mining", "10000");
    const assets = await assetsOf(token);
    expect(assets.total_usdt).toBe("10000.00");
    expect(assets.total_usdt).toBe(await independentTotal(user.id));
    expect(assets.accounts).toEqual({ spot: "0.00", contract: "0.00", earn: "10000.00" });
  });

  it("show nothing in Earn for a new customer", async () => {
    const { token } = await registerByEmail(t);
    const assets = await assetsOf(token);
    expect(assets.total_usdt).toBe("0.00");
    expect(assets.accounts).toEqual({ spot: "0.00", contract: "0.00", earn: "0.00" });
    expect(assets.wallets.earn).toEqual([]);
  });
});
