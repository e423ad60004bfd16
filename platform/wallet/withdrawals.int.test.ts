import Decimal from "decimal.js";
import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freshMobile, lastCode, registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { auditLedger } from "../ledger/audit.ts";
import { balanceOf } from "../ledger/ledger.ts";
import { ledgerAccounts } from "../ledger/tables.ts";
import { runOps } from "../ops/registry.ts";
import { walletNetworks, withdrawals } from "./tables.ts";
import { reviewWithdrawal } from "./withdrawals.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({ CODE_RESEND_SECONDS: "1" });
});
// The ledger stays sound after every step of every test.
afterEach(async () => {
  expect((await auditLedger(db())).findings).toEqual([]);
});
afterAll(() => t?.close());

const db = () => t.platform.deps.db;
const ops = (...words: string[]) => runOps(t.platform.deps, words, "ops-test");
const post = (path: string, json: unknown, token: string) => t.api(path, { method: "POST", json, token });
const expectAuditClean = async () => expect((await auditLedger(db())).findings).toEqual([]);

const FUND = "Fund2026ok";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const spot = async (userId: number, coin = "USDT") => {
  const b = await balanceOf(db(), userId, "spot", coin);
  return { available: b.available.toFixed(), frozen: b.frozen.toFixed() };
};
const pendingOf = (userId: number) =>
  db()
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, "pending")));

async function bindPhone(token: string) {
  const phone = freshMobile();
  expect((await t.api(`/captcha?phone=${phone}&area_code=65&type=bind`, { token })).status).toBe(200);
  const code = await lastCode(t, `+65${phone}`);
  expect((await post("/security/phone", { area_code: "65", phone, code }, token)).status).toBe(200);
}

let documents = 0;
async function passKyc(token: string, userId: number) {
  const id_number = `W${process.pid}${++documents}X`;
  const sent = await post(
    "/user/kyc/primary",
    { real_name: "Ana Lim", id_number, country: "sg", document_type: "id_card" },
    token,
  );
  expect(sent.status).toBe(200);
  const listed = await ops("kyc", "list", "--status", "pending");
  const id = listed.output
    .split("\n")
    .find((line) => line.includes(id_number))
    ?.trim()
    .split(/\s+/)[0];
  expect((await ops("kyc", "approve", String(id))).ok).toBe(true);
  expect((await t.api("/user/kyc", { token })).body.data.primary.status).toBe("authenticated");
  void userId;
}

async function setFundPassword(token: string) {
  const set = await post(
    "/security/fund_password",
    { new_pay_pwd: FUND, new_pay_pwd_confirmation: FUND },
    token,
  );
  expect(set.status).toBe(200);
}

async function deposit(email: string, amount: string, coin = "USDT") {
  expect((await ops("deposit", "--account", email, "--coin", coin, "--amount", amount)).ok).toBe(true);
}

/** A customer who meets every precondition and holds `usdt` in the spot wallet. */
async function ready(usdt = "100") {
  const account = await registerByEmail(t);
  await bindPhone(account.token);
  await passKyc(account.token, account.user.id);
  await setFundPassword(account.token);
  await deposit(account.email, usdt);
  return account;
}

const withdraw = (token: string, body: Record<string, unknown> = {}) =>
  post(
    "/wallet/withdraw",
    { coin: "USDT", network: "TRC20", address: TRON, amount: "10", payment_password: FUND, ...body },
    token,
  );

describe("withdrawal preconditions", () => {
  it("are checked in the spec's order, each with its message, and a refusal freezes nothing", async () => {
    const a = await registerByEmail(t);
    await deposit(a.email, "50");
    const refusal = async (token: string) => {
      const res = await withdraw(token);
      return [res.status, res.body.message];
    };
    const PHONE = [403, "Bind your mobile number first"];
    const KYC = [403, "Conduct primary authentication first"];
    const FUND_FIRST = [403, "Set the fund password first"];
    // A missing phone is named first, whatever else is missing or done.
    expect(await refusal(a.token)).toEqual(PHONE);
    await setFundPassword(a.token);
    expect(await refusal(a.token)).toEqual(PHONE);
    await passKyc(a.token, a.user.id);
    expect(await refusal(a.token)).toEqual(PHONE);
    expect(await spot(a.user.id)).toEqual({ available: "50", frozen: "0" });
    await bindPhone(a.token);
    expect((await withdraw(a.token)).status).toBe(200);

    // Then primary verification, before the fund password.
    const b = await registerByEmail(t);
    await deposit(b.email, "50");
    await bindPhone(b.token);
    expect(await refusal(b.token)).toEqual(KYC);
    await setFundPassword(b.token);
    expect(await refusal(b.token)).toEqual(KYC);
    await passKyc(b.token, b.user.id);
    expect((await withdraw(b.token)).status).toBe(200);

    const c = await registerByEmail(t);
    await deposit(c.email, "50");
    await bindPhone(c.token);
    await passKyc(c.token, c.user.id);
    expect(await refusal(c.token)).toEqual(FUND_FIRST);
    const readiness = (await t.api("/wallet/withdraw/readiness", { token: c.token })).body.data;
    expect(readiness).toEqual({
      phone_bound: true,
      primary_verified: true,
      fund_password_set: false,
      google_bound: false,
      locked_until: null,
    });
    expect(await spot(c.user.id)).toEqual({ available: "50", frozen: "0" });
    expect(await pendingOf(c.user.id)).toEqual([]);
  });

  it("lock for 24 hours after a security change (423, with the time)", async () => {
    const { token, user } = await ready("50");
    const changed = await post(
      "/security/fund_password/change",
      { old_password: FUND, new_pay_pwd: "Fund2027ok", new_pay_pwd_confirmation: "Fund2027ok" },
      token,
    );
    expect(changed.status).toBe(200);
    const res = await withdraw(token, { payment_password: "Fund2027ok" });
    expect(res.status).toBe(423);
    // The moment as English writes it, in UTC: "Nov 28, 2026, 01:05 PM UTC".
    expect(res.body.message).toMatch(
      /^For your safety, withdrawals are locked until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M UTC /,
    );
    expect(await spot(user.id)).toEqual({ available: "50", frozen: "0" });
  });
});

describe("a withdrawal request", () => {
  it("checks the minimum, the decimals and the fee, and says what arrives", async () => {
    const { token, user } = await ready("100");
    const below = await withdraw(token, { amount: "9.999999" });
    expect(below.status).toBe(422);
    expect(below.body.errors.amount).toEqual(["The minimum withdrawal is 10 USDT"]);
    const decimals = await withdraw(token, { amount: "10.0000001" });
    expect(decimals.body.errors.amount).toBeDefined();
    for (const amount of ["0", "-10", "abc", "1e3"]) {
      expect((await withdraw(token, { amount })).status, amount).toBe(422);
    }
    expect(await spot(user.id)).toEqual({ available: "100", frozen: "0" });

    // TRC20: minimum 10, fee 1 → 10 sends 9.
    const ok = await withdraw(token, { amount: "10" });
    expect(ok.body.message).toBe("Withdrawal submitted, please wait patiently for the review");
    expect(ok.body.data).toMatchObject({ status: "pending" });
    expect(
      [ok.body.data.amount, ok.body.data.fee, ok.body.data.receive].map((x: string) =>
        new Decimal(x).toFixed(),
      ),
    ).toEqual(["10", "1", "9"]);
    const odd = await withdraw(token, { amount: "12.345678" });
    expect(new Decimal(odd.body.data.receive).toFixed()).toBe("11.345678");
    expect(await spot(user.id)).toEqual({ available: "77.654322", frozen: "22.345678" });

    // A network whose minimum is below its fee: the amount must still be more than the fee.
    await db()
      .update(walletNetworks)
      .set({ minWithdraw: "1" })
      .where(and(eq(walletNetworks.coin, "USDT"), eq(walletNetworks.network, "ERC20")));
    try {
      const eth = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
      const fee = await withdraw(token, { network: "ERC20", address: eth, amount: "5" });
      expect(fee.body.errors.amount).toEqual(["The amount must be more than the fee of 5 USDT"]);
      const enough = await withdraw(token, { network: "ERC20", address: eth, amount: "5.000001" });
      expect(new Decimal(enough.body.data.receive).toFixed()).toBe("0.000001");
    } finally {
      await db()
        .update(walletNetworks)
        .set({ minWithdraw: "20" })
        .where(and(eq(walletNetworks.coin, "USDT"), eq(walletNetworks.network, "ERC20")));
    }

    const records = (await t.api("/wallet/records?kind=withdraw", { token })).body.data.list;
    expect(records[records.length - 1]).toMatchObject({
      type: "withdrawal",
      amount: "10",
      fee: "1",
      detail: "9",
      status: "pending",
      network: "TRC20",
      address: TRON,
    });
  });

  it("refuses a bad address, a wrong fund password, and more than the balance, changing nothing", async () => {
    const { token, user } = await ready("30");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" }, "address", "This is not a valid TRC20 address"],
      [
        { address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" },
        "address",
        "This is not a valid TRC20 address",
      ],
      [{ network: "BTC" }, "network", "Choose one of the networks of this coin"],
      [{ payment_password: "Wrong2026ok" }, "payment_password", "The fund password is incorrect"],
      [{ amount: "30.000001" }, "amount", "Insufficient balance"],
    ];
    for (const [body, field, message] of cases) {
      const res = await withdraw(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    expect(await spot(user.id)).toEqual({ available: "30", frozen: "0" });
    expect(await pendingOf(user.id)).toEqual([]);
    // The whole balance is fine.
    expect((await withdraw(token, { amount: "30" })).status).toBe(200);
    expect(await spot(user.id)).toEqual({ available: "0", frozen: "30" });
  });

  it("asks for the Google code once Google Authenticator is bound, and takes each code once", async () => {
    const { token, user } = await ready("100");
    const secret: string = (await t.api("/security/google", { token })).body.data.secret;
    const codeAt = (steps: number) =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: Date.now() + steps * 30_000,
      });
    expect((await post("/security/google/bind", { google_code: codeAt(0) }, token)).status).toBe(200);
    const missing = await withdraw(token);
    expect(missing.body.errors.google_code).toEqual(["Enter the code from Google Authenticator"]);
    const wrong = await withdraw(token, { google_code: codeAt(5) });
    expect(wrong.body.errors.google_code).toEqual([
      "The Google Authenticator code is incorrect or was already used",
    ]);
    expect(await spot(user.id)).toEqual({ available: "100", frozen: "0" });
    // The binding used this step's code: the next step's is the first one a withdrawal takes.
    const code = codeAt(1);
    expect((await withdraw(token, { google_code: code })).status).toBe(200);
    const replay = await withdraw(token, { google_code: code });
    expect(replay.body.errors.google_code).toEqual([
      "The Google Authenticator code is incorrect or was already used",
    ]);
    expect(await spot(user.id)).toEqual({ available: "90", frozen: "10" });
  });
});

describe("operator review", () => {
  it("approves once: the frozen amount leaves, what arrives to withdrawals and the fee to fees", async () => {
    const { token, user } = await ready("100");
    const { id } = (await withdraw(token, { amount: "40" })).body.data;
    expect(await spot(user.id)).toEqual({ available: "60", frozen: "40" });
    await expectAuditClean();
    const before = {
      withdrawals: await platformBalance("withdrawals"),
      fees: await platformBalance("fees"),
    };
    const approved = await reviewWithdrawal(db(), id, {
      approve: true,
      operator: "ops-test",
      txid: "0xfeed",
    });
    expect(approved.status).toBe("success");
    expect(await spot(user.id)).toEqual({ available: "60", frozen: "0" });
    expect((await platformBalance("withdrawals")).minus(before.withdrawals).toFixed()).toBe("39");
    expect((await platformBalance("fees")).minus(before.fees).toFixed()).toBe("1");
    await expectAuditClean();
    for (const approve of [true, false]) {
      await expect(
        reviewWithdrawal(db(), id, { approve, operator: "ops-test", reason: "again" }),
      ).rejects.toMatchObject({
        status: 409,
        messageKey: "wallet.already_reviewed",
      });
    }
    expect((await ops("withdrawal", "approve", String(id))).ok).toBe(false);
    expect(await spot(user.id)).toEqual({ available: "60", frozen: "0" });
    const [record] = (await t.api("/wallet/records?kind=withdraw", { token })).body.data.list;
    expect(record).toMatchObject({ status: "success", txid: "0xfeed" });
  });

  it("rejects once: the amount is unfrozen, and a later approval is refused", async () => {
    const { token, user } = await ready("100");
    const { id } = (await withdraw(token, { amount: "25.5" })).body.data;
    expect(await spot(user.id)).toEqual({ available: "74.5", frozen: "25.5" });
    const rejected = await reviewWithdrawal(db(), id, {
      approve: false,
      operator: "ops-test",
      reason: "Address on a blocklist",
    });
    expect(rejected.status).toBe("rejected");
    expect(await spot(user.id)).toEqual({ available: "100", frozen: "0" });
    await expectAuditClean();
    for (const approve of [false, true]) {
      await expect(
        reviewWithdrawal(db(), id, { approve, operator: "ops-test", reason: "again" }),
      ).rejects.toMatchObject({
        status: 409,
      });
    }
    expect(await spot(user.id)).toEqual({ available: "100", frozen: "0" });
    const [record] = (await t.api("/wallet/records?kind=withdraw", { token })).body.data.list;
    expect(record).toMatchObject({ status: "rejected", reason: "Address on a blocklist" });
  });

  it("decides a request exactly once when approvals and rejections race", async () => {
    const { token, user } = await ready("100");
    const { id } = (await withdraw(token, { amount: "50" })).body.data;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        reviewWithdrawal(db(), id, { approve: i % 2 === 0, operator: "ops-test", reason: "race" }),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    const status = (won[0] as PromiseFulfilledResult<{ status: string }>).value.status;
    expect(await spot(user.id)).toEqual(
      status === "success" ? { available: "50", frozen: "0" } : { available: "100", frozen: "0" },
    );
  });
});

describe("concurrency", () => {
  it("accepts exactly one of 50 parallel withdrawals of the whole balance", async () => {
    const { token, user } = await ready("100");
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(token, { amount: "100" })));
    const accepted = results.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.errors.amount).toEqual(["Insufficient balance"]);
    }
    expect(await spot(user.id)).toEqual({ available: "0", frozen: "100" });
    expect(await pendingOf(user.id)).toHaveLength(1);
  }, 120_000);
});

async function platformBalance(kind: "withdrawals" | "fees") {
  const [row] = await db()
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, "platform"),
        eq(ledgerAccounts.kind, kind),
        eq(ledgerAccounts.coin, "USDT"),
      ),
    );
  return new Decimal(row?.available ?? 0);
}

describe("fiat withdrawal to a payment method", () => {
  const card = {
    kind: "bank",
    holder: "Ana Lim",
    provider: "DBS",
    account: "1234567890",
    payment_password: FUND,
  };
  const addCard = async (token: string, account = card.account) => {
    const added = await post("/user/payment_methods/add", { ...card, account }, token);
    expect(added.status).toBe(200);
    return added.body.data.id as number;
  };
  const fiat = (token: string, body: Record<string, unknown>) =>
    post("/wallet/withdraw/fiat", { amount: "50", payment_password: FUND, ...body }, token);

  it("has the coin withdrawal's preconditions, in the same order, and a refusal freezes nothing", async () => {
    const a = await registerByEmail(t);
    await deposit(a.email, "100");
    const refusal = async () => {
      const res = await fiat(a.token, { payment_method_id: 1 });
      return [res.status, res.body.message];
    };
    expect(await refusal()).toEqual([403, "Bind your mobile number first"]);
    await setFundPassword(a.token);
    expect(await refusal()).toEqual([403, "Bind your mobile number first"]);
    await bindPhone(a.token);
    expect(await refusal()).toEqual([403, "Conduct primary authentication first"]);
    const b = await registerByEmail(t);
    await bindPhone(b.token);
    await passKyc(b.token, b.user.id);
    expect((await fiat(b.token, { payment_method_id: 1 })).body.message).toBe("Set the fund password first");
    expect(await spot(a.user.id)).toEqual({ available: "100", frozen: "0" });

    const { token, user } = await ready("100");
    const method = await addCard(token);
    const changed = await post(
      "/security/fund_password/change",
      { old_password: FUND, new_pay_pwd: "Fund2027ok", new_pay_pwd_confirmation: "Fund2027ok" },
      token,
    );
    expect(changed.status).toBe(200);
    const locked = await fiat(token, { payment_method_id: method, payment_password: "Fund2027ok" });
    expect(locked.status).toBe(423);
    expect(await spot(user.id)).toEqual({ available: "100", frozen: "0" });
    expect(await pendingOf(user.id)).toEqual([]);
  });

  it("takes only the customer's own payment method and checks the minimum, fee and fund password", async () => {
    const other = await ready("10");
    const theirs = await addCard(other.token, "5555666677");
    const { token, user } = await ready("100");
    const mine = await addCard(token);
    for (const id of [theirs, 999_999, "x"]) {
      const res = await fiat(token, { payment_method_id: id });
      expect(res.status).toBe(422);
      expect(res.body.errors.payment_method_id).toEqual(["Choose one of your payment methods"]);
    }
    const terms = (await t.api("/wallet/withdraw/fiat", { token })).body.data;
    expect(terms).toEqual({ coin: "USDT", withdraw_enabled: true, min_withdraw: "20", withdraw_fee: "2" });
    expect((await fiat(token, { payment_method_id: mine, amount: "19.99" })).body.errors.amount).toEqual([
      "The minimum withdrawal is 20 USDT",
    ]);
    expect((await fiat(token, { payment_method_id: mine, amount: "1.0000001" })).body.errors.amount).toEqual([
      "Use at most 6 decimals",
    ]);
    expect(
      (await fiat(token, { payment_method_id: mine, payment_password: "Wrong2026x" })).body.errors
        .payment_password,
    ).toEqual(["The fund password is incorrect"]);
    expect((await fiat(token, { payment_method_id: mine, amount: "100.01" })).body.message).toBe(
      "Insufficient balance",
    );
    expect(await spot(user.id)).toEqual({ available: "100", frozen: "0" });
    // The fiat terms are not a chain: no deposits to them, no coin withdrawal on them.
    expect(
      (await t.api("/wallet/networks?coin=USDT")).body.data.map((n: { network: string }) => n.network),
    ).toEqual(["TRC20", "ERC20"]);
    expect((await withdraw(token, { network: "FIAT", address: "DBS 1234567890" })).status).toBe(422);
    expect(await spot(user.id)).toEqual({ available: "100", frozen: "0" });
  });

  it("freezes the amount; approval pays it out, rejection unfreezes it, each once", async () => {
    const { token, user } = await ready("100");
    const method = await addCard(token);
    const sent = await fiat(token, { payment_method_id: method, amount: "30" });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "pending", amount: "30", fee: "2", receive: "28" });
    expect(await spot(user.id)).toEqual({ available: "70", frozen: "30" });
    const [row] = await pendingOf(user.id);
    expect(row).toMatchObject({ network: "FIAT", paymentMethodId: method, address: "DBS ****7890" });
    const [record] = (await t.api("/wallet/records?kind=withdraw", { token })).body.data.list;
    expect(record).toMatchObject({ type: "fiat_withdrawal", status: "pending", amount: "30", detail: "28" });
    await expectAuditClean();

    const before = { withdrawals: await platformBalance("withdrawals"), fees: await platformBalance("fees") };
    expect((await ops("withdrawal", "approve", String(sent.body.data.id))).ok).toBe(true);
    expect(await spot(user.id)).toEqual({ available: "70", frozen: "0" });
    expect((await platformBalance("withdrawals")).minus(before.withdrawals).toFixed()).toBe("28");
    expect((await platformBalance("fees")).minus(before.fees).toFixed()).toBe("2");
    expect((await ops("withdrawal", "reject", String(sent.body.data.id), "--reason", "again")).ok).toBe(
      false,
    );

    const second = await fiat(token, { payment_method_id: method, amount: "40" });
    expect(await spot(user.id)).toEqual({ available: "30", frozen: "40" });
    const rejected = await ops(
      "withdrawal",
      "reject",
      String(second.body.data.id),
      "--reason",
      "Name mismatch",
    );
    expect(rejected.ok).toBe(true);
    expect(await spot(user.id)).toEqual({ available: "70", frozen: "0" });
    await expect(
      reviewWithdrawal(db(), second.body.data.id, { approve: true, operator: "ops-test" }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await spot(user.id)).toEqual({ available: "70", frozen: "0" });
    const list = (await t.api("/wallet/records?kind=withdraw", { token })).body.data.list;
    expect(list.map((r: { status: string; reason: string | null }) => [r.status, r.reason])).toEqual([
      ["rejected", "Name mismatch"],
      ["success", null],
    ]);
    await expectAuditClean();
  });
});
