// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { UPLOAD_MAX_BYTES } from "./kyc.ts";
import { messageKey } from "./message-key.ts";
import { SUPPORT_MESSAGE_MAX, SUPPORT_QUEUES, type SupportQueue } from "./support-rules.ts";

export { SUPPORT_MESSAGE_MAX, SUPPORT_QUEUES, type SupportQueue };

/**
 * The support chat (issue 19): the rules of a message, shared by /api/support, the console's
 * /api/admin/support and the web forms, and the shapes the API answers.
 */

const empty = (v: unknown) =>
  v === "" || v === null || (typeof File !== "undefined" && v instanceof File && v.size === 0);

/** A chat's id; past a 32-bit column it is simply not found. */
export const supportChatId = z.coerce
  .number({ error: "validation.required" })
  .int({ error: "errors.not_found" })
  .positive({ error: "errors.not_found" })
  .max(2 ** 31 - 1, { error: "errors.not_found" });

const bodyText = z
  .string({ error: "validation.required" })
  .trim()
  .max(SUPPORT_MESSAGE_MAX, { error: messageKey("validation.too_long", { maximum: SUPPORT_MESSAGE_MAX }) });

/** An image attached to a message: a JPEG, PNG or WebP of at most 2 MB (checked by content on the platform). */
export const supportImageField = z.preprocess(
  (v) => (empty(v) ? undefined : v),
  z
    .file({ error: "uploads.required" })
    .max(UPLOAD_MAX_BYTES, { error: "uploads.too_large" })
    .optional()
    .meta({ type: "string", format: "binary", description: "JPEG, PNG or WebP, at most 2 MB" } as never),
);

/**
 * A customer's message: text, an image, or both (neither: "support.empty"). Without `chat_id`
 * it goes to the customer's open chat, starting one if none is open; with it, to that chat,
 * which must be the customer's and still open.
 */
export const supportSendBody = z
  .object({
    chat_id: z.preprocess((v) => (empty(v) ? undefined : v), supportChatId.optional()),
    // Optional: an image alone is a message too (an empty field arrives as nothing from a form).
    body: bodyText.optional().transform((v) => v ?? ""),
    image: supportImageField,
  })
  .superRefine((v, ctx) => {
    if (!v.body && !v.image) ctx.addIssue({ code: "custom", path: ["body"], message: "support.empty" });
  });

/** An operator's answer: text only. */
export const supportReplyBody = z.object({
  id: supportChatId,
  body: bodyText.min(1, { error: "validation.required" }),
});
export const supportIdBody = z.object({ id: supportChatId });
export const supportChatQuery = z.object({
  id: z.preprocess((v) => (empty(v) ? undefined : v), supportChatId.optional()),
});

export const supportMessageSchema = z
  .object({
    id: z.number().int(),
    chat_id: z.number().int(),
    author: z.enum(["customer", "operator"]),
    body: z.string(),
    image: z
      .string()
      .nullable()
      .meta({ description: "The attached image's upload id (GET /api/user/upload)" }),
    read: z.boolean().meta({ description: "Whether the other side has read it" }),
    created_at: z.string(),
  })
  .meta({ id: "SupportMessage" });
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportChatSummarySchema = z
  .object({
    id: z.number().int(),
    status: z.enum(["open", "closed"]),
    answered: z.boolean().meta({ description: "An operator has taken it" }),
    unread: z.number().int().meta({ description: "Operator messages the customer has not read" }),
    last: z.string().meta({ description: "The last message's text (empty for an image)" }),
    created_at: z.string(),
    updated_at: z.string(),
    closed_at: z.string().nullable(),
  })
  .meta({ id: "SupportChat" });
export type SupportChatSummary = z.infer<typeof supportChatSummarySchema>;

export const supportChatViewSchema = z.object({
  chat: supportChatSummarySchema
    .nullable()
    .meta({ description: "The chat asked for, else the open or latest one" }),
  messages: z.array(supportMessageSchema),
  chats: z
    .array(supportChatSummarySchema)
    .meta({ description: "The customer's chats, newest first (at most 50)" }),
  unread: z.number().int().meta({ description: "Unread operator messages over all chats" }),
});
export type SupportChatView = z.infer<typeof supportChatViewSchema>;

/** The console's support queue: waiting (nobody has it), mine, open, closed or all. */
export const supportQueueQuery = z.object({ queue: z.enum(SUPPORT_QUEUES).default("waiting") });
