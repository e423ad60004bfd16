import { z } from "zod";
import {
  ACADEMY_CATEGORIES,
  categoryCountSchema,
  countrySchema,
  POST_TYPES,
  PUBLIC_POST_TYPES,
  postListItemSchema,
  postSchema,
  SLIDE_TYPES,
  siteContentSchema,
  slideSchema,
} from "../contract/content.ts";
import { pageOf, pageQuery } from "../contract/pagination.ts";
import type { Api } from "../http/app.ts";
import { ApiError } from "../http/errors.ts";
import { countByCategory, getPost, getSiteContent, listCountries, listPosts, listSlides } from "./service.ts";

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

export function contentRoutes(api: Api) {
  api.route(
    {
      method: "get",
      path: "/about/content",
      tags: ["Content"],
      summary: "Site fields: name, contact e-mail, online service, feedback mail, phone, app link",
      response: siteContentSchema,
    },
    (_input, { deps }) => getSiteContent(deps.db),
  );

  api.route(
    {
      method: "get",
      path: "/about/contentauth",
      tags: ["Content"],
      summary: "Site fields for a signed-in user (with the user id to quote to support)",
      auth: "required",
      response: siteContentSchema.extend({ uid: z.number().int() }),
    },
    async (_input, { deps, user }) => ({ ...(await getSiteContent(deps.db)), uid: user.id }),
  );

  api.route(
    {
      method: "get",
      path: "/country/codes",
      tags: ["Content"],
      summary: "Every country with its dial code and its name in the request's language",
      response: z.array(countrySchema),
    },
    (_input, { lang }) => listCountries(lang),
  );

  api.route(
    {
      method: "get",
      path: "/posts/show",
      tags: ["Content"],
      summary: "One post (notice, article, protocol page) by id or slug, in the request's language",
      auth: "optional",
      query: z
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
        }),
      response: postSchema,
    },
    async ({ query }, { deps, lang, user }) => {
      const by = query.id !== undefined ? { id: query.id } : { slug: query.slug as string };
      const post = await getPost(deps.db, by, lang);
      if (!post) throw new ApiError(404, "errors.not_found");
      if (post.type === POST_TYPES.member && !user) throw new ApiError(401, "errors.unauthorized");
      return post;
    },
  );
  api.route(
    {
      method: "get",
      path: "/posts/posts_list",
      tags: ["Content"],
      summary:
        "A page of public posts: notices (21), academy (7), news (8), protocol (1); all of them without `type`",
      description:
        "Newest first. Titles and summaries are in the request's language, or in English for a post " +
        "not translated into it. Type 6 (members' announcements) is listed by /posts/posts_listauth.",
      query: pageQuery.extend({ type: typeField(PUBLIC_POST_TYPES).optional(), ...listFilters }),
      response: pageOf(postListItemSchema),
    },
    // The type filter is optional (the spec's client calls it bare): every public type then.
    ({ query }, { deps, lang }) =>
      listPosts(deps.db, { ...query, type: query.type ?? PUBLIC_POST_TYPES }, lang, query),
  );

  api.route(
    {
      method: "get",
      path: "/posts/posts_listauth",
      tags: ["Content"],
      summary: "A page of posts for signed-in users: members' announcements (type 6) unless asked",
      auth: "required",
      query: pageQuery.extend({ type: typeField(ALL_POST_TYPES).default(POST_TYPES.member), ...listFilters }),
      response: pageOf(postListItemSchema),
    },
    ({ query }, { deps, lang }) => listPosts(deps.db, query, lang, query),
  );

  api.route(
    {
      method: "get",
      path: "/posts/categories",
      tags: ["Content"],
      summary: "The academy's categories with how many articles each has",
      query: z.object({ type: typeField(PUBLIC_POST_TYPES).default(POST_TYPES.academy) }),
      response: z.array(categoryCountSchema),
    },
    ({ query }, { deps }) => countByCategory(deps.db, query.type),
  );

  api.route(
    {
      method: "get",
      path: "/slides/show",
      tags: ["Content"],
      summary: "Slides of one type in their order; type 2 is the home page's banners",
      query: z.object({
        type: z.coerce.number().int().min(1).max(1000).default(SLIDE_TYPES.homeBanner),
      }),
      response: z.array(slideSchema),
    },
    ({ query }, { deps, lang }) => listSlides(deps.db, query.type, lang),
  );
}
