import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** Mining pools, staking and lock-up: a coin, a daily rate, a pool, purchase limits, a lock. */
export const earnProducts = pgTable(
  "earn_products",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["mining", "staking", "lockup"] }).notNull(),
    coin: text("coin").notNull(),
    /** i18n key of the product's name (earn:products.<key>). */
    nameKey: text("name_key").notNull(),
    dailyRate: amount("daily_rate").notNull(),
    poolTotal: amount("pool_total").notNull(),
    poolRemaining: amount("pool_remaining").notNull(),
    minPurchase: amount("min_purchase").notNull(),
    maxPurchase: amount("max_purchase").notNull(),
    /** 0: flexible (exit any time); else the lock in days. */
    lockDays: integer("lock_days").notNull().default(0),
    /** Share of the principal kept when a locked product is left early. */
    earlyExitPenalty: amount("early_exit_penalty").notNull().default("0"),
    status: text("status", { enum: ["active", "paused", "ended"] })
      .notNull()
      .default("active"),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("earn_products_name").on(t.nameKey)],
);

/** A customer's participation in a product (spec: time, amount, cumulative income, state). */
export const earnParticipations = pgTable(
  "earn_participations",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    productId: integer("product_id").notNull(),
    coin: text("coin").notNull(),
    amount: amount("amount").notNull(),
    dailyRate: amount("daily_rate").notNull(),
    lockDays: integer("lock_days").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    status: text("status", { enum: ["participating", "exited"] })
      .notNull()
      .default("participating"),
    income: amount("income").notNull().default("0"),
    penalty: amount("penalty").notNull().default("0"),
    exitedAt: timestamp("exited_at", { withTimezone: true }),
  },
  (t) => [index("earn_participations_user").on(t.userId, t.status)],
);

/** Income paid for one day of one participation (or of the daily-interest wallet): once only. */
export const earnIncome = pgTable(
  "earn_income",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    /** A participation's id, or null for the daily-interest wallet. */
    participationId: integer("participation_id"),
    source: text("source", { enum: ["product", "fortune"] }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    coin: text("coin").notNull(),
    base: amount("base").notNull(),
    amount: amount("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("earn_income_product_once").on(t.participationId, t.day),
    // The wallet's once-a-day rule only: product rows are once per participation (above).
    uniqueIndex("earn_income_fortune_once").on(t.userId, t.day).where(sql`${t.source} = 'fortune'`),
    index("earn_income_user").on(t.userId, t.day),
  ],
);

/** Settings an operator changes: the daily-interest rate and the first-participation reward. */
export const earnSettings = pgTable("earn_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * One-time rewards (the daily-interest wallet's first-participation reward): once per user.
 * Pending while the customer holds the minimum for the holding period (`vestsAt`); lapsed if the
 * balance falls below it first (a later deposit reaching it starts the period again); then paid.
 */
export const earnRewards = pgTable(
  "earn_rewards",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    kind: text("kind").notNull(),
    amount: amount("amount").notNull(),
    status: text("status", { enum: ["pending", "lapsed", "paid"] })
      .notNull()
      .default("paid"),
    vestsAt: timestamp("vests_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("earn_rewards_once").on(t.userId, t.kind),
    index("earn_rewards_vesting").on(t.status, t.vestsAt),
  ],
);

/** Daily check-in rewards from the web home: one per user and calendar day (UTC). */
export const dailyCheckins = pgTable(
  "daily_checkins",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    streak: integer("streak").notNull(),
    amount: amount("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("daily_checkins_once").on(t.userId, t.day)],
);

/** Launchpad projects: a new token sold for USDT while live, delivered by an operator at the end. */
export const launchpadProjects = pgTable("launchpad_projects", {
  id: serial("id").primaryKey(),
  token: text("token").notNull(),
  name: text("name").notNull(),
  /** i18n key of the description (earn:launchpad.<key>). */
  descriptionKey: text("description_key").notNull(),
  price: amount("price").notNull(),
  totalSupply: amount("total_supply").notNull(),
  remaining: amount("remaining").notNull(),
  minPerUser: amount("min_per_user").notNull(),
  maxPerUser: amount("max_per_user").notNull(),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  deliveredAt: timestamp("delivered_at", { withTimezone: true }),
});

export const launchpadSubscriptions = pgTable(
  "launchpad_subscriptions",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id").notNull(),
    userId: integer("user_id").notNull(),
    paid: amount("paid").notNull(),
    tokens: amount("tokens").notNull(),
    status: text("status", { enum: ["subscribed", "delivered"] })
      .notNull()
      .default("subscribed"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("launchpad_subscriptions_user").on(t.userId),
    index("launchpad_subscriptions_project").on(t.projectId),
  ],
);
