import Decimal from "decimal.js";
import { eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { subscribe } from "../earn/launchpad.ts";
import { launchpadProjects } from "../earn/tables.ts";
import { post, transfer } from "../ledger/ledger.ts";
import { runOps } from "../ops/registry.ts";
import { placeBet } from "../options/service.ts";
import { optionBets, optionProducts } from "../options/tables.ts";
import { auditLog } from "./tables.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({}, { jobs: false });
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
    ip: `10.8.0.${++ip}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email, token: res.body.data.token as string };
}

const lastAudit = async () => (await db().select().from(auditLog).orderBy(sql`id desc`).limit(1))[0];
const auditCount = async () => Number((await db().select({ n: sql`count(*)` }).from(auditLog))[0]?.n);

async function bettor() {
  const account = await registerByEmail(t);
  await db().transaction((tx) =>
    post(tx, {
      kind: "deposit",
      postings: transfer({ platform: "deposits" }, { user: account.user.id, wallet: "spot" }, "USDT", "1000"),
    }),
  );
  return account;
}

describe("timed contracts in the console", () => {
  it("sets odds, fee, limits and order (operator only); new bets get the new odds, placed ones keep theirs", async () => {
    const operator = await signIn("operator");
    const reviewer = await signIn("reviewer");
    const list = await t.api("/admin/timed-products", { token: reviewer.token });
    expect(list.status).toBe(200);
    const product = list.body.data.find(
      (p: { code: string; period_seconds: number }) => p.code === "btc/usdt" && p.period_seconds === 60,
    );
    expect(product).toMatchObject({ odds: "0.8", fee_rate: "0.01", min_amount: "10", enabled: true });
    const customer = await bettor();
    const before = await placeBet(
      db(),
      customer.user.id,
      {
        product_id: product.id,
        direction: "up",
        amount: "20",
      },
      Date.now(),
      Date.now(),
    );

    const change = {
      ...product,
      odds: "0.87",
      fee_rate: "0.02",
      min_amount: "5",
      max_amount: "500",
      sort: 3,
    };
    const url = "/admin/timed-products/update";
    expect((await t.api(url, { method: "POST", json: change, token: reviewer.token })).status).toBe(403);
    expect((await t.api(url, { method: "POST", json: change })).status).toBe(401);

    const count = await auditCount();
    for (const bad of [
      { ...change, odds: "11" },
      { ...change, odds: "0" },
      { ...change, odds: "" },
      { ...change, fee_rate: "0.5" },
      { ...change, min_amount: "-1" },
      { ...change, min_amount: "0" },
      { ...change, max_amount: "4" },
      { ...change, sort: "x" },
      { ...change, enabled: "maybe" },
    ]) {
      const res = await t.api(url, { method: "POST", json: bad, token: operator.token });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    const max = await t.api(url, {
      method: "POST",
      json: { ...change, max_amount: "4" },
      token: operator.token,
    });
    expect(max.body.message).toBe("The maximum bet must not be below the minimum");
    expect(
      (await t.api(url, { method: "POST", json: { ...change, id: 999_999 }, token: operator.token })).status,
    ).toBe(404);
    expect(await auditCount()).toBe(count);
    const [untouched] = await db().select().from(optionProducts).where(eq(optionProducts.id, product.id));
    expect(new Decimal(untouched?.odds ?? 0).toFixed()).toBe("0.8");

    const saved = await t.api(url, { method: "POST", json: change, token: operator.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({
      operator: operator.email,
      action: "timed_product.update",
      target: `timed_product:${product.id}`,
      before: { odds: "0.8", fee_rate: "0.01", min_amount: "10", max_amount: "10000" },
      after: { odds: "0.87", fee_rate: "0.02", min_amount: "5", max_amount: "500", sort: 3 },
    });
    const shown = await t.api("/option/products?code=BTC/USDT");
    expect(shown.body.data.find((p: { id: number }) => p.id === product.id)).toMatchObject({ odds: "0.87" });

    const after = await placeBet(
      db(),
      customer.user.id,
      {
        product_id: product.id,
        direction: "down",
        amount: "5",
      },
      Date.now(),
      Date.now(),
    );
    const odds = async (id: number) =>
      new Decimal(
        (await db().select().from(optionBets).where(eq(optionBets.id, id)))[0]?.odds ?? 0,
      ).toFixed();
    expect([await odds(before.id), await odds(after.id)]).toEqual(["0.8", "0.87"]);
    expect(new Decimal(after.fee).toFixed()).toBe("0.1");

    // Closed: it leaves the customer's list and refuses bets.
    const closed = await t.api(url, {
      method: "POST",
      json: { ...change, enabled: "false" },
      token: operator.token,
    });
    expect(closed.status).toBe(200);
    const gone = await t.api("/option/products?code=BTC/USDT");
    expect(gone.body.data.some((p: { id: number }) => p.id === product.id)).toBe(false);
    const refused = await t.api("/option/bet", {
      method: "POST",
      token: customer.token,
      json: { product_id: product.id, direction: "up", amount: "10" },
    });
    expect(refused.status).toBe(422);
    expect((await t.api(url, { method: "POST", json: { ...product }, token: operator.token })).status).toBe(
      200,
    );
  });
});

describe("earn settings in the console", () => {
  it("sets the daily-interest rate and first-deposit reward (operator only), through the CLI's function", async () => {
    const operator = await signIn("operator");
    const support = await signIn("support");
    const url = "/admin/fortune/update";
    expect((await t.api("/admin/fortune", { token: support.token })).body.data).toMatchObject({
      daily_rate: "0.01",
      first_reward: "5",
    });
    const change = { daily_rate: "0.015", first_reward: "8" };
    expect((await t.api(url, { method: "POST", json: change, token: support.token })).status).toBe(403);
    const count = await auditCount();
    for (const bad of [
      { ...change, daily_rate: "2" },
      { ...change, daily_rate: "" },
      { ...change, daily_rate: "0.1.2" },
      { ...change, first_reward: "-1" },
      { daily_rate: "0.02" },
    ]) {
      const res = await t.api(url, { method: "POST", json: bad, token: operator.token });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    expect(await auditCount()).toBe(count);
    expect((await t.api("/earn/fortune")).body.data.daily_rate).toBe("0.01");

    const saved = await t.api(url, { method: "POST", json: change, token: operator.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({
      operator: operator.email,
      action: "fortune.update",
      target: "fortune",
      before: { daily_rate: "0.01", first_reward: "5" },
      after: { daily_rate: "0.015", first_reward: "8" },
    });
    expect((await t.api("/earn/fortune")).body.data.daily_rate).toBe("0.015");
    // The CLI writes through the same function.
    const cli = await runOps(t.platform.deps, ["earn", "fortune", "--rate", "0.01", "--reward", "5"], "test");
    expect(cli.ok, cli.output).toBe(true);
    expect((await t.api("/admin/fortune", { token: support.token })).body.data).toMatchObject({
      daily_rate: "0.01",
      first_reward: "5",
    });
  });

  it("edits a launchpad project: price for new subscriptions, supply never below what is sold, dates", async () => {
    const operator = await signIn("operator");
    const reviewer = await signIn("reviewer");
    const hour = 3_600_000;
    const [project] = await db()
      .insert(launchpadProjects)
      .values({
        token: "TSTX",
        name: "Test X",
        descriptionKey: "bcn",
        price: "0.5",
        totalSupply: "1000",
        remaining: "1000",
        minPerUser: "10",
        maxPerUser: "200",
        startsAt: new Date(Date.now() - hour),
        endsAt: new Date(Date.now() + 24 * hour),
      })
      .returning();
    if (!project) throw new Error("no project");
    const customer = await bettor();
    const first = await subscribe(db(), customer.user.id, project.id, "100");
    expect(new Decimal(first.tokens).toFixed()).toBe("200");

    const listed = (await t.api("/admin/launchpad", { token: reviewer.token })).body.data.find(
      (p: { id: number }) => p.id === project.id,
    );
    expect(listed).toMatchObject({ status: "live", price: "0.5", remaining: "800", delivered: false });
    const change = {
      id: project.id,
      price: "0.25",
      total_supply: "600",
      min_per_user: "5",
      max_per_user: "300",
      starts_at: listed.starts_at.slice(0, 16),
      ends_at: listed.ends_at,
    };
    const url = "/admin/launchpad/update";
    expect((await t.api(url, { method: "POST", json: change, token: reviewer.token })).status).toBe(403);
    const count = await auditCount();
    for (const bad of [
      { ...change, total_supply: "150" },
      { ...change, price: "0" },
      { ...change, max_per_user: "4" },
      { ...change, ends_at: change.starts_at },
      { ...change, starts_at: "tomorrow" },
      { ...change, starts_at: "2026-13-45T99:99" },
    ]) {
      const res = await t.api(url, { method: "POST", json: bad, token: operator.token });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    const short = await t.api(url, {
      method: "POST",
      json: { ...change, total_supply: "150" },
      token: operator.token,
    });
    expect(short.body.message).toBe("The supply cannot go below the 200 tokens already sold");
    expect(await auditCount()).toBe(count);
    const [untouched] = await db()
      .select()
      .from(launchpadProjects)
      .where(eq(launchpadProjects.id, project.id));
    expect(new Decimal(untouched?.price ?? 0).toFixed()).toBe("0.5");

    const saved = await t.api(url, { method: "POST", json: change, token: operator.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({
      operator: operator.email,
      action: "launchpad.update",
      target: `launchpad:${project.id}`,
      before: { price: "0.5", total_supply: "1000", remaining: "800" },
      after: { price: "0.25", total_supply: "600", remaining: "400", max_per_user: "300" },
    });
    const second = await subscribe(db(), customer.user.id, project.id, "50");
    expect([new Decimal(first.tokens).toFixed(), new Decimal(second.tokens).toFixed()]).toEqual([
      "200",
      "200",
    ]);

    // Ended now: the sale closes at once; once delivered the project cannot change.
    const ended = await t.api(url, {
      method: "POST",
      json: { ...change, ends_at: new Date(Date.now() - 1000).toISOString() },
      token: operator.token,
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data.status).toBe("ended");
    await expect(subscribe(db(), customer.user.id, project.id, "10")).rejects.toMatchObject({ status: 422 });
    await runOps(t.platform.deps, ["launchpad", "distribute", String(project.id)], "test");
    const late = await t.api(url, { method: "POST", json: change, token: operator.token });
    expect(late.status).toBe(409);
  });
});

describe("content in the console", () => {
  it("rewrites an academy article and a protocol page in one language; a post of another kind is not found", async () => {
    const operator = await signIn("operator");
    const support = await signIn("support");
    const academy = (await t.api("/admin/notices?kind=academy", { token: support.token })).body.data;
    const protocol = (await t.api("/admin/notices?kind=protocol", { token: support.token })).body.data;
    const notices = (await t.api("/admin/notices", { token: support.token })).body.data;
    expect(academy.length).toBeGreaterThan(0);
    expect(protocol.length).toBeGreaterThan(0);
    const ids = (l: { id: number }[]) => l.map((p) => p.id);
    expect(ids(academy).some((id) => ids(protocol).includes(id) || ids(notices).includes(id))).toBe(false);
    expect((await t.api("/admin/notices?kind=blog", { token: support.token })).status).toBe(422);

    const page = protocol[0];
    const text = {
      id: page.id,
      kind: "protocol",
      lang: "ja",
      title: "利用規約（改訂）",
      summary: "",
      body: "## 第1条\n\n改訂しました。",
    };
    const url = "/admin/notices/update";
    expect((await t.api(url, { method: "POST", json: text, token: support.token })).status).toBe(403);
    const count = await auditCount();
    for (const [bad, status] of [
      [{ ...text, kind: "academy" }, 404],
      [{ ...text, lang: "xx" }, 422],
      [{ ...text, title: "" }, 422],
      [{ ...text, kind: "blog" }, 422],
    ] as const) {
      const res = await t.api(url, { method: "POST", json: bad, token: operator.token });
      expect(res.status, JSON.stringify(bad)).toBe(status);
    }
    expect(await auditCount()).toBe(count);
    const old = (await t.api(`/posts/show?id=${page.id}`, { lang: "ja" })).body.data;
    expect(old.title).not.toBe(text.title);

    const saved = await t.api(url, { method: "POST", json: text, token: operator.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({
      operator: operator.email,
      action: "protocol.update",
      target: `post:${page.id}:ja`,
      before: { title: old.title },
      after: { title: text.title, body: text.body },
    });
    const shown = (await t.api(`/posts/show?id=${page.id}`, { lang: "ja" })).body.data;
    expect(shown).toMatchObject({ lang: "ja", title: text.title });
    expect(shown.html).toContain("改訂しました");

    const article = academy[0];
    const edited = await t.api(url, {
      method: "POST",
      json: {
        id: article.id,
        kind: "academy",
        lang: "vn",
        title: "Bài mới",
        summary: "Tóm tắt",
        body: "Nội dung",
      },
      token: operator.token,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await lastAudit())?.action).toBe("academy.update");
    expect((await t.api(`/posts/show?id=${article.id}`, { lang: "vn" })).body.data.title).toBe("Bài mới");

    // Banners: a title and a subtitle per language, no body.
    const banners = (await t.api("/admin/notices?kind=banner", { token: support.token })).body.data;
    expect(banners.length).toBeGreaterThan(0);
    const banner = {
      id: banners[0].id,
      kind: "banner",
      lang: "kr",
      title: "새 배너",
      summary: "부제목",
      body: "",
    };
    expect(
      (await t.api(url, { method: "POST", json: { ...banner, title: "" }, token: operator.token })).status,
    ).toBe(422);
    expect(
      (await t.api(url, { method: "POST", json: { ...banner, kind: "notice" }, token: operator.token }))
        .status,
    ).toBe(422);
    const bannerSaved = await t.api(url, { method: "POST", json: banner, token: operator.token });
    expect(bannerSaved.status, JSON.stringify(bannerSaved.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "banner.update",
      target: `slide:${banner.id}:kr`,
      after: { title: "새 배너", summary: "부제목" },
    });
    const slidesShown = (await t.api("/slides/show?type=2", { lang: "kr" })).body.data;
    expect(slidesShown.find((x: { id: number }) => x.id === banner.id)).toMatchObject({
      title: "새 배너",
      subtitle: "부제목",
    });
  });

  it("sets the site fields (operator only); the cached copy is dropped so every page has them at once", async () => {
    const operator = await signIn("operator");
    const reviewer = await signIn("reviewer");
    const before = (await t.api("/about/content")).body.data;
    expect(before.sitename).toBe("Beacon");
    const change = { ...before, sitename: "Beacon Pro", contactemail: "help@beacon.test", software_link: "" };
    const url = "/admin/site/update";
    expect((await t.api(url, { method: "POST", json: change, token: reviewer.token })).status).toBe(403);
    const count = await auditCount();
    for (const bad of [
      { ...change, sitename: "" },
      { ...change, contactemail: "not-mail" },
      { ...change, online_service: "javascript:alert(1)" },
      { ...change, software_link: "http://plain.example" },
      { ...change, sitename: "x".repeat(61) },
      // Past an address's 254 characters (the console's field stops there too).
      {
        ...change,
        contactemail: `${"a".repeat(64)}@${["b", "c", "d", "e"].map((c) => c.repeat(60)).join(".")}.test`,
      },
      { ...change, servicephone: "1".repeat(41) },
    ]) {
      const res = await t.api(url, { method: "POST", json: bad, token: operator.token });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    expect(await auditCount()).toBe(count);
    // The public read is cached (60 s): it must still say the old name, then the new one at once.
    expect((await t.api("/about/content")).body.data.sitename).toBe("Beacon");

    const saved = await t.api(url, { method: "POST", json: change, token: operator.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({
      operator: operator.email,
      action: "site.update",
      target: "site",
      before: { sitename: "Beacon", contactemail: before.contactemail },
      after: { sitename: "Beacon Pro", contactemail: "help@beacon.test" },
    });
    expect((await t.api("/about/content")).body.data).toMatchObject({
      sitename: "Beacon Pro",
      contactemail: "help@beacon.test",
    });
    expect((await t.api(url, { method: "POST", json: before, token: operator.token })).status).toBe(200);
    expect((await t.api("/about/content")).body.data.sitename).toBe("Beacon");
  });
});
