import { z } from "zod";
import { inboxIdInput, inboxListQuery, inboxMessageSchema } from "../contract/inbox.ts";
import { pageOf } from "../contract/pagination.ts";
import type { Api } from "../http/app.ts";
import { getMessage, listMessages, markAllRead, markRead, unreadCount } from "./service.ts";

/** The message centre: a signed-in user's messages, worded in the request's language. */
export function inboxRoutes(api: Api) {
  api.route(
    {
      method: "get",
      path: "/inbox/list",
      tags: ["Messages"],
      summary: "A page of the user's messages, newest first (`unread=1`: only the unread ones)",
      auth: "required",
      query: inboxListQuery,
      response: pageOf(inboxMessageSchema),
    },
    ({ query }, { deps, user, lang }) =>
      listMessages(deps.db, user.id, lang, query, { unreadOnly: query.unread === true }),
  );

  api.route(
    {
      method: "get",
      path: "/inbox/unread",
      tags: ["Messages"],
      summary: "How many of the user's messages are unread",
      auth: "required",
      response: z.object({ count: z.number().int() }),
    },
    async (_input, { deps, user }) => ({ count: await unreadCount(deps.db, user.id) }),
  );

  api.route(
    {
      method: "get",
      path: "/inbox/show",
      tags: ["Messages"],
      summary: "One of the user's messages (another user's is a 404)",
      auth: "required",
      query: inboxIdInput,
      response: inboxMessageSchema,
    },
    ({ query }, { deps, user, lang }) => getMessage(deps.db, user.id, query.id, lang),
  );

  api.route(
    {
      method: "post",
      path: "/inbox/read",
      tags: ["Messages"],
      summary: "Mark one of the user's messages read",
      auth: "required",
      body: inboxIdInput,
      response: z.object({ unread: z.number().int() }),
    },
    async ({ body }, { deps, user }) => {
      await markRead(deps.db, user.id, body.id);
      return { unread: await unreadCount(deps.db, user.id) };
    },
  );

  api.route(
    {
      method: "post",
      path: "/inbox/read_all",
      tags: ["Messages"],
      summary: "Mark every message of the user read; answers how many were unread",
      auth: "required",
      response: z.object({ marked: z.number().int() }),
    },
    async (_input, ctx) => {
      const marked = await markAllRead(ctx.deps.db, ctx.user.id);
      ctx.setMessage("inbox_status.all_read", { count: marked });
      return { marked };
    },
  );
}
