// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { CONTRACT_TYPES } from "./contract-types.ts";
import { formDecimal } from "./form-decimal.ts";
import { morePageQuery } from "./pagination.ts";

/** A decimal quantity or price as a string, never a float. */
export const decimalField = (requiredKey: string) =>
  formDecimal(
    z
      .union([z.string(), z.number()], { error: requiredKey })
      .transform((v) => String(v).trim())
      .pipe(
        z
          .string()
          .min(1, { error: requiredKey, abort: true })
          .regex(/^\d{1,15}(\.\d{1,18})?$/, { error: "trading.number_invalid", abort: true })
          .refine((v) => /[1-9]/.test(v), { error: "trading.number_positive" }),
      ),
  );

export const optionalDecimal = formDecimal(
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .regex(/^\d{1,15}(\.\d{1,18})?$/, { error: "trading.number_invalid", abort: true })
        .refine((v) => /[1-9]/.test(v), { error: "trading.number_positive" }),
    ),
).optional();

export const sideField = z.enum(["buy", "sell"], { error: "trading.side_required" });
export const orderTypeField = z.enum(["market", "limit"], { error: "trading.type_required" });

// ------------------------------------------------------------------ requests
// Each body once: the /api routes validate with these, and the trade screen's forms are built
// from them (app/features/trade/forms.ts), so a rule cannot differ between the page and the platform.

export const instrumentCodeField = z
  .string({ error: "validation.required" })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{1,12}\/[a-z0-9]{1,12}$/, { error: "market.unknown_instrument" });

/** One instrument: /contract/info, and the market's order book, trades and candles. */
export const instrumentQuery = z.object({ code: instrumentCodeField });

/** Whole 1–1000; the instrument's own maximum is checked by the platform. */
export const leverageField = z.coerce
  .number({ error: "trading.leverage_required" })
  .int({ error: "trading.leverage_required" })
  .min(1, { error: "trading.leverage_required" })
  .max(1000, { error: "trading.leverage_required" });

/** Ids are 32-bit in the database: a larger one is simply not found (not a failed query). */
export const tradeIdField = z.coerce
  .number({ error: "validation.required" })
  .int()
  .positive({ error: "validation.required" })
  .max(2 ** 31 - 1, { error: "errors.not_found" });

export const contractOrderBody = z.object({
  code: instrumentCodeField,
  contract_type: z.enum(CONTRACT_TYPES, { error: "validation.invalid_option" }).default("perpetual"),
  type: orderTypeField.default("market"),
  side: sideField,
  quantity: decimalField("trading.quantity_required"),
  leverage: leverageField,
  price: optionalDecimal,
  take_profit: optionalDecimal,
  stop_loss: optionalDecimal,
});

export const spotOrderBody = z.object({
  code: instrumentCodeField,
  type: orderTypeField.default("market"),
  side: sideField,
  quantity: decimalField("trading.quantity_required"),
  price: optionalDecimal,
});

/** Closing part of a position: the quantity (empty closes all). */
export const closePositionBody = z.object({ position_id: tradeIdField, quantity: optionalDecimal });

/** Setting or changing TP/SL: an empty field clears it. */
export const tpslBody = z.object({
  position_id: tradeIdField,
  take_profit: optionalDecimal,
  stop_loss: optionalDecimal,
});

export const orderIdBody = z.object({ id: tradeIdField });

export const positionSchema = z
  .object({
    id: z.number().int(),
    order_id: z
      .number()
      .int()
      .meta({ description: "The order that opened it (its details: /trade/order?id=)" }),
    code: z.string(),
    contract_type: z.string(),
    expiry: z.string().nullable(),
    side: z.enum(["buy", "sell"]),
    quantity: z.string().meta({ description: "Held now (0 once closed)" }),
    closed_quantity: z
      .string()
      .meta({ description: "Closed so far, over every close (a closed position's size)" }),
    entry_price: z.string(),
    mark_price: z.string().nullable(),
    leverage: z.number().int(),
    margin: z.string(),
    pnl: z.string().nullable().meta({ description: "Floating PnL at the mark price" }),
    roe: z.string().nullable().meta({ description: "PnL / margin, percent" }),
    liquidation_price: z.string(),
    take_profit: z.string().nullable(),
    stop_loss: z.string().nullable(),
    status: z.string(),
    realized_pnl: z.string(),
    fees: z.string(),
    funding: z.string(),
    close_price: z.string().nullable(),
    opened_at: z.string(),
    closed_at: z.string().nullable(),
  })
  .meta({ id: "Position" });
export type PositionView = z.infer<typeof positionSchema>;

export const orderSchema = z
  .object({
    id: z.number().int(),
    market: z.enum(["spot", "contract"]),
    code: z.string(),
    contract_type: z.string().nullable(),
    side: z.enum(["buy", "sell"]),
    type: z.enum(["market", "limit"]),
    price: z.string().nullable(),
    quantity: z.string(),
    leverage: z.number().int().nullable(),
    take_profit: z.string().nullable(),
    stop_loss: z.string().nullable(),
    status: z.enum(["open", "filled", "cancelled"]),
    filled_quantity: z.string().meta({ description: "How much has filled so far (partial fills)" }),
    fill_price: z.string().nullable().meta({ description: "Average price of the fills so far" }),
    fee: z.string(),
    frozen: z.string(),
    fill_tick_time: z.number().nullable().meta({ description: "Time (ms) of the price tick the fill used" }),
    position_id: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Order" });
export type OrderView = z.infer<typeof orderSchema>;

/** One order (the order details screen). */
export const tradeIdQuery = z.object({ id: tradeIdField });

/** A page of orders: the pending ones (open) or the filled and cancelled (history). */
export const ordersQuery = morePageQuery.extend({ status: z.enum(["open", "history"]).default("open") });
