import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { LANGUAGES } from "../contract/languages.ts";
import { POST_SLUGS } from "./seed/posts.ts";
import { forgetContentLists, seedContent } from "./service.ts";
import { posts, postTranslations, slides, slideTranslations } from "./tables.ts";

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await testPlatform();
  token = (await registerByEmail(t)).token;
});
afterAll(() => t?.close());

type Item = { id: number; type: number; slug: string; lang: string; title: string; category: string | null };
const list = async (query: string, init: { lang?: string; token?: string } = {}) => {
  const res = await t.api(`/posts/posts_list?${query}`, init);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: Item[]; total: number; page: number; limit: number; last_page: number };
};

describe("posts lists", () => {
  it("lists notices (21), academy (7) and news (8) separately, newest first", async () => {
    const notices = await list("type=21");
    expect(notices.items.map((p) => p.slug)).toEqual([
      "notice-daily-interest",
      "notice-deposit-networks",
      "notice-security",
    ]);
    expect(notices.items.every((p) => p.type === 21)).toBe(true);
    const academy = await list("type=7");
    expect(academy.total).toBe(5);
    expect(academy.items.map((p) => p.title)).toContain("How leverage and liquidation work");
    expect(academy.items.every((p) => p.category)).toBe(true);
    const news = await list("type=8");
    expect(news.items.map((p) => p.slug).sort()).toEqual(["news-install-app", "news-perpetuals"]);
    // The list carries no bodies: they are read one at a time.
    expect(news.items[0]).not.toHaveProperty("body");
  });

  it("filters the academy by category and by featured", async () => {
    const trading = await list("type=7&category=trading");
    expect(trading.items.map((p) => p.slug).sort()).toEqual(["academy-fees", "academy-leverage-liquidation"]);
    const featured = await list("type=7&featured=1");
    expect(featured.items.map((p) => p.slug).sort()).toEqual([
      "academy-deposit",
      "academy-leverage-liquidation",
      "academy-risk-warning",
    ]);
    const categories = await t.api("/posts/categories?type=7");
    expect(categories.body.data).toEqual(
      expect.arrayContaining([
        { category: "basics", count: 2 },
        { category: "trading", count: 2 },
        { category: "earn", count: 1 },
      ]),
    );
  });

  it("pages through a list", async () => {
    const first = await list("type=7&limit=2&page=1");
    const second = await list("type=7&limit=2&page=2");
    const third = await list("type=7&limit=2&page=3");
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2, last_page: 3 });
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(2);
    expect(third.items).toHaveLength(1);
    const ids = [...first.items, ...second.items, ...third.items].map((p) => p.id);
    expect(new Set(ids).size).toBe(5);
    expect((await list("type=7&limit=2&page=9")).items).toEqual([]);
  });

  it("titles each post in the reader's language, and in English where it has no translation", async () => {
    const zh = await list("type=7", { lang: "zh-CN" });
    expect(zh.items.find((p) => p.slug === "academy-deposit")).toMatchObject({
      lang: "zh",
      title: "如何充值",
    });
    const ja = await list("type=21", { lang: "ja" });
    expect(ja.items.every((p) => p.lang === "ja")).toBe(true);
    // A post only written in English shows in English to everyone.
    const [post] = await t.platform.deps.db
      .insert(posts)
      .values({ type: 21, slug: "english-only" })
      .returning();
    if (!post) throw new Error("no post");
    await t.platform.deps.db
      .insert(postTranslations)
      .values({ postId: post.id, lang: "en", title: "Maintenance tonight", body: "Short **maintenance**." });
    // Written by hand in SQL: the cached lists learn of it at once only when told (as an operator's edit does).
    forgetContentLists();
    const ru = await list("type=21", { lang: "ru" });
    expect(ru.items[0]).toMatchObject({ slug: "english-only", lang: "en", title: "Maintenance tonight" });
    const shown = await t.api(`/posts/show?id=${post.id}`, { lang: "ru" });
    expect(shown.body.data).toMatchObject({
      lang: "en",
      html: "<p>Short <strong>maintenance</strong>.</p>\n",
    });
    await t.platform.deps.db.delete(posts).where(eq(posts.id, post.id));
  });

  it("keeps members' announcements (type 6) for signed-in users", async () => {
    const refused = await t.api("/posts/posts_list?type=6");
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty("type");
    const anonymous = await t.api("/posts/posts_listauth");
    expect(anonymous.status).toBe(401);
    const members = await t.api("/posts/posts_listauth", { token, lang: "es" });
    expect(members.status).toBe(200);
    expect(members.body.data.items).toEqual([
      expect.objectContaining({
        type: 6,
        slug: "member-first-steps",
        title: "Protege tu cuenta en tres pasos",
      }),
    ]);
    const id = members.body.data.items[0].id;
    expect((await t.api(`/posts/show?id=${id}`)).status).toBe(401);
    expect((await t.api(`/posts/show?id=${id}`, { token })).body.data.slug).toBe("member-first-steps");
    // Signed in, any type can be listed through posts_listauth.
    const notices = await t.api("/posts/posts_listauth?type=21", { token });
    expect(notices.body.data.items.length).toBeGreaterThan(0);
  });

  it("refuses bad queries with field errors, never a 500", async () => {
    // No type at all is not a bad query: every public type (tests/spec-client.int.test.ts).
    for (const query of ["type=99", "type=abc", "type=21&page=0", "type=21&limit=500", "type=7&category=x"]) {
      const res = await t.api(`/posts/posts_list?${query}`, { lang: "ja" });
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors).length, query).toBeGreaterThan(0);
    }
  });

  it("reads an article by slug, rendered sanitized", async () => {
    const res = await t.api("/posts/show?slug=academy-fees", { lang: "pt" });
    expect(res.body.data).toMatchObject({ type: 7, category: "trading", lang: "pt", title: "Taxas" });
    expect(res.body.data.html).toContain("<table>");
    expect(res.body.data.html).toContain("0,02%");
  });

  it("renders a hostile post harmless through the API", async () => {
    const [post] = await t.platform.deps.db.insert(posts).values({ type: 21, slug: "hostile" }).returning();
    if (!post) throw new Error("no post");
    await t.platform.deps.db.insert(postTranslations).values({
      postId: post.id,
      lang: "en",
      title: "Hostile",
      body: `Hi<script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">x</a><p style="color:red">red</p>`,
    });
    const html: string = (await t.api(`/posts/show?id=${post.id}`)).body.data.html;
    expect(html).not.toMatch(/<script|onerror|<iframe|javascript:|style=/i);
    expect(html).toContain("red");
    await t.platform.deps.db.delete(posts).where(eq(posts.id, post.id));
  });
});

describe("the seeded content", () => {
  it("has every post in all ten languages, and re-seeding overwrites nothing", async () => {
    const db = t.platform.deps.db;
    const rows = await db
      .select({ slug: posts.slug, lang: postTranslations.lang })
      .from(posts)
      .innerJoin(postTranslations, eq(postTranslations.postId, posts.id));
    for (const slug of POST_SLUGS) {
      expect(
        rows
          .filter((r) => r.slug === slug)
          .map((r) => r.lang)
          .sort(),
        slug,
      ).toEqual([...LANGUAGES].sort());
    }
    const [fees] = await db.select().from(posts).where(eq(posts.slug, "academy-fees"));
    if (!fees) throw new Error("no fees post");
    await db
      .update(postTranslations)
      .set({ title: "Fee schedule (edited)" })
      .where(eq(postTranslations.postId, fees.id));
    await db.delete(slideTranslations);
    await seedContent(db);
    await seedContent(db);
    expect((await t.api("/posts/show?slug=academy-fees")).body.data.title).toBe("Fee schedule (edited)");
    expect((await db.select().from(posts).where(eq(posts.slug, "academy-fees"))).length).toBe(1);
    expect(await db.select().from(slideTranslations)).toEqual([]);
  });
});

describe("slides", () => {
  it("serves the home banners (type 2) in order, in the reader's language", async () => {
    // The previous test removed the words of the seeded banners; put them back as on a fresh start.
    const db = t.platform.deps.db;
    await db.delete(slides);
    await seedContent(db);
    const en = await t.api("/slides/show?type=2");
    expect(en.status).toBe(200);
    expect(en.body.data.map((s: { link: string }) => s.link)).toEqual([
      "/notice?slug=news-perpetuals",
      "/notice?slug=academy-daily-interest",
      "/share",
    ]);
    expect(en.body.data[0]).toMatchObject({
      type: 2,
      title: "Perpetuals up to 100x",
      image: "/banners/futures.svg",
    });
    const kr = await t.api("/slides/show?type=2", { lang: "kr" });
    expect(kr.body.data[1].title).toBe("매일 1% 이자");
    // Inactive slides are not shown; an unknown type has none; a bad type is a 422.
    await db.update(slides).set({ active: false }).where(eq(slides.slug, "banner-invite"));
    forgetContentLists();
    expect((await t.api("/slides/show?type=2")).body.data).toHaveLength(2);
    expect((await t.api("/slides/show?type=5")).body.data).toEqual([]);
    expect((await t.api("/slides/show?type=x")).status).toBe(422);
  });
});
