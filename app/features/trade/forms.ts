import { z } from "zod";
import {
  closePositionBody,
  contractOrderBody,
  decimalField,
  optionalDecimal,
  spotOrderBody,
  tpslBody,
} from "../../../platform/contract/trading.ts";
import { validator } from "../../forms/validate.ts";

/**
 * The trade screen's forms, shared by its action (always) and its component (lazily, when
 * JavaScript runs), built from the platform's request bodies (platform/contract/trading.ts): the
 * fields are the API's (spec §5: price, quantity and leverage must not be empty, each with its own
 * message); the platform checks everything again, with the instrument's minimum, step, maximum
 * leverage and the balance.
 */

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

const contractFields = contractOrderBody.omit({ type: true, price: true }).shape;
export const contractOrderForm = priced({
  ...contractFields,
  // The form asks for the contract type the API defaults to perpetual (the screen always sends one).
  contract_type: contractFields.contract_type.unwrap(),
});

export const spotOrderForm = priced(spotOrderBody.omit({ type: true, price: true }).shape);

export const closeForm = closePositionBody;
/** "Close part" names how much: sent empty, it is not a close of the whole position. */
export const closePartForm = closePositionBody.extend({ quantity: decimalField("validation.required") });
export const tpslForm = tpslBody;

export type ContractOrder = z.infer<typeof contractOrderForm>;
export type SpotOrder = z.infer<typeof spotOrderForm>;

/** Client-side validators, loaded lazily by the trade screen (see useLazyValidator). */
export const validators = {
  contract: validator(contractOrderForm),
  spot: validator(spotOrderForm),
  close: validator(closeForm),
  tpsl: validator(tpslForm),
};
