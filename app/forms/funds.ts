import { exchangeBody, fiatRechargeBody, quoteBody, transferBody } from "../../platform/contract/wallet.ts";
import { validator } from "./validate.ts";

/**
 * The wallet screens' forms (recharge, transfer, exchange), shared by each route's action
 * (always) and its component (lazily, when JavaScript runs), built from the platform's request
 * bodies (platform/contract/wallet.ts); the platform checks everything again. The withdrawal
 * screen's are in app/features/withdraw/forms.ts.
 */
export const fiatRechargeForm = fiatRechargeBody;

export const transferForm = transferBody.refine((v) => v.from !== v.to, {
  error: "wallet.same_wallet",
  path: ["to"],
});

/** The desk is the page's own (/exchange or /bossex), not a field of the form. */
export const quoteForm = quoteBody
  .omit({ desk: true })
  .refine((v) => v.from !== v.to, { error: "wallet.same_coin", path: ["to"] });

export const convertForm = exchangeBody;

/** Client-side validators, loaded lazily by the wallet screens (see useLazyValidator). */
export const validators = {
  fiat: validator(fiatRechargeForm),
  transfer: validator(transferForm),
  quote: validator(quoteForm),
};
