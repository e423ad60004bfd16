import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { validateAddress } from "../contract/addresses.ts";
import { auditLedger } from "../ledger/audit.ts";
import { runOps } from "../ops/registry.ts";
import { exchangeQuotes } from "./tables.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({}, { market: true });
  await t.marketReady();
});
afterAll(async () => {
  expect((await auditLedger(t.platform.deps.db)).ok).toBe(true);
  await t?.close();
});

const ops = (...words: string[]) => runOps(t.platform.deps, words, "ops-test");

describe("assets", () => {
  it("list the eight tracked coins at zero for a new customer", async () => {
    const { token } = await registerByEmail(t);
    const res = await t.api("/account/index", { token });
    expect(res.body.data.total_usdt).toBe("0.00");
    expect(res.body.data.asset_list.map((a: { code: string }) => a.code)).toEqual([
      "USDT",
      "BTC",
      "ETH",
      "BCH",
      "LTC",
      "EOS",
      "ETC",
      "XRP",
    ]);
    expect(res.body.data.asset_list[0]).toEqual({
      code: "USDT",
      balance: "0.000000",
      frost: "0.000000",
      usdt_value: "0.00",
    });
  });

  it("count a deposit the operator credits, valued at live prices", async () => {
    const { token, email } = await registerByEmail(t);
    const credited = await ops(
      "deposit",
      "--account",
      email,
      "--coin",
      "USDT",
      "--amount",
      "1000",
      "--txid",
      `tx-${email}`,
    );
    expect(credited).toMatchObject({
      ok: true,
      output: expect.stringMatching(/credited 1000 USDT \(TRC20\)/),
    });
    await ops("deposit", "--account", email, "--coin", "BTC", "--amount", "0.01");
    // SOL has no network to deposit on; a customer holds it by converting.
    expect((await ops("deposit", "--account", email, "--coin", "SOL", "--amount", "2")).ok).toBe(false);
    const quote = (
      await t.api("/wallet/exchange/quote", {
        method: "POST",
        json: { from: "USDT", to: "SOL", amount: "100" },
        token,
      })
    ).body.data;
    await t.api("/wallet/exchange", { method: "POST", json: { quote_id: quote.quote_id }, token });
    const res = await t.api("/account/index", { token });
    const total = Number(res.body.data.total_usdt);
    const values = [...res.body.data.wallets.spot, ...res.body.data.wallets.contract].map(
      (a: { usdt_value: string }) => Number(a.usdt_value),
    );
    expect(Math.abs(total - values.reduce((x, y) => x + y, 0))).toBeLessThan(0.01 * values.length);
    const btcValue = Number(
      res.body.data.asset_list.find((a: { code: string }) => a.code === "BTC").usdt_value,
    );
    expect(btcValue).toBeGreaterThan(500); // 0.01 BTC at a real BTC price
    expect(total).toBeGreaterThan(900 + btcValue + 90);
    expect(res.body.data.asset_list.find((a: { code: string }) => a.code === "USDT")).toMatchObject({
      balance: "900.000000",
      frost: "0.000000",
    });
    expect(res.body.data.asset_list.map((a: { code: string }) => a.code)).toContain("SOL");
    expect(Number(res.body.data.total_cny)).toBeCloseTo(total * 7.2, -1);
    const again = await ops(
      "deposit",
      "--account",
      email,
      "--coin",
      "USDT",
      "--amount",
      "1",
      "--txid",
      `tx-${email}`,
    );
    expect(again.ok).toBe(false);
  });
});

describe("recharge addresses", () => {
  it("are unique per customer and network, in each chain's own format", async () => {
    const a = await registerByEmail(t);
    const b = await registerByEmail(t);
    const seen = new Set<string>();
    for (const [coin, network] of [
      ["USDT", "TRC20"],
      ["USDT", "ERC20"],
      ["BTC", "BTC"],
      ["LTC", "LTC"],
      ["BCH", "BCH"],
      ["ETC", "ETC"],
    ]) {
      const first = (
        await t.api(`/wallet/recharge/address?coin=${coin}&network=${network}`, { token: a.token })
      ).body.data;
      const again = (
        await t.api(`/wallet/recharge/address?coin=${coin}&network=${network}`, { token: a.token })
      ).body.data;
      const other = (
        await t.api(`/wallet/recharge/address?coin=${coin}&network=${network}`, { token: b.token })
      ).body.data;
      expect(again.address).toBe(first.address);
      expect(other.address).not.toBe(first.address);
      expect(validateAddress(network as string, first.address)).toBe(true);
      seen.add(`${network}:${first.address}`);
    }
    const xrp = (await t.api("/wallet/recharge/address?coin=XRP&network=XRP", { token: a.token })).body.data;
    expect(validateAddress("XRP", xrp.address)).toBe(true);
    expect(xrp.memo).toBe(a.user.uid);
    const eos = (await t.api("/wallet/recharge/address?coin=EOS&network=EOS", { token: b.token })).body.data;
    expect(eos.memo).toBe(b.user.uid);
    const wrong = await t.api("/wallet/recharge/address?coin=BTC&network=TRC20", { token: a.token });
    expect(wrong.status).toBe(422);
  });
});

describe("transfer", () => {
  it("moves between spot and contract at once, and refuses more than available", async () => {
    const { token, email } = await registerByEmail(t);
    await ops("deposit", "--account", email, "--coin", "USDT", "--amount", "100");
    const ok = await t.api("/wallet/transfer", {
      method: "POST",
      json: { coin: "usdt", from: "spot", to: "contract", amount: "60.5" },
      token,
    });
    expect(ok.body.message).toBe("Transfer complete");
    const assets = (await t.api("/account/index", { token })).body.data;
    expect(assets.wallets.contract.find((x: { code: string }) => x.code === "USDT").balance).toBe(
      "60.500000",
    );
    const too = await t.api("/wallet/transfer", {
      method: "POST",
      json: { coin: "USDT", from: "spot", to: "contract", amount: "40" },
      token,
    });
    expect(too.status).toBe(422);
    expect(too.body.errors.amount).toEqual(["Insufficient balance"]);
    const bad = await t.api("/wallet/transfer", {
      method: "POST",
      json: { coin: "USDT", from: "spot", to: "spot", amount: "-1" },
      token,
    });
    expect(Object.keys(bad.body.errors).sort()).toEqual(["amount"]);
  });
});

describe("exchange", () => {
  it("converts at the quoted price with its fee, once, before it expires", async () => {
    const { token, email } = await registerByEmail(t);
    await ops("deposit", "--account", email, "--coin", "USDT", "--amount", "500");
    const quote = (
      await t.api("/wallet/exchange/quote", {
        method: "POST",
        json: { from: "USDT", to: "BTC", amount: "100" },
        token,
      })
    ).body.data;
    expect(Number(quote.receive)).toBeGreaterThan(0);
    // 0.1 % of the gross, rounded up to the coin's 8 decimals.
    expect(Number(quote.fee)).toBeCloseTo((Number(quote.receive) / 0.999) * 0.001, 7);
    const done = await t.api("/wallet/exchange", {
      method: "POST",
      json: { quote_id: quote.quote_id },
      token,
    });
    expect(done.body.data).toMatchObject({ from: "USDT", to: "BTC" });
    const assets = (await t.api("/account/index", { token })).body.data;
    expect(assets.asset_list.find((x: { code: string }) => x.code === "BTC").balance).toBe(
      Number(quote.receive).toFixed(8),
    );
    expect(assets.asset_list.find((x: { code: string }) => x.code === "USDT").balance).toBe("400.000000");
    const twice = await t.api("/wallet/exchange", {
      method: "POST",
      json: { quote_id: quote.quote_id },
      token,
    });
    expect(twice.body.errors.quote_id).toEqual(["This quote has expired, please get a new one"]);

    const late = (
      await t.api("/wallet/exchange/quote", {
        method: "POST",
        json: { from: "USDT", to: "ETH", amount: "10" },
        token,
      })
    ).body.data;
    await t.platform.deps.db
      .update(exchangeQuotes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(exchangeQuotes.id, late.quote_id));
    expect(
      (await t.api("/wallet/exchange", { method: "POST", json: { quote_id: late.quote_id }, token })).status,
    ).toBe(422);

    // More than the wallet holds is not even quoted (executing still checks, as the balance may
    // have moved since the quote).
    const poor = await t.api("/wallet/exchange/quote", {
      method: "POST",
      json: { from: "BTC", to: "USDT", amount: "5" },
      token,
    });
    expect(poor.status).toBe(422);
    expect(poor.body.errors.amount).toEqual(["Insufficient balance"]);
  });

  it("the block desk refuses less than its minimum, and quotes at its lower fee for longer", async () => {
    const { token, email } = await registerByEmail(t);
    await ops("deposit", "--account", email, "--coin", "USDT", "--amount", "20000");
    const ask = (amount: string) =>
      t.api("/wallet/exchange/quote", {
        method: "POST",
        json: { from: "USDT", to: "BTC", amount, desk: "boss" },
        token,
      });
    const small = await ask("9999");
    expect(small.status).toBe(422);
    expect(small.body.errors.amount).toEqual(["The block desk takes 10,000 USDT's worth or more"]);
    const quote = (await ask("12000")).body.data;
    // 0.05 % of the gross, rounded up to the coin's 8 decimals; valid about 20 s.
    expect(Number(quote.fee)).toBeCloseTo((Number(quote.receive) / 0.9995) * 0.0005, 7);
    expect(Date.parse(quote.expires_at) - Date.now()).toBeGreaterThan(15_000);
    const done = await t.api("/wallet/exchange", {
      method: "POST",
      json: { quote_id: quote.quote_id },
      token,
    });
    // Compared as numbers: on Postgres the answer carries the column's trailing zeros.
    expect(Number(done.body.data.amount)).toBe(12000);
    expect(Number(done.body.data.receive)).toBe(Number(quote.receive));
  });

  it("cannot use another customer's quote", async () => {
    const a = await registerByEmail(t);
    const b = await registerByEmail(t);
    await ops("deposit", "--account", a.email, "--coin", "USDT", "--amount", "50");
    const quote = (
      await t.api("/wallet/exchange/quote", {
        method: "POST",
        json: { from: "USDT", to: "ETH", amount: "10" },
        token: a.token,
      })
    ).body.data;
    expect(
      (
        await t.api("/wallet/exchange", {
          method: "POST",
          json: { quote_id: quote.quote_id },
          token: b.token,
        })
      ).status,
    ).toBe(422);
  });
});

describe("fiat recharge and records", () => {
  it("waits for review, credits once when approved, and shows in the records", async () => {
    const { token } = await registerByEmail(t);
    const req = await t.api("/wallet/recharge/fiat", {
      method: "POST",
      json: { method: "bank", amount: "250", reference: "BANK-REF-1" },
      token,
    });
    expect(req.body.data.status).toBe("pending");
    const list = await ops("fiat", "list");
    expect(list.output).toContain("BANK-REF-1");
    expect((await ops("fiat", "approve", String(req.body.data.id))).ok).toBe(true);
    expect((await ops("fiat", "approve", String(req.body.data.id))).ok).toBe(false);
    const assets = (await t.api("/account/index", { token })).body.data;
    expect(assets.asset_list[0].balance).toBe("250.000000");
    const records = (await t.api("/wallet/records?kind=recharge", { token })).body.data;
    expect(records.list[0]).toMatchObject({
      type: "fiat_recharge",
      amount: "250",
      status: "success",
      coin: "USDT",
    });
    const one = await t.api(`/wallet/record?id=${records.list[0].id}`, { token });
    expect(one.body.data.id).toBe(records.list[0].id);
    const other = await registerByEmail(t);
    expect((await t.api(`/wallet/record?id=${records.list[0].id}`, { token: other.token })).status).toBe(404);
  });
});
