import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The message centre: notices the platform's domains send a user (security events, deposits,
 * withdrawals, KYC decisions, liquidations…). Stored as a type and its parameters and worded at
 * read time, so each reader sees them in their own language.
 */
export const inboxMessages = pgTable(
  "inbox_messages",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    type: text("type").notNull(),
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("inbox_user_idx").on(t.userId, t.createdAt)],
);
