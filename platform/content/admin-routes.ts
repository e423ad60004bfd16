import { z } from "zod";
import {
  adminNoticeBody,
  adminNoticeListQuery,
  adminNoticeQuery,
  adminPostCreateBody,
  adminPostIdBody,
  adminPostSchema,
  adminRows,
  adminSiteBody,
} from "../contract/admin.ts";
import { siteContentSchema } from "../contract/content.ts";
import type { Console } from "../http/console.ts";
import {
  createPost,
  listNotices,
  noticeText,
  setPostPublished,
  showSiteFields,
  updateNotice,
  updateSiteFields,
} from "./admin.ts";

/**
 * The console's content calls (posts, banners, site fields), mounted by the console (admin), which
 * hands in the operator's check and the audit writer. Operators edit; every role reads.
 */
export function contentAdminRoutes(admin: Console) {
  admin.route(
    {
      method: "get",
      path: "/admin/notices",
      summary:
        "The notices (or academy articles, news, protocol pages, banners: kind), with the languages each is written in and whether customers see it (published)",
      permission: "read",
      query: adminNoticeListQuery,
      response: adminRows,
    },
    ({ query }, { deps: d }) => listNotices(d.db, query.kind),
  );
  admin.route(
    {
      method: "get",
      path: "/admin/notices/show",
      summary: "One notice's (or other post's: kind) text in one language (empty when not written yet)",
      permission: "read",
      query: adminNoticeQuery,
      response: z.object({
        id: z.number(),
        lang: z.string(),
        title: z.string(),
        summary: z.string(),
        body: z.string(),
      }),
    },
    ({ query }, { deps: d }) => noticeText(d.db, query.id, query.lang, query.kind),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/notices/update",
      summary:
        "Writes a notice's (or other post's: kind) title, summary and Markdown body in one language (operator)",
      permission: "products",
      done: "admin.done",
      body: adminNoticeBody,
      response: z.object({
        id: z.number(),
        lang: z.string(),
        title: z.string(),
        summary: z.string(),
        body: z.string(),
      }),
    },
    ({ body }, { deps: d, by }) => updateNotice(d.db, by, body.id, body.lang, body, body.kind),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/notices/create",
      summary:
        "Publishes a new notice, academy article, news item, protocol page or banner (kind), written in English (operator)",
      description:
        "Customers see it at once; until /admin/notices/update adds their language they read the English text. An academy article needs its category (basics, trading, earn); a banner has a title, a subtitle (summary) and a link, no body.",
      permission: "products",
      done: "admin.post_published",
      body: adminPostCreateBody,
      response: adminPostSchema,
    },
    ({ body }, { deps: d, by }) => createPost(d.db, by, body),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/notices/unpublish",
      summary: "Unpublishes a post or banner (kind): customers no longer see it (operator)",
      description:
        "Nothing is deleted: the console keeps it with every language and /admin/notices/publish shows it again. The terms and the privacy policy cannot be unpublished (409).",
      permission: "products",
      done: "admin.post_unpublished",
      body: adminPostIdBody,
      response: adminPostSchema,
    },
    ({ body }, { deps: d, by }) => setPostPublished(d.db, by, body.id, body.kind, false),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/notices/publish",
      summary:
        "Publishes an unpublished post or banner (kind) again, with its first publication date (operator)",
      permission: "products",
      done: "admin.post_published",
      body: adminPostIdBody,
      response: adminPostSchema,
    },
    ({ body }, { deps: d, by }) => setPostPublished(d.db, by, body.id, body.kind, true),
  );

  // --- Site fields ---
  admin.route(
    {
      method: "get",
      path: "/admin/site",
      summary: "The site fields: name, contact and feedback e-mail, support link, phone, app link",
      permission: "read",
      response: siteContentSchema,
    },
    (_input, { deps: d }) => showSiteFields(d.db),
  );
  admin.route(
    {
      method: "post",
      path: "/admin/site/update",
      summary: "Sets the site fields, all at once (operator); every page shows them at once",
      permission: "products",
      done: "admin.done",
      body: adminSiteBody,
      response: siteContentSchema,
    },
    ({ body }, { deps: d, by }) => updateSiteFields(d.db, by, body),
  );
}
