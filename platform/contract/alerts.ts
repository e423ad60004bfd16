// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { ALERT_KINDS, ALERT_WINDOWS, MOVE_PERCENT } from "./alert-kinds.ts";
import { messageKey } from "./message-key.ts";
import { decimalField } from "./trading.ts";

export * from "./alert-kinds.ts";

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
            minimum_percent: MOVE_PERCENT.min,
            maximum_percent: MOVE_PERCENT.max,
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
