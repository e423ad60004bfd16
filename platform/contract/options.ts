// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { morePageQuery } from "./pagination.ts";
import { decimalField, instrumentCodeField } from "./trading.ts";

/**
 * The timed contracts' requests and answers (/api/option/…): the routes
 * (platform/options/routes.ts) validate and document with these, the timed screen's bet form is
 * the bet body, and the types in timed.ts are inferred from them.
 */

// ------------------------------------------------------------------ answers

export const optionProductSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    period_seconds: z.number().int(),
    odds: z.string(),
    fee_rate: z.string(),
    min_amount: z.string(),
    max_amount: z.string(),
  })
  .meta({ id: "OptionProduct" });

const optionRoundSpanSchema = z.object({ period_no: z.string(), start: z.string(), end: z.string() });

export const optionCurrentSchema = z.object({
  product: optionProductSchema,
  betting: optionRoundSpanSchema,
  running: optionRoundSpanSchema,
  last_price: z.string().nullable(),
  server_time: z.string(),
});

export const optionRoundSchema = z
  .object({
    product_id: z.number().int(),
    period_no: z.string(),
    start: z.string(),
    end: z.string(),
    open_price: z.string().nullable(),
    open_tick_id: z.number().nullable(),
    open_tick_time: z.string().nullable(),
    close_price: z.string().nullable(),
    close_tick_id: z.number().nullable(),
    close_tick_time: z.string().nullable(),
    result: z.enum(["up", "down", "level", "void"]),
  })
  .meta({ id: "OptionRound" });

export const optionBetSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    code: z.string(),
    period_no: z.string(),
    round_start: z.string(),
    round_end: z.string(),
    direction: z.enum(["up", "down"]),
    amount: z.string(),
    fee: z.string(),
    odds: z.string(),
    status: z.enum(["pending", "win", "loss", "level", "void"]),
    payout: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "OptionBet" });

/** A page of bets or rounds: newest first, and whether there are more. */
export const optionPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), page: z.number().int(), has_more: z.boolean() });

// ------------------------------------------------------------------ requests

// Ids are 32-bit in the database: a larger one is an unknown product, not a failed query.
export const productIdField = z.coerce
  .number()
  .int()
  .positive({ error: "options.product_unknown" })
  .max(2 ** 31 - 1, { error: "options.product_unknown" });

/** A time in ms since the epoch or ISO 8601, as ms. */
const timeField = z
  .union([z.coerce.number().int().positive(), z.iso.datetime({ offset: true })])
  .transform((v) => (typeof v === "number" ? v : Date.parse(v)));

export const optionProductsQuery = z.object({ code: instrumentCodeField.optional() });
export const optionProductQuery = z.object({ product_id: productIdField });

/**
 * A round's period number (YYYYMMDDHHmm, UTC). In a bet: the round the customer confirmed, no
 * longer taking bets if it is not a period number at all.
 */
export const periodNoField = z
  .string()
  .trim()
  .regex(/^\d{12}$/, { error: "options.round_closed" });

/**
 * A bet on the next round: up (bullish) or down (bearish), the amount, and the round it is for
 * (`period_no`, as the confirmation showed it). A bet for a round that no longer takes bets is
 * refused (409), never moved to the next one. Without `period_no` (clients older than it) the bet
 * joins the round taking bets when it arrives.
 */
export const optionBetBody = z.object({
  product_id: productIdField,
  direction: z.enum(["up", "down"], { error: "options.direction_required" }),
  amount: decimalField("options.amount_required"),
  period_no: periodNoField.optional().meta({
    description:
      "The round the bet is for (its period number, as /option/current's `betting` gives it). Refused with 409 once that round has started; without it the bet joins the round taking bets when it arrives.",
  }),
});

export const optionBetsQuery = morePageQuery.extend({
  status: z.enum(["pending", "settled"]).default("pending"),
});
export const optionResultsQuery = morePageQuery.extend({ product_id: productIdField });
export const optionRoundQuery = z.object({
  product_id: productIdField,
  period: z.string().regex(/^\d{12}$/, { error: "errors.not_found" }),
});
export const optionTicksQuery = z.object({ code: instrumentCodeField, from: timeField, to: timeField });
