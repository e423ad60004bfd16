import { z } from "zod";
import { CONTRACT_TYPES } from "../../platform/contract/contract-types.ts";
import { decimalField, optionalDecimal, sideField } from "../../platform/contract/trading.ts";
import { validator } from "./validate.ts";

/**
 * The trade screen's forms, shared by its action (always) and its component (lazily, when
 * JavaScript runs). Field rules and messages are the platform's (spec §5: price, quantity and
 * leverage must not be empty, each with its own message); the platform checks everything again,
 * with the instrument's minimum, step, maximum leverage and the balance.
 */
const codeField = z
  .string({ error: "validation.required" })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{1,12}\/[a-z0-9]{1,12}$/, { error: "market.unknown_instrument" });

const leverageField = z.coerce
  .number({ error: "trading.leverage_required" })
  .int({ error: "trading.leverage_required" })
  .min(1, { error: "trading.leverage_required" });

const idField = z.coerce
  .number({ error: "validation.required" })
  .int()
  .positive({ error: "validation.required" });

/**
 * A limit order needs its price; a market order fills at the best price and has none. A union on
 * the type (not a refinement) so that an empty price is reported with the other empty fields.
 */
const priced = <T extends z.ZodRawShape>(shape: T) =>
  z.discriminatedUnion(
    "type",
    [
      z.object({ ...shape, type: z.literal("market"), price: optionalDecimal }),
      z.object({ ...shape, type: z.literal("limit"), price: decimalField("trading.price_required") }),
    ],
    { error: "trading.type_required" },
  );

export const contractOrderForm = priced({
  code: codeField,
  contract_type: z.enum(CONTRACT_TYPES, { error: "validation.invalid_option" }),
  side: sideField,
  quantity: decimalField("trading.quantity_required"),
  leverage: leverageField,
  take_profit: optionalDecimal,
  stop_loss: optionalDecimal,
});

export const spotOrderForm = priced({
  code: codeField,
  side: sideField,
  quantity: decimalField("trading.quantity_required"),
});

/** Closing part of a position: the quantity (empty closes all). */
export const closeForm = z.object({ position_id: idField, quantity: optionalDecimal });

/** Setting or changing TP/SL: an empty field clears it. */
export const tpslForm = z.object({
  position_id: idField,
  take_profit: optionalDecimal,
  stop_loss: optionalDecimal,
});

export type ContractOrder = z.infer<typeof contractOrderForm>;
export type SpotOrder = z.infer<typeof spotOrderForm>;

/** Client-side validators, loaded lazily by the trade screen (see useLazyValidator). */
export const validators = {
  contract: validator(contractOrderForm),
  spot: validator(spotOrderForm),
  close: validator(closeForm),
  tpsl: validator(tpslForm),
};
