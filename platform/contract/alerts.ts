import { z } from "zod";
import { messageKey } from "./message-key.ts";
import { decimalField } from "./trading.ts";

/**
 * Price alerts: "BTC/USDT rises to 100,000", "falls to 90,000", or "moves 5 % within an hour".
 * One definition for the form and the API.
 */
export const ALERT_KINDS = ["above", "below", "move"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** The windows a move is measured over, in minutes. */
export const ALERT_WINDOWS = [15, 60, 240] as const;
/** How many alerts a customer may have armed at once. */
export const MAX_ARMED_ALERTS = 20;
/** A move alert's percentage: from half a percent to 100 %. */
export const MOVE_PERCENT = { min: "0.5", max: "100" } as const;

export const alertInput = z
  .object({
    code: z
      .string({ error: "alerts.code_required" })
      .trim()
      .toLowerCase()
      .min(1, { error: "alerts.code_required" }),
    kind: z.enum(ALERT_KINDS, { error: "alerts.kind_required" }),
    price: decimalField("alerts.price_required").optional(),
    percent: decimalField("alerts.percent_required").optional(),
    window: z.coerce
      .number({ error: "alerts.window_invalid" })
      .int()
      .refine((v) => (ALERT_WINDOWS as readonly number[]).includes(v), { error: "alerts.window_invalid" })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== "move" && !value.price)
      ctx.addIssue({ code: "custom", path: ["price"], message: "alerts.price_required" });
    if (value.kind === "move") {
      if (!value.percent)
        ctx.addIssue({ code: "custom", path: ["percent"], message: "alerts.percent_required" });
      else if (
        Number(value.percent) < Number(MOVE_PERCENT.min) ||
        Number(value.percent) > Number(MOVE_PERCENT.max)
      )
        ctx.addIssue({
          code: "custom",
          path: ["percent"],
          message: messageKey("alerts.percent_range", {
            minimum: MOVE_PERCENT.min,
            maximum: MOVE_PERCENT.max,
          }),
        });
    }
  });
export type AlertInput = z.infer<typeof alertInput>;

export const alertIdInput = z.object({
  id: z.coerce
    .number({ error: "alerts.not_found" })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const alertSchema = z
  .object({
    id: z.number().int(),
    code: z.string().meta({ example: "btc/usdt" }),
    kind: z.enum(ALERT_KINDS),
    price: z.string().nullable().meta({ description: "The level (above, below)" }),
    percent: z.string().nullable().meta({ description: "The move, in % (move)" }),
    window: z.number().int().nullable().meta({ description: "The move's window, in minutes" }),
    status: z.enum(["armed", "fired"]),
    created_at: z.string(),
    fired_at: z.string().nullable(),
    fired_price: z.string().nullable().meta({ description: "The price that set it off" }),
  })
  .meta({ id: "PriceAlert" });
export type AlertView = z.infer<typeof alertSchema>;
