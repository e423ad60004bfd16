import { fiatWithdrawSchema, withdrawBody } from "../../../platform/contract/wallet.ts";
import { validator } from "../../forms/validate.ts";

/**
 * The withdrawal screen's forms, shared by its action (always) and its components (lazily, when
 * JavaScript runs), built from the platform's request bodies (platform/contract/wallet.ts); the
 * platform checks everything again.
 */

/** The amount alone, to work out what arrives before committing (a page without JavaScript). */
export const withdrawPreviewForm = withdrawBody.pick({ coin: true, network: true, amount: true });

export const withdrawForm = withdrawBody;

/** A fiat withdrawal: USDT paid out to one of the customer's saved payment methods. */
export const fiatWithdrawForm = fiatWithdrawSchema;

/** Client-side validators, loaded lazily by the withdrawal forms (see useLazyValidator). */
export const validators = {
  withdraw: validator(withdrawForm),
  fiatWithdraw: validator(fiatWithdrawForm),
};
