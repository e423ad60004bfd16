import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The local outbox: every e-mail and SMS sent while no real provider is configured, readable
 * with DEV_OUTBOX=1 at /api/dev/outbox (for trying the product and for tests).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    code: text("code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_to_idx").on(t.to, t.createdAt)],
);
