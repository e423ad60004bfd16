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
import type { Api } from "../http/app.ts";
import { CONSOLE_DESCRIPTION, CONSOLE_TAGS, type Console } from "../http/console.ts";
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
export function contentAdminRoutes(api: Api, admin: Console) {
  api.route(
    {
      method: "get",
      path: "/admin/notices",
      tags: CONSOLE_TAGS,
      summary:
        "The notices (or academy articles, news, protocol pages, banners: kind), with the languages each is written in and whether customers see it (published)",
      description: CONSOLE_DESCRIPTION,
      query: adminNoticeListQuery,
      response: adminRows,
    },
    async ({ query }, { c, deps: d }) => {
      await admin.operator(c, "read");
      return listNotices(d.db, query.kind);
    },
  );
  api.route(
    {
      method: "get",
      path: "/admin/notices/show",
      tags: CONSOLE_TAGS,
      summary: "One notice's (or other post's: kind) text in one language (empty when not written yet)",
      description: CONSOLE_DESCRIPTION,
      query: adminNoticeQuery,
      response: z.object({
        id: z.number(),
        lang: z.string(),
        title: z.string(),
        summary: z.string(),
        body: z.string(),
      }),
    },
    async ({ query }, { c, deps: d }) => {
      await admin.operator(c, "read");
      return noticeText(d.db, query.id, query.lang, query.kind);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/notices/update",
      tags: CONSOLE_TAGS,
      summary:
        "Writes a notice's (or other post's: kind) title, summary and Markdown body in one language (operator)",
      description: CONSOLE_DESCRIPTION,
      body: adminNoticeBody,
      response: z.object({
        id: z.number(),
        lang: z.string(),
        title: z.string(),
        summary: z.string(),
        body: z.string(),
      }),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await updateNotice(d.db, by, body.id, body.lang, body, body.kind);
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/notices/create",
      tags: CONSOLE_TAGS,
      summary:
        "Publishes a new notice, academy article, news item, protocol page or banner (kind), written in English (operator)",
      description: `${CONSOLE_DESCRIPTION}Customers see it at once; until /admin/notices/update adds their language they read the English text. An academy article needs its category (basics, trading, earn); a banner has a title, a subtitle (summary) and a link, no body.`,
      body: adminPostCreateBody,
      response: adminPostSchema,
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await createPost(d.db, by, body);
      setMessage("admin.post_published");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/notices/unpublish",
      tags: CONSOLE_TAGS,
      summary: "Unpublishes a post or banner (kind): customers no longer see it (operator)",
      description: `${CONSOLE_DESCRIPTION}Nothing is deleted: the console keeps it with every language and /admin/notices/publish shows it again. The terms and the privacy policy cannot be unpublished (409).`,
      body: adminPostIdBody,
      response: adminPostSchema,
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await setPostPublished(d.db, by, body.id, body.kind, false);
      setMessage("admin.post_unpublished");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/notices/publish",
      tags: CONSOLE_TAGS,
      summary:
        "Publishes an unpublished post or banner (kind) again, with its first publication date (operator)",
      description: CONSOLE_DESCRIPTION,
      body: adminPostIdBody,
      response: adminPostSchema,
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await setPostPublished(d.db, by, body.id, body.kind, true);
      setMessage("admin.post_published");
      return row;
    },
  );

  // --- Site fields ---
  api.route(
    {
      method: "get",
      path: "/admin/site",
      tags: CONSOLE_TAGS,
      summary: "The site fields: name, contact and feedback e-mail, support link, phone, app link",
      description: CONSOLE_DESCRIPTION,
      response: siteContentSchema,
    },
    async (_input, { c, deps: d }) => {
      await admin.operator(c, "read");
      return showSiteFields(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/site/update",
      tags: CONSOLE_TAGS,
      summary: "Sets the site fields, all at once (operator); every page shows them at once",
      description: CONSOLE_DESCRIPTION,
      body: adminSiteBody,
      response: siteContentSchema,
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const by = await admin.operator(c, "products");
      const row = await updateSiteFields(d.db, by, body);
      setMessage("admin.done");
      return row;
    },
  );
}
