import { boolean, index, integer, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** A tradable pair (base/quote), its display precision and whether it is listed. */
export const instruments = pgTable("instruments", {
  code: text("code").primaryKey(),
  base: text("base").notNull(),
  quote: text("quote").notNull(),
  pricePrecision: integer("price_precision").notNull(),
  amountPrecision: integer("amount_precision").notNull().default(3),
  status: text("status", { enum: ["active", "paused"] })
    .notNull()
    .default("active"),
  sort: integer("sort").notNull().default(0),
  /** Whether the simulator's coin is one of the spec's eight tracked coins. */
  tracked: boolean("tracked").notNull().default(false),
  /** The simulator starts near this price the first time (a real recent level). */
  simPrice: numeric("sim_price").notNull(),
  /** Annualised volatility of the simulator's random walk (0.6 = 60 %). */
  simVolatility: numeric("sim_volatility").notNull(),
  /** The symbol on Binance (e.g. BTCUSDT), for MARKET_FEED=binance. */
  binanceSymbol: text("binance_symbol").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Candles per instrument and interval; `openTime` is the interval's start. */
export const klines = pgTable(
  "klines",
  {
    code: text("code").notNull(),
    interval: text("interval").notNull(),
    openTime: timestamp("open_time", { withTimezone: true }).notNull(),
    open: numeric("open").notNull(),
    high: numeric("high").notNull(),
    low: numeric("low").notNull(),
    close: numeric("close").notNull(),
    volume: numeric("volume").notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.interval, t.openTime] })],
);

/** Markets a signed-in user starred (anonymous visitors keep theirs in a cookie). */
export const favorites = pgTable(
  "favorites",
  {
    userId: integer("user_id").notNull(),
    code: text("code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] }), index("favorites_user_idx").on(t.userId)],
);
