// The console's content work: the site fields (site_settings), written in one transaction with
// the audit row, then the in-memory copy every page reads (siteFields) is dropped so the change
// shows at once; and the posts (notices, academy articles, news, protocol pages) and home banners:
// their text per language, new ones (written in English, published at once) and unpublishing /
// publishing again, each audited with before and after. The console (admin) hands in the audit
// writer with the operator (`Actor`).

import { and, asc, eq, max, sql } from "drizzle-orm";
import {
  type AdminPost,
  type AdminPostCreate,
  type AdminPostKind,
  REQUIRED_POST_SLUGS,
} from "../contract/admin.ts";
import { POST_TYPES, SITE_FIELDS, type SiteContent, SLIDE_TYPES } from "../contract/content.ts";
import { LANGUAGES } from "../contract/languages.ts";
import type { Db } from "../db/client.ts";
import type { Actor } from "../http/console.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { forgetContentLists, forgetSiteContent, getSiteContent, querySiteContent } from "./service.ts";
import { posts, postTranslations, siteSettings, slides, slideTranslations } from "./tables.ts";

/** The console's post kinds (notices, academy articles, news, protocol pages) and their types. */
export const POST_KIND_TYPES: Record<Exclude<AdminPostKind, "banner">, number> = {
  notice: POST_TYPES.notice,
  academy: POST_TYPES.academy,
  news: POST_TYPES.news,
  protocol: POST_TYPES.protocol,
};

/** The home page's banners, read like posts: a title and a subtitle (as summary) per language. */
async function bannerRows(db: Db) {
  return db
    .select({
      id: slides.id,
      slug: slides.slug,
      publishedAt: slides.createdAt,
      published: slides.active,
      lang: slideTranslations.lang,
      title: slideTranslations.title,
    })
    .from(slides)
    .leftJoin(slideTranslations, eq(slideTranslations.slideId, slides.id))
    .where(eq(slides.type, SLIDE_TYPES.homeBanner))
    .orderBy(asc(slides.sort), asc(slides.id));
}

async function bannerText(db: Db, id: number, lang: string) {
  const [slide] = await db
    .select({ id: slides.id })
    .from(slides)
    .where(and(eq(slides.id, id), eq(slides.type, SLIDE_TYPES.homeBanner)))
    .limit(1);
  if (!slide) throw new ApiError(404, "errors.not_found");
  const [tr] = await db
    .select()
    .from(slideTranslations)
    .where(and(eq(slideTranslations.slideId, id), eq(slideTranslations.lang, lang)))
    .limit(1);
  return { id, lang, title: tr?.title ?? "", summary: tr?.subtitle ?? "", body: "" };
}

/** The posts of one kind, each with the languages it is written in and whether customers see it. */
export async function listNotices(db: Db, kind: AdminPostKind = "notice") {
  const rows =
    kind === "banner"
      ? await bannerRows(db)
      : await db
          .select({
            id: posts.id,
            slug: posts.slug,
            publishedAt: posts.publishedAt,
            published: sql<boolean>`${posts.unpublishedAt} is null`,
            lang: postTranslations.lang,
            title: postTranslations.title,
          })
          .from(posts)
          .leftJoin(postTranslations, eq(postTranslations.postId, posts.id))
          .where(eq(posts.type, POST_KIND_TYPES[kind]))
          .orderBy(asc(posts.id));
  const byId = new Map<
    number,
    { id: number; slug: string; published_at: string; published: boolean; title: string; langs: string[] }
  >();
  for (const r of rows) {
    const item = byId.get(r.id) ?? {
      id: r.id,
      slug: r.slug ?? "",
      published_at: r.publishedAt.toISOString(),
      published: r.published,
      title: "",
      langs: [],
    };
    if (r.lang) item.langs.push(r.lang);
    if (r.lang === "en" || (!item.title && r.title)) item.title = r.title ?? "";
    byId.set(r.id, item);
  }
  return [...byId.values()].sort((a, b) => b.published_at.localeCompare(a.published_at));
}

async function noticePost(db: Db, id: number, kind: Exclude<AdminPostKind, "banner">) {
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.type, POST_KIND_TYPES[kind])))
    .limit(1);
  if (!post) throw new ApiError(404, "errors.not_found");
  return post;
}

export async function noticeText(db: Db, id: number, lang: string, kind: AdminPostKind = "notice") {
  if (kind === "banner") return bannerText(db, id, lang);
  await noticePost(db, id, kind);
  const [tr] = await db
    .select()
    .from(postTranslations)
    .where(and(eq(postTranslations.postId, id), eq(postTranslations.lang, lang)))
    .limit(1);
  return { id, lang, title: tr?.title ?? "", summary: tr?.summary ?? "", body: tr?.body ?? "" };
}

/** A post's title, summary and Markdown body (a banner's title and subtitle) in one language. */
export async function updateNotice(
  db: Db,
  by: Actor,
  id: number,
  lang: string,
  text: { title: string; summary: string; body: string },
  kind: AdminPostKind = "notice",
) {
  if (!(LANGUAGES as readonly string[]).includes(lang)) throw fieldError("lang", "admin.lang_invalid");
  const result = await db.transaction(async (tx) => {
    const before = await noticeText(tx, id, lang, kind);
    if (kind === "banner") {
      const value = { title: text.title, subtitle: text.summary };
      await tx
        .insert(slideTranslations)
        .values({ slideId: id, lang, ...value })
        .onConflictDoUpdate({ target: [slideTranslations.slideId, slideTranslations.lang], set: value });
    } else {
      const value = { title: text.title, summary: text.summary, body: text.body };
      await tx
        .insert(postTranslations)
        .values({ postId: id, lang, ...value })
        .onConflictDoUpdate({ target: [postTranslations.postId, postTranslations.lang], set: value });
    }
    const after = await noticeText(tx, id, lang, kind);
    await by.record(tx, {
      operator: by.email,
      action: `${kind}.update`,
      target: `${kind === "banner" ? "slide" : "post"}:${id}:${lang}`,
      before: before.title || before.body ? before : null,
      after,
    });
    return after;
  });
  // After the commit: a read in between would keep the old lists.
  forgetContentLists();
  return result;
}

export const showSiteFields = getSiteContent;

export async function updateSiteFields(db: Db, by: Actor, change: SiteContent) {
  const after = await db.transaction(async (tx) => {
    // Read from the rows: the cache would answer the second read with the first one.
    const before = await querySiteContent(tx);
    const now = new Date();
    for (const key of SITE_FIELDS)
      await tx
        .insert(siteSettings)
        .values({ key, value: change[key], updatedAt: now })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: change[key], updatedAt: now } });
    const written = await querySiteContent(tx);
    await by.record(tx, {
      operator: by.email,
      action: "site.update",
      target: "site",
      before,
      after: written,
    });
    return written;
  });
  forgetSiteContent();
  return after;
}

const targetOf = (kind: AdminPostKind, id: number) => `${kind === "banner" ? "slide" : "post"}:${id}`;

/** A post (or banner) of `kind` as the console sees it, read in `db` (a transaction's rows). */
async function postState(db: Db, id: number, kind: AdminPostKind): Promise<AdminPost> {
  if (kind === "banner") {
    const [row] = await db
      .select()
      .from(slides)
      .leftJoin(
        slideTranslations,
        and(eq(slideTranslations.slideId, slides.id), eq(slideTranslations.lang, "en")),
      )
      .where(and(eq(slides.id, id), eq(slides.type, SLIDE_TYPES.homeBanner)))
      .limit(1);
    if (!row) throw new ApiError(404, "errors.not_found");
    return {
      id,
      kind,
      slug: row.slides.slug,
      category: null,
      link: row.slides.link,
      title: row.slide_translations?.title ?? "",
      summary: row.slide_translations?.subtitle ?? "",
      published: row.slides.active,
      published_at: row.slides.createdAt.toISOString(),
    };
  }
  const [row] = await db
    .select()
    .from(posts)
    .leftJoin(postTranslations, and(eq(postTranslations.postId, posts.id), eq(postTranslations.lang, "en")))
    .where(and(eq(posts.id, id), eq(posts.type, POST_KIND_TYPES[kind])))
    .limit(1);
  if (!row) throw new ApiError(404, "errors.not_found");
  return {
    id,
    kind,
    slug: row.posts.slug,
    category: row.posts.category,
    link: null,
    title: row.post_translations?.title ?? "",
    summary: row.post_translations?.summary ?? "",
    published: row.posts.unpublishedAt === null,
    published_at: row.posts.publishedAt.toISOString(),
  };
}

/**
 * A new notice, academy article, news item, protocol page or banner, written in English and
 * published at once: customers of every language see it (in English until the editor adds their
 * language). Audited as `<kind>.create` with everything written.
 */
export async function createPost(db: Db, by: Actor, input: AdminPostCreate) {
  const { kind } = input;
  const result = await db.transaction(async (tx) => {
    let id: number;
    if (kind === "banner") {
      // After the banners there are: the home page shows them in their order.
      const [last] = await tx
        .select({ sort: max(slides.sort) })
        .from(slides)
        .where(eq(slides.type, SLIDE_TYPES.homeBanner));
      const [created] = await tx
        .insert(slides)
        .values({ type: SLIDE_TYPES.homeBanner, sort: (last?.sort ?? 0) + 1, link: input.link, image: "" })
        .returning({ id: slides.id });
      if (!created) throw new Error("insert returned nothing");
      id = created.id;
      await tx
        .insert(slideTranslations)
        .values({ slideId: id, lang: "en", title: input.title, subtitle: input.summary });
    } else {
      const [created] = await tx
        .insert(posts)
        .values({
          type: POST_KIND_TYPES[kind],
          category: kind === "academy" ? input.category : null,
          publishedAt: new Date(),
        })
        .returning({ id: posts.id });
      if (!created) throw new Error("insert returned nothing");
      id = created.id;
      await tx
        .insert(postTranslations)
        .values({ postId: id, lang: "en", title: input.title, summary: input.summary, body: input.body });
    }
    const after = await postState(tx, id, kind);
    await by.record(tx, {
      operator: by.email,
      action: `${kind}.create`,
      target: targetOf(kind, id),
      after: kind === "banner" ? { ...after, lang: "en" } : { ...after, lang: "en", body: input.body },
    });
    return after;
  });
  // After the commit: a read in between would keep the old lists.
  forgetContentLists();
  return result;
}

/**
 * Unpublishes a post (customers no longer see it: not listed, not found by id or slug) or
 * publishes it again. Nothing is deleted: the console keeps it, with every language, to edit or
 * publish again, and seeding never brings back one that was withdrawn. The terms and the privacy
 * policy the app links to stay published (409). Audited as `<kind>.unpublish` / `<kind>.publish`.
 */
export async function setPostPublished(
  db: Db,
  by: Actor,
  id: number,
  kind: AdminPostKind,
  published: boolean,
) {
  const result = await db.transaction(async (tx) => {
    // Locks the row: two operators pressing at once make one change and one audit row.
    if (kind === "banner")
      await tx.select({ id: slides.id }).from(slides).where(eq(slides.id, id)).for("update");
    else await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, id)).for("update");
    const before = await postState(tx, id, kind);
    if (!published && kind === "protocol" && before.slug && REQUIRED_POST_SLUGS.includes(before.slug))
      throw new ApiError(409, "admin.post_required");
    if (before.published === published) return before;
    if (kind === "banner") await tx.update(slides).set({ active: published }).where(eq(slides.id, id));
    else
      await tx
        .update(posts)
        .set({ unpublishedAt: published ? null : new Date() })
        .where(eq(posts.id, id));
    const after = await postState(tx, id, kind);
    await by.record(tx, {
      operator: by.email,
      action: `${kind}.${published ? "publish" : "unpublish"}`,
      target: targetOf(kind, id),
      before,
      after,
    });
    return after;
  });
  // After the commit: a read in between would keep the old lists.
  forgetContentLists();
  return result;
}
