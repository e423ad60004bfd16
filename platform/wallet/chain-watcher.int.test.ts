import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { auditLedger } from "../ledger/audit.ts";
import { balanceOf } from "../ledger/ledger.ts";
import { runOps } from "../ops/registry.ts";
import { creditConfirmed, ManualChainWatcher } from "./chain-watcher.ts";
import { deposits } from "./tables.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({});
});
afterAll(async () => {
  expect((await auditLedger(t.platform.deps.db)).findings).toEqual([]);
  await t?.close();
});

const db = () => t.platform.deps.db;
const ops = (...words: string[]) => runOps(t.platform.deps, words, "ops-test");
const usdt = async (userId: number) => (await balanceOf(db(), userId, "spot", "USDT")).available.toFixed();
const txid = () =>
  `0x${process.pid.toString(16)}${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;

describe("chain watchers", () => {
  it("credit the same confirmed txid once, whichever way it is reported", async () => {
    const { token, user, email } = await registerByEmail(t);
    const address = (await t.api("/wallet/recharge/address?coin=USDT&network=TRC20", { token })).body.data;
    const watcher = new ManualChainWatcher();
    watcher.start(creditConfirmed(db(), "watcher-test"));
    const seen = { coin: "USDT", network: "TRC20", address: address.address, txid: txid(), amount: "25" };
    const first = await watcher.confirm({ ...seen, confirmations: 20 });
    expect(first.credited).toBe(true);
    expect(first.userId).toBe(user.id);
    const again = await watcher.confirm({ ...seen, confirmations: 25 });
    expect(again).toMatchObject({ credited: false, id: first.id });
    // Reported at once by two watchers: still one credit.
    const racing = { ...seen, txid: txid(), amount: "5", confirmations: 20 };
    const both = await Promise.all([watcher.confirm(racing), watcher.confirm(racing)]);
    expect(both.filter((r) => r.credited)).toHaveLength(1);
    expect(await usdt(user.id)).toBe("30");
    // The operator's command goes through the same path.
    const manual = racing.txid;
    const res = await ops("deposit", "--account", email, "--coin", "USDT", "--amount", "5", "--txid", manual);
    expect(res).toMatchObject({ ok: false });
    expect(res.output).toMatch(/already credited/);
    const fresh = txid();
    expect(
      (await ops("deposit", "--account", email, "--coin", "USDT", "--amount", "7", "--txid", fresh)).ok,
    ).toBe(true);
    expect(
      (await ops("deposit", "--account", email, "--coin", "USDT", "--amount", "7", "--txid", fresh)).ok,
    ).toBe(false);
    expect(await usdt(user.id)).toBe("37");
    const rows = await db()
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, user.id)));
    expect(rows).toHaveLength(3);
    watcher.stop();
    await expect(watcher.confirm({ ...seen, txid: txid(), confirmations: 20 })).rejects.toThrow(
      /not started/,
    );
  });

  it("refuses a deposit short of the network's confirmations or to an unknown address", async () => {
    const { token, user } = await registerByEmail(t);
    const address = (await t.api("/wallet/recharge/address?coin=USDT&network=TRC20", { token })).body.data;
    const credit = creditConfirmed(db(), "watcher-test");
    const seen = { coin: "USDT", network: "TRC20", txid: txid(), amount: "10" };
    await expect(credit({ ...seen, address: address.address, confirmations: 19 })).rejects.toThrow(
      /19 of 20 confirmations/,
    );
    await expect(
      credit({ ...seen, address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", confirmations: 20 }),
    ).rejects.toThrow(/no customer owns/);
    expect(await usdt(user.id)).toBe("0");
  });
});
