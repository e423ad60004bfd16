// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { pageQuery } from "./pagination.ts";

export const inboxMessageSchema = z
  .object({
    id: z.number().int(),
    type: z.string().meta({ description: "What happened: deposit_credited, security_new_login…" }),
    title: z.string().meta({ description: "In the request's language" }),
    body: z.string().meta({ description: "In the request's language" }),
    read: z.boolean(),
    created_at: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "InboxMessage" });
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

// ------------------------------------------------------------------ requests

/** A page of messages; `unread=1`: only the unread ones. */
export const inboxListQuery = pageQuery.extend({ unread: z.stringbool().optional() });
/** One message (/inbox/show, /inbox/read): ids are 32-bit in the database. */
export const inboxIdInput = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
