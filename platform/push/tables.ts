import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Browsers a customer turned notifications on in (Web Push): where to POST (the endpoint, one
 * browser's, unique) and the keys the payload is encrypted to (RFC 8291). A shared phone
 * stops receiving a customer's notices when they sign out on it.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    device: text("device").notNull().default(""),
    /** The sign-in it was turned on in: signing out there (or being signed out) turns it off. */
    sessionId: text("session_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * Notifications waiting to go out, one row per device: written in the transaction of the event
 * they report (so a rolled-back event sends nothing) and sent by the leader after it commits,
 * retried with backoff until the push service takes them or they are too old to matter.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** An inbox message type, or `support_reply`: worded in the customer's language when sent. */
    type: text("type").notNull(),
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_outbox_due_idx").on(t.dueAt)],
);
