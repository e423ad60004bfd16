import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getCountries, getCountryCallingCode } from "libphonenumber-js";
import {
  POST_TYPES,
  type Post,
  type PostListItem,
  SITE_FIELDS,
  type SiteContent,
  type Slide,
} from "../contract/content.ts";
import { LANGUAGE_INFO, type Lang } from "../contract/languages.ts";
import type { PageQuery } from "../contract/pagination.ts";
import { offsetOf, pageResult } from "../contract/pagination.ts";
import type { Db } from "../db/client.ts";
import { memoByDb, memoByKey } from "../db/memo.ts";
import { renderPostBody } from "./markdown.ts";
import { seededPosts } from "./seed/posts.ts";
import { protocolPages } from "./seed/protocol.ts";
import { seededSlides } from "./seed/slides.ts";
import { posts, postTranslations, siteSettings, slides, slideTranslations } from "./tables.ts";

export const SITE_DEFAULTS: SiteContent = {
  sitename: "Beacon",
  contactemail: "support@example.com",
  online_service: "mailto:support@example.com",
  opinionmail: "feedback@example.com",
  servicephone: "+1 555 0100",
  // Empty: no native app is published; the download page offers installing the web app.
  software_link: "",
};

/** Seeds what a fresh install needs; safe to run on every start (nothing is overwritten). */
export async function seedContent(db: Db) {
  await db
    .insert(siteSettings)
    .values(SITE_FIELDS.map((key) => ({ key, value: SITE_DEFAULTS[key] })))
    .onConflictDoNothing();
  for (const page of protocolPages) {
    const [created] = await db
      .insert(posts)
      .values({ type: POST_TYPES.protocol, slug: page.slug, sort: page.sort })
      .onConflictDoNothing()
      .returning({ id: posts.id });
    if (!created) continue;
    await db
      .insert(postTranslations)
      .values(Object.entries(page.translations).map(([lang, tr]) => ({ postId: created.id, lang, ...tr })));
  }
  // Notices, academy, news: each added once, by its slug; an operator's edits or deletion of a
  // translation stay as they are.
  const now = Date.now();
  for (const seed of seededPosts) {
    const [created] = await db
      .insert(posts)
      .values({
        type: seed.type,
        slug: seed.slug,
        sort: seed.sort ?? 0,
        category: seed.category ?? null,
        featured: seed.featured ?? false,
        publishedAt: new Date(now - seed.daysAgo * 86_400_000),
      })
      .onConflictDoNothing()
      .returning({ id: posts.id });
    if (!created) continue;
    await db
      .insert(postTranslations)
      .values(Object.entries(seed.translations).map(([lang, tr]) => ({ postId: created.id, lang, ...tr })));
  }
  for (const seed of seededSlides) {
    const [created] = await db
      .insert(slides)
      .values({ type: seed.type, slug: seed.slug, sort: seed.sort, link: seed.link, image: seed.image })
      .onConflictDoNothing()
      .returning({ id: slides.id });
    if (!created) continue;
    await db
      .insert(slideTranslations)
      .values(Object.entries(seed.translations).map(([lang, tr]) => ({ slideId: created.id, lang, ...tr })));
  }
  siteFields.forget();
  forgetContentLists();
}

// The site fields are in every page's title and footer: read once a minute, and at once after
// seedContent() writes them.
const siteFields = memoByDb(60_000, querySiteContent);

export async function getSiteContent(db: Db): Promise<SiteContent> {
  return { ...(await siteFields.get(db)) };
}

/** Drops the cached site fields (after an operator's edit) so the next read has the new ones. */
export function forgetSiteContent() {
  siteFields.forget();
}

/** The site fields read from the rows (no cache): for writers that compare before and after. */
export async function querySiteContent(db: Db): Promise<SiteContent> {
  const rows = await db
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...SITE_FIELDS]));
  const content = { ...SITE_DEFAULTS };
  for (const row of rows) content[row.key as keyof SiteContent] = row.value;
  return content;
}

const countryCache = new Map<Lang, { code: string; area_code: string; name: string }[]>();

/** Every country with its dial code (libphonenumber-js) and its name in `lang` (Intl/CLDR). */
export function listCountries(lang: Lang) {
  let list = countryCache.get(lang);
  if (!list) {
    const tag = LANGUAGE_INFO[lang].tag;
    const names = new Intl.DisplayNames([tag, "en"], { type: "region", fallback: "code" });
    const collator = new Intl.Collator(tag);
    list = getCountries()
      .map((code) => ({
        code,
        area_code: String(getCountryCallingCode(code)),
        name: names.of(code) ?? code,
      }))
      .sort((a, b) => collator.compare(a.name, b.name));
    countryCache.set(lang, list);
  }
  return list;
}

/**
 * One published post in `lang`, or in English when it has no translation in that language; an
 * unpublished one is not found (the console reads those through its own calls).
 */
export async function getPost(
  db: Db,
  by: { id: number } | { slug: string },
  lang: Lang,
): Promise<Post | undefined> {
  const [post] = await db
    .select()
    .from(posts)
    .where(and("id" in by ? eq(posts.id, by.id) : eq(posts.slug, by.slug), isNull(posts.unpublishedAt)))
    .limit(1);
  if (!post) return undefined;
  const translations = await db
    .select()
    .from(postTranslations)
    .where(and(eq(postTranslations.postId, post.id), inArray(postTranslations.lang, [lang, "en"])));
  const tr = translations.find((t) => t.lang === lang) ?? translations.find((t) => t.lang === "en");
  if (!tr) return undefined;
  return {
    id: post.id,
    type: post.type,
    slug: post.slug,
    category: post.category,
    featured: post.featured,
    lang: tr.lang,
    title: tr.title,
    summary: tr.summary,
    body: tr.body,
    html: renderPostBody(tr.body),
    published_at: post.publishedAt.toISOString(),
  };
}

/**
 * A page of published posts of one type, newest first (featured first when asked), each with its title
 * and summary in `lang`, or in English when it has none in that language.
 */
export async function listPosts(
  db: Db,
  filter: { type: number | readonly number[]; category?: string; featured?: boolean },
  lang: Lang,
  page: PageQuery,
) {
  return postLists.get(db, filter, lang, page);
}

// Lists of posts and banners are the same for every visitor and change only by an operator's
// hand (forgetContentLists): read at most every 10 s (another instance's edit shows within that).
const CONTENT_LISTS_MS = 10_000;
const postLists = memoByKey(CONTENT_LISTS_MS, queryPosts);
const slideLists = memoByKey(CONTENT_LISTS_MS, querySlides);

/** Drops the cached lists of posts and banners (after an operator's change). */
export function forgetContentLists() {
  postLists.forget();
  slideLists.forget();
}

async function queryPosts(
  db: Db,
  filter: { type: number | readonly number[]; category?: string; featured?: boolean },
  lang: Lang,
  page: PageQuery,
) {
  const where: SQL[] = [
    typeof filter.type === "number" ? eq(posts.type, filter.type) : inArray(posts.type, [...filter.type]),
    isNull(posts.unpublishedAt),
  ];
  if (filter.category) where.push(eq(posts.category, filter.category));
  if (filter.featured !== undefined) where.push(eq(posts.featured, filter.featured));
  // Only posts with a title to show: in this language, or in English.
  const local = sql`exists (select 1 from ${postTranslations} where ${postTranslations.postId} = ${posts.id} and ${postTranslations.lang} in (${lang}, 'en'))`;
  const condition = and(...where, local);
  const [counted] = await db.select({ total: count() }).from(posts).where(condition);
  const { offset, limit } = offsetOf(page);
  const l = alias(postTranslations, "l");
  const e = alias(postTranslations, "e");
  const rows = await db
    .select({
      id: posts.id,
      type: posts.type,
      slug: posts.slug,
      category: posts.category,
      featured: posts.featured,
      publishedAt: posts.publishedAt,
      lang: sql<string>`coalesce(${l.lang}, ${e.lang})`,
      title: sql<string>`coalesce(${l.title}, ${e.title})`,
      summary: sql<string>`coalesce(${l.summary}, ${e.summary})`,
    })
    .from(posts)
    .leftJoin(l, and(eq(l.postId, posts.id), eq(l.lang, lang)))
    .leftJoin(e, and(eq(e.postId, posts.id), eq(e.lang, "en")))
    .where(condition)
    .orderBy(desc(posts.sort), desc(posts.publishedAt), desc(posts.id))
    .offset(offset)
    .limit(limit);
  const items: PostListItem[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    slug: r.slug,
    category: r.category,
    featured: r.featured,
    lang: r.lang,
    title: r.title,
    summary: r.summary,
    published_at: r.publishedAt.toISOString(),
  }));
  return pageResult(page, items, counted?.total ?? 0);
}

/** How many published posts of a type each category has (the academy's category list). */
export async function countByCategory(db: Db, type: number) {
  const rows = await db
    .select({ category: posts.category, count: count() })
    .from(posts)
    .where(and(eq(posts.type, type), sql`${posts.category} is not null`, isNull(posts.unpublishedAt)))
    .groupBy(posts.category);
  return rows.map((r) => ({ category: r.category as string, count: r.count }));
}

/** The active slides of a type in their order, worded in `lang` (English when untranslated). */
export function listSlides(db: Db, type: number, lang: Lang): Promise<Slide[]> {
  return slideLists.get(db, type, lang);
}

async function querySlides(db: Db, type: number, lang: Lang): Promise<Slide[]> {
  const l = alias(slideTranslations, "l");
  const e = alias(slideTranslations, "e");
  const rows = await db
    .select({
      id: slides.id,
      type: slides.type,
      sort: slides.sort,
      link: slides.link,
      image: slides.image,
      title: sql<string | null>`coalesce(${l.title}, ${e.title})`,
      subtitle: sql<string | null>`coalesce(${l.subtitle}, ${e.subtitle})`,
    })
    .from(slides)
    .leftJoin(l, and(eq(l.slideId, slides.id), eq(l.lang, lang)))
    .leftJoin(e, and(eq(e.slideId, slides.id), eq(e.lang, "en")))
    .where(and(eq(slides.type, type), eq(slides.active, true)))
    .orderBy(slides.sort, slides.id);
  return rows
    .filter((r) => r.title !== null)
    .map((r) => ({
      id: r.id,
      type: r.type,
      sort: r.sort,
      link: r.link,
      image: r.image,
      title: r.title ?? "",
      subtitle: r.subtitle ?? "",
    }));
}
