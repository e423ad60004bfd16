import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { DEMO_FAUCET } from "../contract/wallet.ts";
import { DEMO_ACCOUNT } from "../identity/service.ts";
import { auditLedger, ledgerTotals } from "../ledger/audit.ts";
import { fundDemoAccount } from "./faucet.ts";

// A local try-out: the embedded database's defaults (demo account and faucet on).
let t: TestPlatform;
let off: TestPlatform;
beforeAll(async () => {
  [t, off] = await Promise.all([
    testPlatform({ SEED_DEMO: "1", DEMO_FAUCET: "1" }),
    testPlatform({ DEMO_FAUCET: "0" }),
  ]);
});
afterAll(async () => {
  for (const p of [t, off]) expect((await auditLedger(p.platform.deps.db)).ok).toBe(true);
  await Promise.all([t?.close(), off?.close()]);
});

const usdt = async (p: TestPlatform, token: string) =>
  (await p.api("/account/index", { token })).body.data.asset_list.find(
    (a: { code: string }) => a.code === "USDT",
  ).balance;

describe("the demo faucet", () => {
  it("gives the demo account a starting balance once", async () => {
    const login = await t.api("/login", {
      method: "POST",
      json: { type: "email", account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    expect(login.status).toBe(200);
    expect(await usdt(t, login.body.data.token)).toBe("10000.000000");
    // A restart does not pay it again.
    expect(await fundDemoAccount(t.platform.deps.db, DEMO_ACCOUNT.email)).toBe(false);
    expect(await usdt(t, login.body.data.token)).toBe("10000.000000");
  });

  it("credits test USDT through the ledger, shows it as a record, and stops at the limit", async () => {
    const { token } = await registerByEmail(t);
    const before = await t.api("/wallet/faucet", { token });
    expect(before.body.data).toEqual({
      enabled: true,
      coin: "USDT",
      grant: DEMO_FAUCET.grant,
      limit: DEMO_FAUCET.limit,
      received: "0",
      remaining: DEMO_FAUCET.limit,
    });
    const claimed = await t.api("/wallet/faucet", { method: "POST", token, lang: "en" });
    expect(claimed.status).toBe(200);
    expect(claimed.body.message).toBe("Test USDT added to your spot wallet");
    expect(claimed.body.data).toMatchObject({ received: "10000", remaining: "40000" });
    expect(await usdt(t, token)).toBe("10000.000000");

    const records = await t.api("/wallet/records?kind=recharge", { token });
    expect(records.body.data.list).toEqual([
      expect.objectContaining({ type: "faucet", coin: "USDT", amount: "10000", status: "success" }),
    ]);
    const one = await t.api(`/wallet/record?id=${records.body.data.list[0].id}`, { token });
    expect(one.body.data).toMatchObject({ type: "faucet", kind: "recharge" });

    // Claims at once cannot pass the limit together: exactly four more fit.
    const many = await Promise.all(
      Array.from({ length: 6 }, () => t.api("/wallet/faucet", { method: "POST", token, lang: "en" })),
    );
    expect(many.filter((r) => r.status === 200)).toHaveLength(4);
    const refused = many.find((r) => r.status === 422);
    expect(refused?.body.message).toBe("This account has already received the demo maximum of 50,000 USDT");
    expect(await usdt(t, token)).toBe("50000.000000");
    expect((await t.api("/wallet/faucet", { token })).body.data).toMatchObject({
      grant: "0",
      remaining: "0",
    });

    // The other side is the platform's faucet account: balanced, nothing created from nothing.
    const faucet = (await ledgerTotals(t.platform.deps.db)).find(
      (r) => r.owner_type === "platform" && r.kind === "faucet",
    );
    expect(faucet?.available).toBe("-60000.000000000000000000"); // 50,000 here and the demo's 10,000
  });

  it("is off unless the server runs it: nothing is credited", async () => {
    const { token } = await registerByEmail(off);
    expect((await off.api("/wallet/faucet", { token })).body.data.enabled).toBe(false);
    const refused = await off.api("/wallet/faucet", { method: "POST", token, lang: "en" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("The demo faucet is off on this server");
    expect(await usdt(off, token)).toBe("0.000000");
  });

  it("asks for a login", async () => {
    expect((await t.api("/wallet/faucet", { method: "POST" })).status).toBe(401);
  });
});
