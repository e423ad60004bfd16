import { index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Customers' price alerts. `armed` until the market meets it, then `fired` once (the row's
 * status moves in the same transaction as the inbox message, so it fires exactly once however
 * many instances watch); the customer may arm it again. Deleted alerts are deleted.
 */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    code: text("code").notNull(),
    kind: text("kind", { enum: ["above", "below", "move"] }).notNull(),
    price: numeric("price", { precision: 38, scale: 18 }),
    percent: numeric("percent", { precision: 38, scale: 18 }),
    windowMinutes: integer("window_minutes"),
    status: text("status", { enum: ["armed", "fired"] })
      .notNull()
      .default("armed"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    armedAt: timestamp("armed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The price when it was armed: where a move is measured from until its window has passed. */
    armedPrice: numeric("armed_price", { precision: 38, scale: 18 }).notNull(),
    firedAt: timestamp("fired_at", { withTimezone: true }),
    firedPrice: numeric("fired_price", { precision: 38, scale: 18 }),
  },
  (t) => [
    index("price_alerts_user_idx").on(t.userId, t.id),
    index("price_alerts_armed_idx").on(t.status, t.code),
  ],
);
