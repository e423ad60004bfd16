import { z } from "zod";
import {
  categoryCountSchema,
  countrySchema,
  memberPostListQuery,
  POST_TYPES,
  PUBLIC_POST_TYPES,
  postCategoriesQuery,
  postListItemSchema,
  postListQuery,
  postSchema,
  postShowQuery,
  siteContentSchema,
  slideSchema,
  slidesQuery,
} from "../contract/content.ts";
import { pageOf } from "../contract/pagination.ts";
import type { Api } from "../http/app.ts";
import { ApiError } from "../http/errors.ts";
import { countByCategory, getPost, getSiteContent, listCountries, listPosts, listSlides } from "./service.ts";

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
      query: postShowQuery,
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
      query: postListQuery,
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
      query: memberPostListQuery,
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
      query: postCategoriesQuery,
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
      query: slidesQuery,
      response: z.array(slideSchema),
    },
    ({ query }, { deps, lang }) => listSlides(deps.db, query.type, lang),
  );
}
