import Decimal from "decimal.js";
import { eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { earnProducts } from "../earn/tables.ts";
import { balanceOf } from "../ledger/ledger.ts";
import { runOps } from "../ops/registry.ts";
import { createWithdrawal } from "../wallet/withdrawals.ts";
import { auditLog, operators } from "./tables.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform();
});
afterAll(() => t?.close());

const db = () => t.platform.database.db;
const code = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** An operator made by the CLI, as an owner would: its password and TOTP secret from the output. */
async function makeOperator(role: string) {
  const email = freshEmail(role);
  const out = await runOps(t.platform.deps, ["admin", "create", email, "--role", role], "root");
  expect(out.ok, out.output).toBe(true);
  const password = /password: (\S+)/.exec(out.output)?.[1] ?? "";
  const secret = /totp secret: ([A-Z2-7]+)/.exec(out.output)?.[1] ?? "";
  expect(out.output).toContain(`otpauth://totp/`);
  return { email, password, secret };
}

let ip = 0;
async function signIn(role: string) {
  const op = await makeOperator(role);
  const res = await t.api("/admin/login", {
    method: "POST",
    json: { email: op.email, password: op.password, code: code(op.secret) },
    ip: `10.9.0.${++ip}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...op, token: res.body.data.token as string };
}

const lastAudit = async () => (await db().select().from(auditLog).orderBy(sql`id desc`).limit(1))[0];

describe("operator accounts and sign-in", () => {
  it("creates an operator from the CLI (audited) and refuses a second with the same e-mail", async () => {
    const op = await makeOperator("owner");
    expect(op.password.length).toBeGreaterThanOrEqual(12);
    const [row] = await db().select().from(operators).where(eq(operators.email, op.email));
    expect(row?.role).toBe("owner");
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await lastAudit()).toMatchObject({ operator: "cli:root", action: "operator.create" });
    const again = await runOps(t.platform.deps, ["admin", "create", op.email], "root");
    expect(again.ok).toBe(false);
  });

  it("needs the TOTP code: none, wrong or replayed is refused, and wrong tries are rate-limited", async () => {
    const op = await makeOperator("support");
    const from = { ip: "10.8.0.1" };
    const missing = await t.api("/admin/login", {
      method: "POST",
      json: { email: op.email, password: op.password },
      ...from,
    });
    expect(missing.status).toBe(422);
    const wrongCode = code(op.secret, Date.now() + 10 * 60_000);
    for (let i = 0; i < 5; i++) {
      const wrong = await t.api("/admin/login", {
        method: "POST",
        json: { email: op.email, password: op.password, code: wrongCode },
        ...from,
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.message).toBe("E-mail, password or code is wrong");
    }
    // Locked now, even with the right code.
    const locked = await t.api("/admin/login", {
      method: "POST",
      json: { email: op.email, password: op.password, code: code(op.secret) },
      ...from,
    });
    expect(locked.status).toBe(429);

    const other = await makeOperator("support");
    const good = { email: other.email, password: other.password, code: code(other.secret) };
    const first = await t.api("/admin/login", { method: "POST", json: good, ip: "10.8.0.2" });
    expect(first.status).toBe(200);
    const replay = await t.api("/admin/login", { method: "POST", json: good, ip: "10.8.0.2" });
    expect(replay.status).toBe(422);
    const badPassword = await t.api("/admin/login", {
      method: "POST",
      json: { ...good, password: "not-the-password", code: code(other.secret, Date.now() + 30_000) },
      ip: "10.8.0.2",
    });
    expect(badPassword.status).toBe(422);
  });

  it("keeps customer and operator tokens apart", async () => {
    const customer = await registerByEmail(t);
    expect((await t.api("/admin/me", { token: customer.token })).status).toBe(401);
    expect((await t.api("/admin/kyc", { token: customer.token })).status).toBe(401);
    expect((await t.api("/admin/me")).status).toBe(401);
    const op = await signIn("owner");
    const me = await t.api("/admin/me", { token: op.token });
    expect(me.body.data.operator.role).toBe("owner");
    expect((await t.api("/user/info", { token: op.token })).status).toBe(401);
    await t.api("/admin/logout", { method: "POST", token: op.token });
    expect((await t.api("/admin/me", { token: op.token })).status).toBe(401);
  });
});

describe("roles", () => {
  it("lets support read only, reviewers decide but not edit products, operators not decide", async () => {
    const support = await signIn("support");
    const reviewer = await signIn("reviewer");
    const operator = await signIn("operator");
    const [pool] = await db().select().from(earnProducts).where(eq(earnProducts.kind, "mining")).limit(1);
    const edit = { id: pool?.id, daily_rate: "0.02", status: "active" };
    for (const who of [support, reviewer]) {
      const res = await t.api("/admin/products/update", { method: "POST", json: edit, token: who.token });
      expect(res.status).toBe(403);
    }
    expect((await t.api("/admin/products", { token: support.token })).status).toBe(200);
    expect(
      (await t.api("/admin/kyc/approve", { method: "POST", json: { id: 1 }, token: support.token })).status,
    ).toBe(403);
    expect(
      (await t.api("/admin/kyc/approve", { method: "POST", json: { id: 1 }, token: operator.token })).status,
    ).toBe(403);
    expect(
      (await t.api("/admin/withdrawals/approve", { method: "POST", json: { id: 1 }, token: operator.token }))
        .status,
    ).toBe(403);
    expect((await t.api("/admin/operators", { token: reviewer.token })).status).toBe(403);
    expect((await t.api("/admin/operators", { token: operator.token })).status).toBe(403);
    const [after] = await db()
      .select()
      .from(earnProducts)
      .where(eq(earnProducts.id, pool?.id ?? 0));
    expect(after?.dailyRate).toBe(pool?.dailyRate);
  });
});

describe("actions, each with its audit row", () => {
  it("approves and rejects KYC, with before and after", async () => {
    const reviewer = await signIn("reviewer");
    const customer = await registerByEmail(t);
    const submit = (name: string) =>
      t.api("/user/kyc/primary", {
        method: "POST",
        token: customer.token,
        json: { real_name: name, id_number: `X${Date.now()}`, country: "SG", document_type: "passport" },
      });
    expect((await submit("Ana Lim")).status).toBe(200);
    const queue = await t.api("/admin/kyc", { token: reviewer.token });
    const mine = queue.body.data.find((a: { account: string }) => a.account === customer.email);
    expect(mine).toMatchObject({ status: "pending", real_name: "Ana Lim" });

    const noReason = await t.api("/admin/kyc/reject", {
      method: "POST",
      json: { id: mine.id },
      token: reviewer.token,
    });
    expect(noReason.status).toBe(422);
    const rejected = await t.api("/admin/kyc/reject", {
      method: "POST",
      json: { id: mine.id, reason: "Blurry document" },
      token: reviewer.token,
    });
    expect(rejected.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      operator: reviewer.email,
      action: "kyc.reject",
      target: `kyc:${mine.id}`,
      before: { status: "pending", reason: null },
      after: { status: "rejected", reason: "Blurry document", decided_by: reviewer.email },
    });
    const twice = await t.api("/admin/kyc/approve", {
      method: "POST",
      json: { id: mine.id },
      token: reviewer.token,
    });
    expect(twice.status).toBe(409);

    expect((await submit("Ana Lim")).status).toBe(200);
    const again = (await t.api("/admin/kyc", { token: reviewer.token })).body.data.find(
      (a: { account: string }) => a.account === customer.email,
    );
    const approved = await t.api("/admin/kyc/approve", {
      method: "POST",
      json: { id: again.id },
      token: reviewer.token,
    });
    expect(approved.status).toBe(200);
    expect((await t.api("/user/kyc", { token: customer.token })).body.data.primary.status).toBe(
      "authenticated",
    );
    expect(await lastAudit()).toMatchObject({
      action: "kyc.approve",
      before: { status: "pending" },
      after: { status: "authenticated" },
    });
  });

  it("credits a deposit, approves a withdrawal and marks it sent; money moves through the ledger", async () => {
    const reviewer = await signIn("reviewer");
    const customer = await registerByEmail(t);
    const credit = await t.api("/admin/deposits/credit", {
      method: "POST",
      json: { account: customer.email, coin: "USDT", amount: "100" },
      token: reviewer.token,
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "deposit.credit",
      after: { amount: "100", coin: "USDT" },
    });
    const bad = await t.api("/admin/deposits/credit", {
      method: "POST",
      json: { account: customer.email, coin: "USDT", amount: "-5" },
      token: reviewer.token,
    });
    expect(bad.status).toBe(422);
    // A number past any account id (found by the form fuzz: it was a 500) is no such customer.
    for (const account of [
      "340282366920938463463374607431768211456",
      "12147483648",
      "99999999999999999999",
    ]) {
      const nobody = await t.api("/admin/deposits/credit", {
        method: "POST",
        json: { account, coin: "USDT", amount: "1" },
        token: reviewer.token,
      });
      expect([nobody.status, nobody.body.errors?.account], account).toEqual([
        422,
        ["No customer matches this account"],
      ]);
    }
    // One chain transaction is credited once; the second try is refused and not recorded.
    const withTx = {
      account: (await registerByEmail(t)).email,
      coin: "USDT",
      amount: "1",
      txid: "0xfeedbeef01",
    };
    expect(
      (await t.api("/admin/deposits/credit", { method: "POST", json: withTx, token: reviewer.token })).status,
    ).toBe(200);
    const again = await t.api("/admin/deposits/credit", {
      method: "POST",
      json: withTx,
      token: reviewer.token,
    });
    expect([again.status, again.body.errors?.txid]).toEqual([422, ["This transaction was already credited"]]);
    expect(await lastAudit()).toMatchObject({ action: "deposit.credit", after: { txid: "0xfeedbeef01" } });

    const w = await createWithdrawal(db(), {
      userId: customer.user.id,
      coin: "USDT",
      network: credit.body.data.network,
      address: "TQ1111111111111111111111111111111",
      amount: new Decimal(40),
      fee: new Decimal(1),
    });
    const list = await t.api("/admin/withdrawals", { token: reviewer.token });
    expect(list.body.data.some((x: { id: number }) => x.id === w.id)).toBe(true);
    const notYet = await t.api("/admin/withdrawals/sent", {
      method: "POST",
      json: { id: w.id, txid: "0xabc" },
      token: reviewer.token,
    });
    expect(notYet.status).toBe(409);
    const approve = await t.api("/admin/withdrawals/approve", {
      method: "POST",
      json: { id: w.id },
      token: reviewer.token,
    });
    expect(approve.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "withdrawal.approve",
      target: `withdrawal:${w.id}`,
      before: { status: "pending" },
      after: { status: "success", reviewed_by: reviewer.email },
    });
    const sent = await t.api("/admin/withdrawals/sent", {
      method: "POST",
      json: { id: w.id, txid: "0xabc" },
      token: reviewer.token,
    });
    expect(sent.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "withdrawal.sent",
      before: { txid: null },
      after: { txid: "0xabc" },
    });
    const spot = await balanceOf(db(), customer.user.id, "spot", "USDT");
    expect(spot.available.toFixed()).toBe("60");
    expect(spot.frozen.toFixed()).toBe("0");
  });

  it("changes a pool's rate and a notice; bad input changes nothing", async () => {
    const op = await signIn("operator");
    const products = (await t.api("/admin/products", { token: op.token })).body.data;
    const pool = products.find((p: { kind: string }) => p.kind === "mining");
    const countBefore = (await db().select().from(auditLog)).length;
    const bad = await t.api("/admin/products/update", {
      method: "POST",
      json: { id: pool.id, daily_rate: "2", status: "active" },
      token: op.token,
    });
    expect(bad.status).toBe(422);
    expect((await db().select().from(auditLog)).length).toBe(countBefore);
    const res = await t.api("/admin/products/update", {
      method: "POST",
      json: { id: pool.id, daily_rate: "0.0123", status: "active" },
      token: op.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.daily_rate).toBe("0.0123");
    expect(await lastAudit()).toMatchObject({
      action: "product.update",
      target: `product:${pool.id}`,
      before: { daily_rate: pool.daily_rate },
      after: { daily_rate: "0.0123" },
    });

    const notices = (await t.api("/admin/notices", { token: op.token })).body.data;
    expect(notices.length).toBeGreaterThan(0);
    const n = notices[0];
    const old = (await t.api(`/admin/notices/show?id=${n.id}&lang=en`, { token: op.token })).body.data;
    const saved = await t.api("/admin/notices/update", {
      method: "POST",
      json: {
        id: n.id,
        lang: "en",
        title: "Maintenance tonight",
        summary: "",
        body: "We **pause** at 02:00 UTC.",
      },
      token: op.token,
    });
    expect(saved.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "notice.update",
      target: `post:${n.id}:en`,
      before: { title: old.title },
      after: { title: "Maintenance tonight" },
    });
    const pub = await t.api(`/posts/show?id=${n.id}`, { lang: "en" });
    expect(pub.body.data.title).toBe("Maintenance tonight");
  });
});

describe("the audit log", () => {
  it("lists, filters and exports; it cannot be changed or removed", async () => {
    const support = await signIn("support");
    const list = await t.api("/admin/audit?action=product.update", { token: support.token });
    expect(list.status).toBe(200);
    expect(list.body.data.list.length).toBeGreaterThan(0);
    expect(list.body.data.list.every((r: { action: string }) => r.action === "product.update")).toBe(true);
    const csv = await t.platform.fetch(
      new Request("http://x/api/admin/audit.csv?action=kyc", {
        headers: { authorization: `Bearer ${support.token}` },
      }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("id,at,operator,action,target,before,after");
    expect(lines.slice(1).every((l) => /,kyc\.(approve|reject),/.test(l))).toBe(true);
    expect(lines.length).toBeGreaterThan(2);

    const row = await lastAudit();
    await expect(
      db().execute(sql`update audit_log set action = 'x' where id = ${row?.id}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log where id = ${row?.id}`)).rejects.toThrow();
    const [still] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, row?.id ?? 0));
    expect(still?.action).toBe(row?.action);
  });

  it("lets only the owner manage operators, audited", async () => {
    const owner = await signIn("owner");
    const made = await t.api("/admin/operators/create", {
      method: "POST",
      json: { email: freshEmail("new"), role: "support" },
      token: owner.token,
    });
    expect(made.status).toBe(200);
    expect(made.body.data.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const id = made.body.data.operator.id;
    const disabled = await t.api("/admin/operators/update", {
      method: "POST",
      json: { id, disabled: "true" },
      token: owner.token,
    });
    expect(disabled.body.data.disabled).toBe(true);
    expect(await lastAudit()).toMatchObject({
      operator: owner.email,
      action: "operator.update",
      before: { disabled: false },
      after: { disabled: true },
    });
    const self = await t.api("/admin/operators/update", {
      method: "POST",
      json: {
        id: (await t.api("/admin/me", { token: owner.token })).body.data.operator.id,
        disabled: "true",
      },
      token: owner.token,
    });
    expect(self.status).toBe(409);
  });
});
