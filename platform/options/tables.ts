import {
  bigint,
  bigserial,
  boolean,
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

/** A timed contract: an instrument and a period, its odds, its fee and its bet limits. */
export const optionProducts = pgTable(
  "option_products",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    periodSeconds: integer("period_seconds").notNull(),
    /** Profit rate on a win: 0.85 pays the stake back plus 85 %. */
    odds: amount("odds").notNull(),
    /** Fee on a bet, as a rate of its amount. */
    feeRate: amount("fee_rate").notNull(),
    minAmount: amount("min_amount").notNull(),
    maxAmount: amount("max_amount").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("option_products_unique").on(t.code, t.periodSeconds)],
);

/**
 * The tick log: every price the feed published for instruments with timed contracts. Rounds are
 * decided from it alone, and it is public, so anyone can recompute any result.
 */
export const priceTicks = pgTable(
  "price_ticks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    code: text("code").notNull(),
    price: amount("price").notNull(),
    /** The feed's time of the price (ms since epoch). */
    time: bigint("time", { mode: "number" }).notNull(),
  },
  (t) => [index("price_ticks_code_time").on(t.code, t.time)],
);

/** A finished round: the two ticks that decided it and its result. */
export const optionRounds = pgTable(
  "option_rounds",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").notNull(),
    periodNo: text("period_no").notNull(),
    startTime: bigint("start_time", { mode: "number" }).notNull(),
    endTime: bigint("end_time", { mode: "number" }).notNull(),
    openTickId: bigint("open_tick_id", { mode: "number" }),
    openPrice: amount("open_price"),
    openTickTime: bigint("open_tick_time", { mode: "number" }),
    closeTickId: bigint("close_tick_id", { mode: "number" }),
    closePrice: amount("close_price"),
    closeTickTime: bigint("close_tick_time", { mode: "number" }),
    result: text("result", { enum: ["up", "down", "level", "void"] }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("option_rounds_once").on(t.productId, t.startTime),
    index("option_rounds_product").on(t.productId, t.startTime),
  ],
);

/** A bet on a round: pending until the round ends, then won, lost, or refunded (level / void). */
export const optionBets = pgTable(
  "option_bets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    productId: integer("product_id").notNull(),
    code: text("code").notNull(),
    periodNo: text("period_no").notNull(),
    roundStart: bigint("round_start", { mode: "number" }).notNull(),
    roundEnd: bigint("round_end", { mode: "number" }).notNull(),
    direction: text("direction", { enum: ["up", "down"] }).notNull(),
    amount: amount("amount").notNull(),
    fee: amount("fee").notNull(),
    odds: amount("odds").notNull(),
    status: text("status", { enum: ["pending", "win", "loss", "level", "void"] })
      .notNull()
      .default("pending"),
    payout: amount("payout").notNull().default("0"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("option_bets_user").on(t.userId, t.createdAt),
    index("option_bets_pending").on(t.status, t.roundEnd),
  ],
);
