import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { operators } from "../admin/tables.ts";
import { users } from "../identity/tables.ts";
import { uploads } from "../uploads/tables.ts";

/**
 * Support chats: a customer's conversation with the operators. At most one is open per customer
 * (writing after it was closed starts the next); while open it waits in the console's queue until
 * an operator takes it (`operator_id`), who answers and closes it.
 */
export const supportChats = pgTable(
  "support_chats",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    /** The operator answering it; null while it waits in the queue. */
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last message's time: the queue's order. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** The operator's e-mail, kept as text like the audit log's. */
    closedBy: text("closed_by"),
  },
  (t) => [
    uniqueIndex("support_chats_one_open").on(t.userId).where(sql`status = 'open'`),
    index("support_chats_user_idx").on(t.userId, t.id),
    index("support_chats_queue_idx").on(t.status, t.updatedAt),
  ],
);

/**
 * The messages of a chat: the customer's (text and/or one image, an upload of purpose
 * `support`) and the operators'. `read_at` is when the other side read it: the customer's
 * unread are operator messages without it, the console's are customer messages without it.
 */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: serial("id").primaryKey(),
    chatId: integer("chat_id")
      .notNull()
      .references(() => supportChats.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["customer", "operator"] }).notNull(),
    /** The answering operator's e-mail (operator messages only; customers see "Support"). */
    operator: text("operator"),
    body: text("body").notNull().default(""),
    uploadId: text("upload_id").references(() => uploads.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("support_messages_chat_idx").on(t.chatId, t.id),
    index("support_messages_unread_idx").on(t.chatId, t.author).where(sql`read_at is null`),
  ],
);
