import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, PASSWORD, registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { createScriptedFeed } from "../../tests/support/scripted-feed.ts";
import { post, transfer } from "../ledger/ledger.ts";
import { ledgerAuditRuns } from "../ledger/tables.ts";
import { listedInstruments } from "../market/service.ts";
import { runOps } from "../ops/registry.ts";
import { depositAddresses } from "../wallet/tables.ts";
import { auditLog } from "./tables.ts";

const feed = createScriptedFeed({ "btc/usdt": 60000, "eth/usdt": 3000 });
let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({}, { marketFeed: feed });
  await t.marketReady();
});
afterAll(() => t?.close());

const db = () => t.platform.deps.db;
const code = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

let ip = 0;
/** An operator of `role`, created by the CLI and signed in with TOTP. */
async function signIn(role: string) {
  const email = freshEmail(role);
  const out = await runOps(t.platform.deps, ["admin", "create", email, "--role", role], "root");
  const password = /password: (\S+)/.exec(out.output)?.[1] ?? "";
  const secret = /totp secret: ([A-Z2-7]+)/.exec(out.output)?.[1] ?? "";
  const res = await t.api("/admin/login", {
    method: "POST",
    json: { email, password, code: code(secret) },
    ip: `10.7.0.${++ip}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email, token: res.body.data.token as string };
}

const lastAudit = async () => (await db().select().from(auditLog).orderBy(sql`id desc`).limit(1))[0];
const auditCount = async () => Number((await db().select({ n: sql`count(*)` }).from(auditLog))[0]?.n);

async function fundedCustomer(usdt = "1000") {
  const account = await registerByEmail(t);
  await db().transaction((tx) =>
    post(tx, {
      kind: "deposit",
      postings: transfer(
        { platform: "deposits" },
        { user: account.user.id, wallet: "contract" },
        "USDT",
        usdt,
      ),
    }),
  );
  return account;
}

describe("customers in the console", () => {
  it("finds a customer by e-mail, UID or deposit address and shows balances, entries, orders and sessions", async () => {
    const support = await signIn("support");
    const customer = await fundedCustomer("250");
    const uid = String(10_000_000 + customer.user.id);
    await db()
      .insert(depositAddresses)
      .values({ userId: customer.user.id, network: "TRC20", address: `TQ${uid}abcdefXYZ` });
    const order = await t.api("/contract/order", {
      method: "POST",
      token: customer.token,
      json: { code: "BTC/USDT", side: "buy", quantity: "0.001", leverage: 10 },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);

    for (const q of [customer.email.slice(0, 12).toUpperCase(), uid, `tq${uid}ABCDEFxyz`]) {
      const found = await t.api(`/admin/customers?q=${encodeURIComponent(q)}`, { token: support.token });
      expect(found.status).toBe(200);
      expect(
        found.body.data.map((c: { uid: string }) => c.uid),
        q,
      ).toContain(uid);
    }
    const none = await t.api("/admin/customers?q=nobody-such%25", { token: support.token });
    expect(none.body.data).toEqual([]);

    const page = await t.api(`/admin/customers/show?id=${customer.user.id}`, { token: support.token });
    expect(page.status).toBe(200);
    const d = page.body.data;
    expect(d.customer).toMatchObject({ uid, email: customer.email, status: "active" });
    expect(d.balances.find((b: { wallet: string; coin: string }) => b.wallet === "contract")).toMatchObject({
      coin: "USDT",
    });
    expect(d.entries.some((e: { kind: string }) => e.kind === "deposit")).toBe(true);
    expect(d.orders[0]).toMatchObject({ code: "btc/usdt", side: "buy", status: "filled" });
    expect(d.positions[0]).toMatchObject({ code: "btc/usdt", status: "open", leverage: 10 });
    expect(d.sessions.length).toBeGreaterThanOrEqual(1);
    expect((await t.api("/admin/customers/show?id=99999999", { token: support.token })).status).toBe(404);
    // A customer's own token never opens it.
    expect((await t.api("/admin/customers?q=a", { token: customer.token })).status).toBe(401);
  });

  it("freezes (reviewer): sessions end, sign-in and trading refused with the message; unfreezes; support and operator may not", async () => {
    const reviewer = await signIn("reviewer");
    const support = await signIn("support");
    const operator = await signIn("operator");
    const customer = await fundedCustomer();
    const before = await auditCount();
    for (const who of [support, operator]) {
      const refused = await t.api("/admin/customers/freeze", {
        method: "POST",
        json: { id: customer.user.id },
        token: who.token,
      });
      expect(refused.status).toBe(403);
    }
    expect(await auditCount()).toBe(before);

    const frozen = await t.api("/admin/customers/freeze", {
      method: "POST",
      json: { id: customer.user.id },
      token: reviewer.token,
    });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({
      operator: reviewer.email,
      action: "customer.freeze",
      target: `user:${10_000_000 + customer.user.id}`,
      before: { status: "active" },
      after: { status: "frozen", sessions_ended: 1 },
    });
    const call = await t.api("/contract/order", {
      method: "POST",
      token: customer.token,
      json: { code: "BTC/USDT", side: "buy", quantity: "0.001", leverage: 10 },
    });
    expect(call.status).toBe(401);
    expect(call.body.message).toBe("This account is frozen, please contact customer service");
    const login = await t.api("/login", {
      method: "POST",
      json: { account: customer.email, password: PASSWORD },
    });
    expect(login.status).toBe(423);
    expect(login.body.message).toBe("This account is frozen, please contact customer service");
    const loginEs = await t.api("/login", {
      method: "POST",
      json: { account: customer.email, password: PASSWORD },
      lang: "es",
    });
    expect(loginEs.body.message).toBe("Esta cuenta está congelada. Contacta con atención al cliente");
    const twice = await t.api("/admin/customers/freeze", {
      method: "POST",
      json: { id: customer.user.id },
      token: reviewer.token,
    });
    expect(twice.status).toBe(409);

    const unfrozen = await t.api("/admin/customers/unfreeze", {
      method: "POST",
      json: { id: customer.user.id },
      token: reviewer.token,
    });
    expect(unfrozen.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "customer.unfreeze",
      before: { status: "frozen" },
      after: { status: "active" },
    });
    const again = await t.api("/login", {
      method: "POST",
      json: { account: customer.email, password: PASSWORD },
    });
    expect(again.status).toBe(200);
  });

  it("ends a customer's sessions (reviewer), audited with the count", async () => {
    const reviewer = await signIn("reviewer");
    const customer = await registerByEmail(t);
    const second = await t.api("/login", {
      method: "POST",
      json: { account: customer.email, password: PASSWORD },
    });
    expect(second.status).toBe(200);
    const res = await t.api("/admin/customers/end_sessions", {
      method: "POST",
      json: { id: customer.user.id },
      token: reviewer.token,
    });
    expect(res.body.data).toEqual({ ended: 2 });
    expect(await lastAudit()).toMatchObject({
      action: "customer.end_sessions",
      before: { sessions: 2 },
      after: { sessions: 0 },
    });
    expect((await t.api("/user/info", { token: customer.token })).status).toBe(401);
    expect((await t.api("/user/info", { token: second.body.data.token })).status).toBe(401);
    const bad = await t.api("/admin/customers/end_sessions", {
      method: "POST",
      json: { id: "x" },
      token: reviewer.token,
    });
    expect(bad.status).toBe(422);
  });
});

describe("the ledger view", () => {
  it("shows totals per coin by account kind and runs the audit (reviewer), recording the run", async () => {
    const support = await signIn("support");
    const reviewer = await signIn("reviewer");
    await fundedCustomer("77");
    const view = await t.api("/admin/ledger", { token: support.token });
    expect(view.status).toBe(200);
    const contract = view.body.data.totals.find(
      (r: { coin: string; owner_type: string; kind: string }) =>
        r.coin === "USDT" && r.owner_type === "user" && r.kind === "contract",
    );
    expect(Number(contract.available)).toBeGreaterThanOrEqual(77);
    expect((await t.api("/admin/ledger/audit", { method: "POST", token: support.token })).status).toBe(403);
    const runs = async () => Number((await db().select({ n: sql`count(*)` }).from(ledgerAuditRuns))[0]?.n);
    const n = await runs();
    const run = await t.api("/admin/ledger/audit", { method: "POST", token: reviewer.token });
    expect(run.status).toBe(200);
    expect(run.body.message).toBe("Ledger audit passed");
    expect(run.body.data).toMatchObject({ ok: true });
    expect(await runs()).toBe(n + 1);
    expect(await lastAudit()).toMatchObject({ action: "ledger.audit", after: { ok: true, findings: 0 } });
    const after = await t.api("/admin/ledger", { token: support.token });
    expect(after.body.data.last_audit).toMatchObject({ id: run.body.data.id, ok: true });
  });
});

describe("instruments", () => {
  it("pauses an instrument (operator): it leaves the lists at once and new orders are refused; resumes", async () => {
    const operator = await signIn("operator");
    const reviewer = await signIn("reviewer");
    const customer = await fundedCustomer();
    const list = await t.api("/admin/instruments", { token: reviewer.token });
    const eth = list.body.data.find((i: { code: string }) => i.code === "eth/usdt");
    expect(eth).toMatchObject({ status: "active", max_leverage: 100 });
    const change = { ...eth, status: "paused" };

    expect(
      (await t.api("/admin/instruments/update", { method: "POST", json: change, token: reviewer.token }))
        .status,
    ).toBe(403);
    for (const bad of [
      { ...change, taker_fee: "0.5" },
      { ...change, max_leverage: "0" },
      { ...change, price_precision: "" },
      { ...change, status: "gone" },
      { ...change, liquidity_spread: "0.5" },
      { ...change, liquidity_max_size: "-1" },
      { ...change, liquidity_max_size: "0" },
    ]) {
      const res = await t.api("/admin/instruments/update", {
        method: "POST",
        json: bad,
        token: operator.token,
      });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    // A spread at or beyond the market price band (5 %) would put every quote outside it, and
    // every market order would be refused: refused itself, in the operator's language.
    const wide = await t.api("/admin/instruments/update", {
      method: "POST",
      json: { ...eth, liquidity_spread: "0.05" },
      token: operator.token,
      lang: "ru",
    });
    expect(wide.status).toBe(422);
    expect(wide.body.errors.liquidity_spread).toEqual([
      "Спред ликвидности должен быть меньше ценового коридора рыночных ордеров (5\u00a0%): шире — и все рыночные ордера будут отклонены",
    ]);
    expect((await t.api("/admin/instruments", { token: reviewer.token })).body.data).toContainEqual(
      expect.objectContaining({ code: "eth/usdt", liquidity_spread: eth.liquidity_spread }),
    );
    // Warm the cache first: the pause must show without waiting for it to expire.
    expect((await listedInstruments.get(db())).some((i) => i.code === "eth/usdt")).toBe(true);
    const paused = await t.api("/admin/instruments/update", {
      method: "POST",
      json: { ...change, max_leverage: 20, taker_fee: "0.0006" },
      token: operator.token,
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({
      operator: operator.email,
      action: "instrument.update",
      target: "instrument:eth/usdt",
      before: { status: "active", max_leverage: 100, taker_fee: "0.0005" },
      after: { status: "paused", max_leverage: 20, taker_fee: "0.0006" },
    });
    const markets = await t.api("/market/instruments");
    expect(JSON.stringify(markets.body.data)).not.toContain("eth/usdt");
    // The market's own screens (book, trades, candles) stop showing it at once too.
    for (const path of ["/market/depth?code=eth/usdt", "/market/trades?code=eth/usdt"]) {
      expect((await t.api(path)).body.errors?.code).toEqual(["This market does not exist or is not listed"]);
    }
    const refused = await t.api("/contract/order", {
      method: "POST",
      token: customer.token,
      json: { code: "ETH/USDT", side: "buy", quantity: "0.01", leverage: 5 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe("Trading on this instrument is paused for now");

    const resumed = await t.api("/admin/instruments/update", {
      method: "POST",
      json: { ...eth },
      token: operator.token,
    });
    expect(resumed.status).toBe(200);
    const ok = await t.api("/contract/order", {
      method: "POST",
      token: customer.token,
      json: { code: "ETH/USDT", side: "buy", quantity: "0.01", leverage: 5 },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await t.api("/contract/close", {
      method: "POST",
      token: customer.token,
      json: { id: ok.body.data.position.id },
    });
  });
});

describe("deposit networks and withdrawal fees", () => {
  it("pauses deposits and sets the withdrawal fee (operator): customers see it at once; support may not", async () => {
    const operator = await signIn("operator");
    const support = await signIn("support");
    const customer = await registerByEmail(t);
    const list = await t.api("/admin/networks", { token: support.token });
    const trc = list.body.data.find(
      (n: { coin: string; network: string }) => n.coin === "USDT" && n.network === "TRC20",
    );
    expect(trc).toMatchObject({ deposit_enabled: true, withdraw_enabled: true });
    const change = { ...trc, deposit_enabled: "false", withdraw_fee: "2.5" };
    expect(
      (await t.api("/admin/networks/update", { method: "POST", json: change, token: support.token })).status,
    ).toBe(403);
    const before = await auditCount();
    for (const bad of [
      { ...change, withdraw_fee: "-1" },
      { ...change, min_withdraw: "" },
      { ...change, deposit_enabled: "maybe" },
    ]) {
      const res = await t.api("/admin/networks/update", { method: "POST", json: bad, token: operator.token });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    expect(await auditCount()).toBe(before);
    const res = await t.api("/admin/networks/update", {
      method: "POST",
      json: change,
      token: operator.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({
      operator: operator.email,
      action: "network.update",
      target: "network:USDT:TRC20",
      before: { deposit_enabled: true, withdraw_fee: trc.withdraw_fee },
      after: { deposit_enabled: false, withdraw_fee: "2.5" },
    });
    const address = await t.api("/wallet/recharge/address?coin=USDT&network=TRC20", {
      token: customer.token,
    });
    expect(address.status).toBe(422);
    expect(address.body.message).toBe("This network is paused for now, please choose another");
    const shown = await t.api("/wallet/networks?coin=USDT", { token: customer.token });
    expect(JSON.stringify(shown.body.data)).toContain('"withdraw_fee":"2.5"');

    const restored = await t.api("/admin/networks/update", {
      method: "POST",
      json: trc,
      token: operator.token,
    });
    expect(restored.status).toBe(200);
    expect(
      (await t.api("/wallet/recharge/address?coin=USDT&network=TRC20", { token: customer.token })).status,
    ).toBe(200);
  });
});
