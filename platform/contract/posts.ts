/**
 * Post and slide constants and shapes the web app uses in the browser too (no zod here: the
 * schemas that validate and document them are in content.ts).
 */

/** The spec's post types: its calls filter by 21, 7, 8 (public) and 6 (signed-in users only). */
export const POST_TYPES = { protocol: 1, member: 6, academy: 7, news: 8, notice: 21 } as const;
export type PostType = (typeof POST_TYPES)[keyof typeof POST_TYPES];
/** Types anyone may list (`/posts/posts_list`); type 6 needs a session (`/posts/posts_listauth`). */
export const PUBLIC_POST_TYPES = [
  POST_TYPES.protocol,
  POST_TYPES.academy,
  POST_TYPES.news,
  POST_TYPES.notice,
] as const;

/** The academy's categories, in the order the academy shows them. */
export const ACADEMY_CATEGORIES = ["basics", "trading", "earn"] as const;
export type AcademyCategory = (typeof ACADEMY_CATEGORIES)[number];

/** Slide types: 2 is the home page's banners. */
export const SLIDE_TYPES = { homeBanner: 2 } as const;

/** One post in a list: localized title and summary (English when untranslated), no body. */
export type PostListItem = {
  id: number;
  type: number;
  slug: string | null;
  category: string | null;
  featured: boolean;
  lang: string;
  title: string;
  summary: string;
  published_at: string;
};

export type Slide = {
  id: number;
  type: number;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  sort: number;
};

export type CategoryCount = { category: string; count: number };
