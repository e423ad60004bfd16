// The console's site fields (site_settings): written in one transaction with the audit row, then
// the in-memory copy every page reads (content's siteFields) is dropped so the change shows at once.
// And its posts: new ones (written in English, published at once) and unpublishing / publishing
// again, each audited with before and after.

import { and, eq, max } from "drizzle-orm";
import { forgetContentLists, forgetSiteContent, getSiteContent, querySiteContent } from "../content/index.ts";
import { posts, postTranslations, siteSettings, slides, slideTranslations } from "../content/tables.ts";
import {
  type AdminPost,
  type AdminPostCreate,
  type AdminPostKind,
  REQUIRED_POST_SLUGS,
} from "../contract/admin.ts";
import { SITE_FIELDS, type SiteContent, SLIDE_TYPES } from "../contract/content.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { POST_KIND_TYPES } from "./actions.ts";
import { type AuthOperator, audit } from "./service.ts";

export const showSiteFields = getSiteContent;

export async function updateSiteFields(db: Db, op: AuthOperator, change: SiteContent) {
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
    await audit(tx, { operator: op.email, action: "site.update", target: "site", before, after: written });
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
export async function createPost(db: Db, op: AuthOperator, input: AdminPostCreate) {
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
    await audit(tx, {
      operator: op.email,
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
  op: AuthOperator,
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
    await audit(tx, {
      operator: op.email,
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
