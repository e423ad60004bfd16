import type { Lang } from "../../contract/languages.ts";
import { type AcademyCategory, POST_TYPES, type PostType } from "../../contract/posts.ts";
import en from "./posts.en.ts";
import es from "./posts.es.ts";
import id from "./posts.id.ts";
import ja from "./posts.ja.ts";
import kr from "./posts.kr.ts";
import pt from "./posts.pt.ts";
import ru from "./posts.ru.ts";
import tw from "./posts.tw.ts";
import vn from "./posts.vn.ts";
import zh from "./posts.zh.ts";

/**
 * The notices, academy articles, news and members' announcements a fresh install starts with, in
 * all ten languages. The figures (fees, leverage, minimums) are the platform's own.
 */
export const POST_SLUGS = [
  "notice-deposit-networks",
  "notice-security",
  "notice-daily-interest",
  "academy-deposit",
  "academy-leverage-liquidation",
  "academy-fees",
  "academy-risk-warning",
  "academy-daily-interest",
  "news-perpetuals",
  "news-install-app",
  "member-first-steps",
] as const;
export type PostSlug = (typeof POST_SLUGS)[number];
export type PostText = { title: string; summary: string; body: string };
export type PostTexts = Record<PostSlug, PostText>;

type Meta = {
  type: PostType;
  category?: AcademyCategory;
  featured?: boolean;
  sort?: number;
  /** Published this many days before the first start (so lists read like a real history). */
  daysAgo: number;
};

const META: Record<PostSlug, Meta> = {
  "notice-deposit-networks": { type: POST_TYPES.notice, daysAgo: 2 },
  "notice-security": { type: POST_TYPES.notice, daysAgo: 5 },
  "notice-daily-interest": { type: POST_TYPES.notice, daysAgo: 1 },
  "academy-deposit": { type: POST_TYPES.academy, category: "basics", featured: true, daysAgo: 30 },
  "academy-leverage-liquidation": {
    type: POST_TYPES.academy,
    category: "trading",
    featured: true,
    daysAgo: 25,
  },
  "academy-fees": { type: POST_TYPES.academy, category: "trading", daysAgo: 20 },
  "academy-risk-warning": { type: POST_TYPES.academy, category: "basics", featured: true, daysAgo: 28 },
  "academy-daily-interest": { type: POST_TYPES.academy, category: "earn", daysAgo: 10 },
  "news-perpetuals": { type: POST_TYPES.news, daysAgo: 7 },
  "news-install-app": { type: POST_TYPES.news, daysAgo: 3 },
  "member-first-steps": { type: POST_TYPES.member, daysAgo: 4 },
};

const texts: Record<Lang, PostTexts> = { en, zh, tw, ja, es, ru, kr, vn, id, pt };

export const seededPosts = POST_SLUGS.map((slug) => ({
  slug,
  ...META[slug],
  translations: Object.fromEntries(
    Object.entries(texts).map(([lang, byslug]) => [lang, byslug[slug]]),
  ) as Record<Lang, PostText>,
}));
