import { eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { seedContent } from "../content/service.ts";
import { posts, slides } from "../content/tables.ts";
import { runOps } from "../ops/registry.ts";
import { auditLog } from "./tables.ts";

// The console's posts: an operator publishes a new notice, academy article or banner in English
// (every language reads it, in English until translated), unpublishes one so customers stop
// seeing it, and publishes it again; each is audited; bad input and the wrong role change nothing.

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({}, { jobs: false });
});
afterAll(() => t?.close());

const db = () => t.platform.deps.db;
const code = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

let ip = 0;
async function signIn(role: string) {
  const email = freshEmail(role);
  const out = await runOps(t.platform.deps, ["admin", "create", email, "--role", role], "root");
  expect(out.ok, out.output).toBe(true);
  const password = /password: (\S+)/.exec(out.output)?.[1] ?? "";
  const secret = /totp secret: ([A-Z2-7]+)/.exec(out.output)?.[1] ?? "";
  const res = await t.api("/admin/login", {
    method: "POST",
    json: { email, password, code: code(secret) },
    ip: `10.31.0.${++ip}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email, token: res.body.data.token as string };
}

const lastAudit = async () => (await db().select().from(auditLog).orderBy(sql`id desc`).limit(1))[0];
const auditCount = async () => Number((await db().select({ n: sql`count(*)` }).from(auditLog))[0]?.n);
const postCount = async () => Number((await db().select({ n: sql`count(*)` }).from(posts))[0]?.n);
const slideCount = async () => Number((await db().select({ n: sql`count(*)` }).from(slides))[0]?.n);

type Listed = { id: number; title: string; lang: string };
async function listed(type: number, lang = "en", extra = "") {
  const res = await t.api(`/posts/posts_list?type=${type}&limit=50${extra}`, { lang });
  expect(res.status).toBe(200);
  return res.body.data.items as Listed[];
}

describe("posts in the console", () => {
  it("publishes a new notice in English: every language lists and shows it, the audit has it", async () => {
    const operator = await signIn("operator");
    const notice = {
      kind: "notice",
      title: "Wallet maintenance on Sunday",
      summary: "Deposits pause for an hour",
      body: "## When\n\nSunday, 02:00–03:00 UTC.",
    };
    const made = await t.api("/admin/notices/create", {
      method: "POST",
      json: notice,
      token: operator.token,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toBe("Published: customers see it now");
    const id = made.body.data.id as number;
    expect(made.body.data).toMatchObject({
      id,
      kind: "notice",
      slug: null,
      title: notice.title,
      summary: notice.summary,
      published: true,
    });
    expect(await lastAudit()).toMatchObject({
      operator: operator.email,
      action: "notice.create",
      target: `post:${id}`,
      before: null,
      after: { id, kind: "notice", lang: "en", title: notice.title, body: notice.body, published: true },
    });

    // Customers: the newest notice, in English and (untranslated) in Japanese, which reads English.
    const en = await listed(21);
    expect(en[0]).toMatchObject({ id, title: notice.title, lang: "en" });
    expect((await listed(21, "ja")).find((p) => p.id === id)).toMatchObject({
      title: notice.title,
      lang: "en",
    });
    const shown = await t.api(`/posts/show?id=${id}`, { lang: "ja" });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ lang: "en", title: notice.title, type: 21 });
    expect(shown.body.data.html).toContain("Sunday, 02:00–03:00 UTC.");

    // The console lists it (written in English only), and its Japanese is then written as usual.
    const console = (await t.api("/admin/notices", { token: operator.token })).body.data;
    expect(console.find((p: { id: number }) => p.id === id)).toMatchObject({
      langs: ["en"],
      published: true,
    });
    const ja = await t.api("/admin/notices/update", {
      method: "POST",
      json: {
        id,
        kind: "notice",
        lang: "ja",
        title: "日曜日のウォレットメンテナンス",
        summary: "",
        body: "日曜日です。",
      },
      token: operator.token,
    });
    expect(ja.status, JSON.stringify(ja.body)).toBe(200);
    expect((await t.api(`/posts/show?id=${id}`, { lang: "ja" })).body.data).toMatchObject({
      lang: "ja",
      title: "日曜日のウォレットメンテナンス",
    });
  });

  it("publishes an academy article in its category and a banner after the others", async () => {
    const operator = await signIn("operator");
    const before = (await t.api("/posts/categories?type=7")).body.data as {
      category: string;
      count: number;
    }[];
    const earnBefore = before.find((c) => c.category === "earn")?.count ?? 0;
    const article = await t.api("/admin/notices/create", {
      method: "POST",
      json: {
        kind: "academy",
        title: "Staking in five minutes",
        body: "Lock, earn, unlock.",
        category: "earn",
      },
      token: operator.token,
    });
    expect(article.status, JSON.stringify(article.body)).toBe(200);
    expect(article.body.data).toMatchObject({ kind: "academy", category: "earn" });
    expect((await listed(7, "vn", "&category=earn")).map((p) => p.id)).toContain(article.body.data.id);
    const after = (await t.api("/posts/categories?type=7")).body.data as {
      category: string;
      count: number;
    }[];
    expect(after.find((c) => c.category === "earn")?.count).toBe(earnBefore + 1);
    expect((await lastAudit())?.action).toBe("academy.create");

    const banner = await t.api("/admin/notices/create", {
      method: "POST",
      json: {
        kind: "banner",
        title: "Invite friends",
        summary: "Earn together",
        link: "/share",
        category: "",
      },
      token: operator.token,
    });
    expect(banner.status, JSON.stringify(banner.body)).toBe(200);
    expect(banner.body.data).toMatchObject({ kind: "banner", link: "/share", published: true });
    const shown = (await t.api("/slides/show?type=2", { lang: "kr" })).body.data as { id: number }[];
    expect(shown.at(-1)).toMatchObject({ id: banner.body.data.id, title: "Invite friends", link: "/share" });
    expect(await lastAudit()).toMatchObject({
      action: "banner.create",
      target: `slide:${banner.body.data.id}`,
      after: { title: "Invite friends", summary: "Earn together", link: "/share" },
    });

    // Unpublished, the banner leaves the home page; published again, it is back.
    const off = await t.api("/admin/notices/unpublish", {
      method: "POST",
      json: { id: banner.body.data.id, kind: "banner" },
      token: operator.token,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const ids = async () =>
      ((await t.api("/slides/show?type=2")).body.data as { id: number }[]).map((s) => s.id);
    expect(await ids()).not.toContain(banner.body.data.id);
    expect((await lastAudit())?.action).toBe("banner.unpublish");
    await t.api("/admin/notices/publish", {
      method: "POST",
      json: { id: banner.body.data.id, kind: "banner" },
      token: operator.token,
    });
    expect(await ids()).toContain(banner.body.data.id);
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const operator = await signIn("operator");
    const good = { kind: "notice", title: "A title", summary: "", body: "A body" };
    const audits = await auditCount();
    const [postsBefore, slidesBefore] = [await postCount(), await slideCount()];
    for (const [bad, field] of [
      [{ ...good, title: "" }, "title"],
      [{ ...good, title: "   " }, "title"],
      [{ ...good, title: "x".repeat(201) }, "title"],
      [{ ...good, summary: "x".repeat(501) }, "summary"],
      [{ ...good, body: "x".repeat(20_001) }, "body"],
      [{ ...good, body: "" }, "body"],
      [{ ...good, kind: "blog" }, "kind"],
      [{ ...good, kind: "member" }, "kind"],
      [{ title: "A title", body: "A body" }, "kind"],
      [{ ...good, kind: "academy" }, "category"],
      [{ ...good, kind: "academy", category: "gossip" }, "category"],
      [{ ...good, kind: "banner", link: "javascript:alert(1)" }, "link"],
      [{ ...good, kind: "banner", link: "//evil.example" }, "link"],
      [{ ...good, kind: "banner", link: "http://plain.example" }, "link"],
    ] as const) {
      const res = await t.api("/admin/notices/create", { method: "POST", json: bad, token: operator.token });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(bad)).toContain(field);
    }
    // Localized: the reader's language.
    const ja = await t.api("/admin/notices/create", {
      method: "POST",
      json: { ...good, kind: "academy", category: "gossip" },
      token: operator.token,
      lang: "ja",
    });
    expect(ja.body.errors.category).toEqual(["記事のカテゴリーを選んでください"]);
    const long = await t.api("/admin/notices/create", {
      method: "POST",
      json: { ...good, title: "x".repeat(201) },
      token: operator.token,
    });
    expect(long.body.errors.title).toEqual(["Enter at most 200 characters"]);
    for (const bad of [{ id: "x", kind: "notice" }, { id: 1, kind: "blog" }, {}]) {
      const res = await t.api("/admin/notices/unpublish", {
        method: "POST",
        json: bad,
        token: operator.token,
      });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    expect(await auditCount()).toBe(audits);
    expect([await postCount(), await slideCount()]).toEqual([postsBefore, slidesBefore]);
  });

  it("is for operators: support and reviewers are refused (403), strangers too (401)", async () => {
    const operator = await signIn("operator");
    const notices = (await t.api("/admin/notices", { token: operator.token })).body.data as { id: number }[];
    const target = notices[0]?.id;
    const refused = [await signIn("support"), await signIn("reviewer")];
    const audits = await auditCount();
    const count = await postCount();
    for (const { token, email } of refused) {
      const role = email.split(".")[0];
      const made = await t.api("/admin/notices/create", {
        method: "POST",
        json: { kind: "notice", title: `By ${role}`, body: "No." },
        token,
      });
      expect(made.status).toBe(403);
      for (const path of ["/admin/notices/unpublish", "/admin/notices/publish"]) {
        const res = await t.api(path, { method: "POST", json: { id: target, kind: "notice" }, token });
        expect(res.status, `${role} ${path}`).toBe(403);
      }
    }
    const anonymous = await t.api("/admin/notices/create", {
      method: "POST",
      json: { kind: "notice", title: "Anyone", body: "No." },
    });
    expect(anonymous.status).toBe(401);
    expect(await auditCount()).toBe(audits);
    expect(await postCount()).toBe(count);
    expect((await t.api(`/posts/show?id=${target}`)).status).toBe(200);
  });

  it("unpublishes a post: customers no longer find it, the console keeps it, publishing again restores it", async () => {
    const operator = await signIn("operator");
    const made = await t.api("/admin/notices/create", {
      method: "POST",
      json: { kind: "notice", title: "Short-lived notice", body: "Soon gone." },
      token: operator.token,
    });
    const id = made.body.data.id as number;
    const unpublish = (json: unknown) =>
      t.api("/admin/notices/unpublish", { method: "POST", json, token: operator.token });

    // The wrong kind, or no such post: not found, nothing changed.
    expect((await unpublish({ id, kind: "academy" })).status).toBe(404);
    expect((await unpublish({ id: 2_000_000, kind: "notice" })).status).toBe(404);
    expect((await t.api(`/posts/show?id=${id}`)).status).toBe(200);

    const off = await unpublish({ id, kind: "notice" });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.message).toBe("Unpublished: customers no longer see it");
    expect(off.body.data).toMatchObject({ id, published: false });
    expect(await lastAudit()).toMatchObject({
      operator: operator.email,
      action: "notice.unpublish",
      target: `post:${id}`,
      before: { id, title: "Short-lived notice", published: true },
      after: { id, title: "Short-lived notice", published: false },
    });
    for (const lang of ["en", "zh", "pt"]) {
      expect((await listed(21, lang)).map((p) => p.id)).not.toContain(id);
      const shown = await t.api(`/posts/show?id=${id}`, { lang });
      expect(shown.status).toBe(404);
    }
    const home = await t.api("/posts/posts_list?type=21&limit=5");
    expect(home.body.data.items.map((p: { id: number }) => p.id)).not.toContain(id);

    // The console still has it, marked, with its text to edit.
    const list = (await t.api("/admin/notices", { token: operator.token })).body.data;
    expect(list.find((p: { id: number }) => p.id === id)).toMatchObject({ published: false });
    const text = await t.api(`/admin/notices/show?id=${id}&lang=en`, { token: operator.token });
    expect(text.body.data.title).toBe("Short-lived notice");

    // Twice is harmless: nothing more to record.
    const audits = await auditCount();
    expect((await unpublish({ id, kind: "notice" })).status).toBe(200);
    expect(await auditCount()).toBe(audits);

    const on = await t.api("/admin/notices/publish", {
      method: "POST",
      json: { id, kind: "notice" },
      token: operator.token,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data).toMatchObject({ published: true, published_at: made.body.data.published_at });
    expect(await lastAudit()).toMatchObject({
      action: "notice.publish",
      before: { published: false },
      after: { published: true },
    });
    expect((await t.api(`/posts/show?id=${id}`)).status).toBe(200);
    expect((await listed(21)).map((p) => p.id)).toContain(id);
  });

  it("keeps a seeded post unpublished across a re-seed, and never unpublishes the terms or privacy policy", async () => {
    const operator = await signIn("operator");
    const seeded = (await t.api("/posts/show?slug=academy-fees")).body.data;
    expect(seeded.category).toBe("trading");
    const before = (await t.api("/posts/categories?type=7")).body.data as {
      category: string;
      count: number;
    }[];
    const off = await t.api("/admin/notices/unpublish", {
      method: "POST",
      json: { id: seeded.id, kind: "academy" },
      token: operator.token,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await t.api("/posts/show?slug=academy-fees")).status).toBe(404);
    const after = (await t.api("/posts/categories?type=7")).body.data as {
      category: string;
      count: number;
    }[];
    expect(after.find((c) => c.category === "trading")?.count).toBe(
      (before.find((c) => c.category === "trading")?.count ?? 0) - 1,
    );
    await seedContent(db());
    expect((await t.api("/posts/show?slug=academy-fees")).status).toBe(404);
    const [row] = await db().select().from(posts).where(eq(posts.slug, "academy-fees"));
    expect(row?.unpublishedAt).toBeInstanceOf(Date);

    const protocol = (await t.api("/admin/notices?kind=protocol", { token: operator.token })).body.data as {
      id: number;
      slug: string;
    }[];
    const audits = await auditCount();
    for (const slug of ["terms", "privacy"]) {
      const page = protocol.find((p) => p.slug === slug);
      const res = await t.api("/admin/notices/unpublish", {
        method: "POST",
        json: { id: page?.id, kind: "protocol" },
        token: operator.token,
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        "The terms and the privacy policy always stay published: edit them instead",
      );
      expect((await t.api(`/posts/show?slug=${slug}`)).status).toBe(200);
    }
    expect(await auditCount()).toBe(audits);
  });

  it("documents the calls in the OpenAPI description", async () => {
    const response = await t.platform.fetch(new Request("http://x/api/openapi.json"));
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    for (const path of ["/admin/notices/create", "/admin/notices/unpublish", "/admin/notices/publish"])
      expect(
        Object.keys(doc.paths).some((p) => p.endsWith(path)),
        path,
      ).toBe(true);
  });
});

describe("operator enrolment", () => {
  it("prints the otpauth URI as a QR code in the terminal", async () => {
    const out = await runOps(
      t.platform.deps,
      ["admin", "create", freshEmail("qr"), "--role", "support"],
      "root",
    );
    expect(out.ok).toBe(true);
    const lines = out.output.split("\n");
    const uri = lines.findIndex((l) => l.startsWith("otpauth: otpauth://totp/"));
    expect(uri).toBeGreaterThan(0);
    // Half-block characters, a square of them right after the URI.
    const qr = lines.slice(uri + 1).filter((l) => /[▀▄█]/.test(l));
    expect(qr.length).toBeGreaterThan(10);
  });
});
