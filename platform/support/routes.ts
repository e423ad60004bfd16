import { z } from "zod";
import { type AuthOperator, authenticateOperator, can } from "../admin/index.ts";
import { uploadIdQuery } from "../contract/kyc.ts";
import {
  supportChatQuery,
  supportChatViewSchema,
  supportIdBody,
  supportMessageSchema,
  supportQueueQuery,
  supportReplyBody,
  supportSendBody,
} from "../contract/support.ts";
import type { Api } from "../http/app.ts";
import type { ApiContext, Deps } from "../http/context.ts";
import { ApiError } from "../http/errors.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { bearerToken } from "../http/route.ts";
import { checkImage, imageResponse, UPLOAD_BODY_LIMIT, uploadStore } from "../uploads/index.ts";
import {
  assignChat,
  badges,
  chatAttachment,
  chatView,
  closeChat,
  customerUnread,
  markCustomerRead,
  markOperatorRead,
  replyToChat,
  sendCustomerMessage,
  supportChatDetail,
  supportCounts,
  supportQueue,
} from "./service.ts";

const TAGS = ["Support chat"];
const ADMIN_TAGS = ["Operator console"];
const ADMIN_NOTE =
  "Console calls take the operator's token from /api/admin/login (a customer's token is refused with 401). ";

/**
 * The support chat: customers write from the customer-service screen (text and an image), and
 * operators answer from the console's queue (take, reply, close; each audited).
 */
export function supportRoutes(api: Api, deps: Deps & { limiter: RateLimiter }) {
  const support = {
    db: deps.db,
    bus: deps.bus,
    store: uploadStore(deps.config),
    limiter: deps.limiter,
    limits: deps.config.supportLimits,
  };

  // ---------------------------------------------------------------- customers
  api.route(
    {
      method: "get",
      path: "/support/chat",
      tags: TAGS,
      summary:
        "The customer's chat (the one asked for, else the open or latest one), its messages and the history",
      description:
        "Another customer's chat is a 404. Reading does not mark anything read: POST /support/read does.",
      auth: "required",
      query: supportChatQuery,
      response: supportChatViewSchema,
    },
    ({ query }, { user }) => chatView(deps.db, user.id, query.id),
  );

  api.route(
    {
      method: "get",
      path: "/support/badges",
      tags: TAGS,
      summary: "The Mine tab's two badges in one call: unread messages and unread support replies",
      description:
        "What GET /inbox/unread and GET /support/unread answer, for the tab bar every signed-in page shows: one call instead of two.",
      auth: "required",
      response: z.object({ messages: z.number().int(), support: z.number().int() }),
    },
    (_input, { user }) => badges(deps.db, user.id),
  );

  api.route(
    {
      method: "get",
      path: "/support/unread",
      tags: TAGS,
      summary: "How many operator messages the customer has not read",
      auth: "required",
      response: z.object({ count: z.number().int() }),
    },
    async (_input, { user }) => ({ count: await customerUnread(deps.db, user.id) }),
  );

  api.route(
    {
      method: "post",
      path: "/support/send",
      tags: TAGS,
      summary: "Writes to support: text (at most 2000 characters), an image, or both",
      description:
        "Without chat_id the message goes to the customer's open chat, starting one if none is open. " +
        "A closed chat (409) or another customer's (404) is refused and nothing is stored. " +
        "The image: JPEG, PNG or WebP of at most 2 MB, checked by content. " +
        "At most 10 messages a minute and 60 an hour per customer by default (429; SUPPORT_MESSAGES_PER_MINUTE, SUPPORT_MESSAGES_PER_HOUR).",
      auth: "required",
      bodyLimit: UPLOAD_BODY_LIMIT,
      tooLargeMessage: "uploads.too_large",
      body: supportSendBody,
      response: supportMessageSchema,
    },
    async ({ body }, ctx) => {
      const image = body.image ? await checkImage(body.image, "image") : undefined;
      const message = await sendCustomerMessage(support, ctx.user.id, {
        chatId: body.chat_id,
        body: body.body,
        image,
      });
      ctx.setMessage("support.sent");
      return message;
    },
  );

  api.route(
    {
      method: "post",
      path: "/support/read",
      tags: TAGS,
      summary: "Marks the operators' messages of one of the customer's chats read",
      auth: "required",
      body: supportIdBody,
      response: z.object({ unread: z.number().int() }),
    },
    async ({ body }, { user }) => ({ unread: await markCustomerRead(support, user.id, body.id) }),
  );

  // ---------------------------------------------------------------- the console
  async function operator(c: ApiContext): Promise<AuthOperator> {
    const op = await authenticateOperator(c.get("deps").db, bearerToken(c) ?? "");
    if (!can(op.role, "chat")) throw new ApiError(403, "errors.forbidden");
    return op;
  }

  const queueRow = z.object({
    id: z.number(),
    uid: z.string(),
    account: z.string(),
    status: z.enum(["open", "closed"]),
    operator: z.string().meta({ description: "Who has the chat (empty: waiting)" }),
    unread: z.number().meta({ description: "Customer messages not read yet" }),
    last: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  });

  api.route(
    {
      method: "get",
      path: "/admin/support",
      tags: ADMIN_TAGS,
      summary: "The support queue: waiting (nobody has it), mine, open, closed or all",
      description: ADMIN_NOTE,
      query: supportQueueQuery,
      response: z.array(queueRow),
    },
    async ({ query }, { c }) => supportQueue(deps.db, await operator(c), query.queue),
  );

  api.route(
    {
      method: "get",
      path: "/admin/support/counts",
      tags: ADMIN_TAGS,
      summary: "Chats waiting for an operator, and unread customer messages in this operator's chats",
      description: ADMIN_NOTE,
      response: z.object({ waiting: z.number(), unread: z.number() }),
    },
    async (_input, { c }) => supportCounts(deps.db, (await operator(c)).id),
  );

  api.route(
    {
      method: "get",
      path: "/admin/support/show",
      tags: ADMIN_TAGS,
      summary: "One chat with its messages (images only for the operator who has the chat)",
      description: ADMIN_NOTE,
      query: supportIdBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ query }, { c }) => supportChatDetail(deps.db, await operator(c), query.id),
  );

  api.route(
    {
      method: "post",
      path: "/admin/support/assign",
      tags: ADMIN_TAGS,
      summary: "Takes an open chat (also from another operator); audited",
      description: ADMIN_NOTE,
      body: supportIdBody,
      response: z.null(),
    },
    async ({ body }, { c, setMessage }) => {
      await assignChat(support, await operator(c), body.id);
      setMessage("support.assigned");
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/admin/support/reply",
      tags: ADMIN_TAGS,
      summary:
        "Answers an open chat (taking it if nobody has it; another operator's is refused, 409); audited",
      description: ADMIN_NOTE,
      body: supportReplyBody,
      response: supportMessageSchema,
    },
    async ({ body }, { c, setMessage }) => {
      const message = await replyToChat(support, await operator(c), body.id, body.body);
      setMessage("support.sent");
      return message;
    },
  );

  api.route(
    {
      method: "post",
      path: "/admin/support/close",
      tags: ADMIN_TAGS,
      summary: "Closes an open chat (this operator's, or one nobody has); audited",
      description: ADMIN_NOTE,
      body: supportIdBody,
      response: z.null(),
    },
    async ({ body }, { c, setMessage }) => {
      await closeChat(support, await operator(c), body.id);
      setMessage("support.closed_done");
      return null;
    },
  );

  api.route(
    {
      method: "post",
      path: "/admin/support/read",
      tags: ADMIN_TAGS,
      summary: "The operator who has the chat has read the customer's messages",
      description: ADMIN_NOTE,
      body: supportIdBody,
      response: z.object({ marked: z.number() }),
    },
    async ({ body }, { c }) => ({ marked: await markOperatorRead(deps.db, await operator(c), body.id) }),
  );

  api.app.openAPIRegistry.registerPath({
    method: "get",
    path: "/admin/support/attachment",
    tags: ADMIN_TAGS,
    summary: "A chat's image, for the operator who has that chat only",
    security: [{ Bearer: [] }],
    request: { query: uploadIdQuery as never },
    responses: {
      200: { description: "The image" },
      401: { description: "Not an operator" },
      404: { description: "No such image, or not in a chat of this operator's" },
    },
  });
  api.app.get("/admin/support/attachment", async (c) => {
    const op = await operator(c);
    const file = await chatAttachment(deps.db, support.store, op, c.req.query("id") ?? "");
    return imageResponse(file, "private, no-store");
  });
}
