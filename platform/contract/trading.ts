// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";

/** A decimal quantity or price as a string, never a float. */
export const decimalField = (requiredKey: string) =>
  z
    .union([z.string(), z.number()], { error: requiredKey })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, { error: requiredKey })
        .regex(/^\d{1,15}(\.\d{1,18})?$/, { error: "trading.number_invalid" })
        .refine((v) => /[1-9]/.test(v), { error: "trading.number_positive" }),
    );

export const optionalDecimal = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,15}(\.\d{1,18})?$/, { error: "trading.number_invalid" })
      .refine((v) => /[1-9]/.test(v), { error: "trading.number_positive" }),
  )
  .optional();

export const sideField = z.enum(["buy", "sell"], { error: "trading.side_required" });
export const orderTypeField = z.enum(["market", "limit"], { error: "trading.type_required" });

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
