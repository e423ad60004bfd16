// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { CONTRACT_TYPES } from "./contract-types.ts";
import { INTERVALS } from "./intervals.ts";
import { instrumentCodeField, instrumentQuery } from "./trading.ts";

export { INTERVAL_MS, INTERVALS, type Interval } from "./intervals.ts";

const decimal = z.string().meta({ description: "Decimal string" });

export const instrumentSchema = z
  .object({
    code: z.string().meta({ example: "btc/usdt" }),
    base: z.string(),
    quote: z.string(),
    price_precision: z.number().int(),
    amount_precision: z.number().int(),
    status: z.enum(["active", "paused"]),
  })
  .meta({ id: "Instrument" });
export type InstrumentView = z.infer<typeof instrumentSchema>;

/** The `price` channel's data (spec §3: code, price, cnyPrice) with the 24 h figures. */
export const tickerSchema = z
  .object({
    code: z.string(),
    price: decimal,
    cnyPrice: decimal.meta({ description: "price × the USDT→CNY rate, 4 decimals" }),
    change: decimal.meta({ description: "24 h change in percent" }),
    high: decimal,
    low: decimal,
    volume: decimal.meta({ description: "24 h volume in the base coin" }),
    time: z.number().int().meta({ description: "ms since epoch of this price" }),
  })
  .meta({ id: "Ticker" });
export type Ticker = z.infer<typeof tickerSchema>;

const level = z.object({
  price: decimal,
  totalSize: decimal.meta({ description: "Quantity at this level, 3 decimals" }),
  total: decimal.meta({ description: "Cumulative quantity from the best price to this level" }),
});
export const depthSchema = z
  .object({
    code: z.string(),
    contract_type: z.enum(CONTRACT_TYPES).optional().meta({
      description: "A contract's book (absent: the spot market's), which contract orders fill against",
    }),
    expiry: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The delivery contract's expiry (ISO 8601); null for the perpetual" }),
    asks: z.array(level),
    bids: z.array(level),
    time: z.number().int(),
  })
  .meta({ id: "Depth" });
export type Depth = z.infer<typeof depthSchema>;
export type DepthLevel = z.infer<typeof level>;

export const tradeSchema = z
  .object({
    price: decimal,
    amount: decimal,
    direction: z.enum(["buy", "sell"]),
    time: z.number().int(),
  })
  .meta({ id: "Trade" });
export type Trade = z.infer<typeof tradeSchema>;

export const candleSchema = z
  .object({
    time: z.number().int().meta({ description: "Open time, seconds since epoch" }),
    open: decimal,
    high: decimal,
    low: decimal,
    close: decimal,
    volume: decimal,
  })
  .meta({ id: "Candle" });
export type Candle = z.infer<typeof candleSchema>;

// ------------------------------------------------------------------ requests

/** A market's book, or with `contract_type` the book of that contract trading now. */
export const depthQuery = instrumentQuery.extend({
  contract_type: z.enum(CONTRACT_TYPES, { error: "market.unknown_contract" }).optional().meta({
    description: "A contract's book instead of the spot market's (weekly, quarterly: the one trading now)",
  }),
});
/** Its recent trades, at most 50 (30 unless asked). */
export const marketTradesQuery = instrumentQuery.extend({
  limit: z.coerce.number().int().min(1).max(50).default(30),
});
/** Its candles: an interval, at most 1,000 (300 unless asked), ending before `before` (seconds). */
export const klineQuery = instrumentQuery.extend({
  interval: z.enum(INTERVALS).default("1h"),
  limit: z.coerce.number().int().min(1).max(1000).default(300),
  before: z.coerce.number().int().positive().optional(),
});
/** Starring (on) or unstarring an instrument; a form's "on"/"off" and JSON's true/false both work. */
export const favoriteBody = z.object({
  code: instrumentCodeField,
  on: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off"])])
    .transform((v) => v === true || v === "true" || v === "1" || v === "on"),
});
