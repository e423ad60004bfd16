import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** Trading terms per instrument: leverage, maintenance margin, fees, quantity step. */
export const tradingParams = pgTable("trading_params", {
  code: text("code").primaryKey(),
  spotEnabled: boolean("spot_enabled").notNull().default(true),
  contractEnabled: boolean("contract_enabled").notNull().default(true),
  maxLeverage: integer("max_leverage").notNull(),
  maintenanceRate: amount("maintenance_rate").notNull(),
  makerFee: amount("maker_fee").notNull(),
  takerFee: amount("taker_fee").notNull(),
  spotFee: amount("spot_fee").notNull(),
  /** Smallest quantity and its step, in the base coin. */
  minQuantity: amount("min_quantity").notNull(),
  quantityStep: amount("quantity_step").notNull(),
  /**
   * The operator's limits on the platform's liquidity quotes in this market: how far outside the
   * reference feed's prices they sit (a fraction) and the most they show per price level (null:
   * the feed's size).
   */
  liquiditySpread: amount("liquidity_spread").notNull().default("0"),
  liquidityMaxSize: amount("liquidity_max_size"),
});

/**
 * Orders of both markets. A market order fills at once at the published best price; a limit
 * order rests (its funds frozen) until the mark price crosses it. `fillTick` is the price tick
 * the fill used (its time and price), so every fill can be checked against the feed.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    market: text("market", { enum: ["spot", "contract"] }).notNull(),
    code: text("code").notNull(),
    /** Contracts: perpetual, weekly or quarterly; null for spot. */
    contractType: text("contract_type"),
    expiry: timestamp("expiry", { withTimezone: true }),
    side: text("side", { enum: ["buy", "sell"] }).notNull(),
    type: text("type", { enum: ["market", "limit"] }).notNull(),
    price: amount("price"),
    quantity: amount("quantity").notNull(),
    leverage: integer("leverage"),
    takeProfit: amount("take_profit"),
    stopLoss: amount("stop_loss"),
    status: text("status", { enum: ["open", "filled", "cancelled"] })
      .notNull()
      .default("open"),
    /** What a resting order holds frozen (margin + fee, or the funds of a spot order). */
    frozen: amount("frozen").notNull().default("0"),
    /** How much has filled so far; `fillPrice` is the average price of those fills. */
    filledQuantity: amount("filled_quantity").notNull().default("0"),
    fillPrice: amount("fill_price"),
    fee: amount("fee").notNull().default("0"),
    fillTickTime: bigint("fill_tick_time", { mode: "number" }),
    positionId: integer("position_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.market, t.status),
    index("orders_open_idx").on(t.status, t.code).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * One fill of the order book: a taker order met a resting (maker) order at the maker's price. The
 * side that was the platform's liquidity account (quoting from the reference feed) has no order.
 */
export const trades = pgTable(
  "trades",
  {
    id: serial("id").primaryKey(),
    market: text("market", { enum: ["spot", "contract"] }).notNull(),
    code: text("code").notNull(),
    takerOrderId: integer("taker_order_id"),
    takerUserId: integer("taker_user_id"),
    makerOrderId: integer("maker_order_id"),
    makerUserId: integer("maker_user_id"),
    takerSide: text("taker_side", { enum: ["buy", "sell"] }).notNull(),
    price: amount("price").notNull(),
    quantity: amount("quantity").notNull(),
    takerFee: amount("taker_fee").notNull(),
    makerFee: amount("maker_fee").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("trades_taker_idx").on(t.takerOrderId),
    index("trades_maker_idx").on(t.makerOrderId),
    index("trades_code_idx").on(t.code, t.id),
  ],
);

/** The matching engine's batch counter per market kind: each batch takes the row's lock. */
export const engineState = pgTable("engine_state", {
  name: text("name").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull().default(0),
});

/**
 * The spot engine's log: each batch's inputs (rebuilds, liquidity quotes, commands) under the
 * engine counter it committed with, written in the batch's transaction; replaying it into a
 * fresh engine gives the same fills (platform/trading/engine/replay.ts).
 */
export const engineLog = pgTable("engine_log", {
  seq: bigint("seq", { mode: "number" }).primaryKey(),
  entry: jsonb("entry").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An open contract position: isolated margin, its own leverage and TP/SL. */
export const positions = pgTable(
  "positions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    orderId: integer("order_id").notNull(),
    code: text("code").notNull(),
    contractType: text("contract_type").notNull(),
    expiry: timestamp("expiry", { withTimezone: true }),
    side: text("side", { enum: ["buy", "sell"] }).notNull(),
    quantity: amount("quantity").notNull(),
    entryPrice: amount("entry_price").notNull(),
    leverage: integer("leverage").notNull(),
    margin: amount("margin").notNull(),
    takeProfit: amount("take_profit"),
    stopLoss: amount("stop_loss"),
    status: text("status", { enum: ["open", "closed", "liquidated"] })
      .notNull()
      .default("open"),
    realizedPnl: amount("realized_pnl").notNull().default("0"),
    fees: amount("fees").notNull().default("0"),
    funding: amount("funding").notNull().default("0"),
    closePrice: amount("close_price"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("positions_user_idx").on(t.userId, t.status),
    index("positions_open_idx").on(t.status, t.code).where(sql`${t.status} = 'open'`),
    index("positions_closed_at_idx").on(t.closedAt),
  ],
);

/** Each close of (part of) a position: why, at what price, its PnL and fee. */
export const positionCloses = pgTable(
  "position_closes",
  {
    id: serial("id").primaryKey(),
    positionId: integer("position_id").notNull(),
    userId: integer("user_id").notNull(),
    reason: text("reason", {
      enum: ["manual", "take_profit", "stop_loss", "liquidation", "delivery"],
    }).notNull(),
    quantity: amount("quantity").notNull(),
    price: amount("price").notNull(),
    pnl: amount("pnl").notNull(),
    fee: amount("fee").notNull(),
    tickTime: bigint("tick_time", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("position_closes_user_idx").on(t.userId, t.createdAt),
    index("position_closes_position_idx").on(t.positionId, t.createdAt),
  ],
);

/**
 * Funding paid or received by a position at one funding time: once per position and time.
 * `quantity` is what the position held at that time and `mark` the price it was charged at.
 */
export const fundingPayments = pgTable(
  "funding_payments",
  {
    id: serial("id").primaryKey(),
    positionId: integer("position_id").notNull(),
    fundingTime: timestamp("funding_time", { withTimezone: true }).notNull(),
    rate: amount("rate").notNull(),
    amount: amount("amount").notNull(),
    quantity: amount("quantity"),
    mark: amount("mark"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("funding_once").on(t.positionId, t.fundingTime)],
);

/**
 * An instrument's funding at one funding time, fixed by the first pass that reaches it: the mark
 * (the last price before that time, from the recorded candles; null when none was recorded in
 * the interval before, and then nobody pays) and the rate from the open interest at that time.
 */
export const fundingRounds = pgTable(
  "funding_rounds",
  {
    code: text("code").notNull(),
    fundingTime: timestamp("funding_time", { withTimezone: true }).notNull(),
    mark: amount("mark"),
    /** The end of the candle the mark was read from. */
    markTime: timestamp("mark_time", { withTimezone: true }),
    rate: amount("rate").notNull(),
    longNotional: amount("long_notional").notNull(),
    shortNotional: amount("short_notional").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.fundingTime] })],
);

/** Each funding time the job has reached; `completedAt` once every position open then was charged. */
export const fundingTimes = pgTable("funding_times", {
  fundingTime: timestamp("funding_time", { withTimezone: true }).primaryKey(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});
