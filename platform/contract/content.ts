// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { pageQuery } from "./pagination.ts";
import type { CategoryCount, PostListItem, Slide } from "./posts.ts";
import { ACADEMY_CATEGORIES, POST_TYPES, PUBLIC_POST_TYPES, SLIDE_TYPES } from "./posts.ts";

export {
  ACADEMY_CATEGORIES,
  type AcademyCategory,
  POST_TYPES,
  type PostListItem,
  PUBLIC_POST_TYPES,
  SLIDE_TYPES,
  type Slide,
} from "./posts.ts";

export const SITE_FIELDS = [
  "sitename",
  "contactemail",
  "online_service",
  "opinionmail",
  "servicephone",
  "software_link",
] as const;
export type SiteField = (typeof SITE_FIELDS)[number];
export type SiteContent = Record<SiteField, string>;

export const siteContentSchema = z
  .object(Object.fromEntries(SITE_FIELDS.map((f) => [f, z.string()])) as Record<SiteField, z.ZodString>)
  .meta({ id: "SiteContent" });

export const countrySchema = z
  .object({
    code: z.string().meta({ description: "ISO 3166-1 alpha-2", example: "SG" }),
    area_code: z.string().meta({ description: "Dial code without +", example: "65" }),
    name: z.string().meta({ description: "Name in the request's language", example: "Singapore" }),
  })
  .meta({ id: "Country" });

export const postSchema = z
  .object({
    id: z.number().int(),
    type: z.number().int(),
    slug: z.string().nullable(),
    category: z.string().nullable().meta({ description: "Academy articles: basics, trading or earn" }),
    featured: z.boolean(),
    lang: z.string().meta({ description: "Language of title and body (English when untranslated)" }),
    title: z.string(),
    summary: z.string(),
    body: z.string().meta({ description: "Markdown as written" }),
    html: z.string().meta({ description: "The body rendered to sanitized HTML, safe to display" }),
    published_at: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "Post" });
export type Post = z.infer<typeof postSchema>;

export const postListItemSchema = z
  .object({
    id: z.number().int(),
    type: z.number().int(),
    slug: z.string().nullable(),
    category: z.string().nullable(),
    featured: z.boolean(),
    lang: z.string().meta({ description: "Language of the title (English when untranslated)" }),
    title: z.string(),
    summary: z.string(),
    published_at: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "PostListItem" }) satisfies z.ZodType<PostListItem>;

export const slideSchema = z
  .object({
    id: z.number().int(),
    type: z.number().int(),
    title: z.string().meta({ description: "In the request's language (English when untranslated)" }),
    subtitle: z.string(),
    image: z.string().meta({ description: "Background artwork URL (no text in it), may be empty" }),
    link: z.string().meta({ description: "A path on this site or an https URL, may be empty" }),
    sort: z.number().int(),
  })
  .meta({ id: "Slide" }) satisfies z.ZodType<Slide>;

export const categoryCountSchema = z
  .object({ category: z.string(), count: z.number().int() })
  .meta({ id: "PostCategory" }) satisfies z.ZodType<CategoryCount>;

// ------------------------------------------------------------------ requests

const ALL_POST_TYPES = Object.values(POST_TYPES);
/** A post type from the query: a number among `allowed`. */
const typeField = (allowed: readonly number[]) =>
  z.coerce
    .number()
    .int()
    .refine((n) => allowed.includes(n), { error: "validation.invalid_option" })
    .meta({ description: `One of ${allowed.join(", ")}` });
const listFilters = {
  category: z
    .enum(ACADEMY_CATEGORIES)
    .optional()
    .meta({ description: `Academy articles of one category: ${ACADEMY_CATEGORIES.join(", ")}` }),
  featured: z.stringbool().optional().meta({ description: "Only featured posts (1) or only the others (0)" }),
};

/** One post by id or by slug. */
export const postShowQuery = z
  .object({
    // 32-bit in the database: a larger id is not found rather than a failed query.
    id: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1, { error: "errors.not_found" })
      .optional(),
    slug: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/)
      .optional(),
  })
  .refine((q) => q.id !== undefined || q.slug !== undefined, {
    message: "validation.required",
    path: ["id"],
  });

/** A page of public posts, of one type or (without `type`) of every public type. */
export const postListQuery = pageQuery.extend({
  type: typeField(PUBLIC_POST_TYPES).optional(),
  ...listFilters,
});
/** A page of posts for signed-in users: members' announcements unless asked. */
export const memberPostListQuery = pageQuery.extend({
  type: typeField(ALL_POST_TYPES).default(POST_TYPES.member),
  ...listFilters,
});
/** The academy's categories (of a public type, the academy's unless asked). */
export const postCategoriesQuery = z.object({
  type: typeField(PUBLIC_POST_TYPES).default(POST_TYPES.academy),
});
/** Slides of one type (the home page's banners unless asked). */
export const slidesQuery = z.object({
  type: z.coerce.number().int().min(1).max(1000).default(SLIDE_TYPES.homeBanner),
});
