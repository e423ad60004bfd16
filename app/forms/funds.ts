import {
  exchangeBody,
  fiatRechargeBody,
  fiatWithdrawSchema,
  quoteBody,
  transferBody,
  withdrawBody,
} from "../../platform/contract/wallet.ts";
import { validator } from "./validate.ts";

/**
 * The wallet screens' forms (recharge, withdraw, transfer, exchange), shared by each route's
 * action (always) and its component (lazily, when JavaScript runs), built from the platform's
 * request bodies (platform/contract/wallet.ts); the platform checks everything again.
 */
export const fiatRechargeForm = fiatRechargeBody;

/** The amount alone, to work out what arrives before committing (a page without JavaScript). */
export const withdrawPreviewForm = withdrawBody.pick({ coin: true, network: true, amount: true });

export const withdrawForm = withdrawBody;

/** A fiat withdrawal: USDT paid out to one of the customer's saved payment methods. */
export const fiatWithdrawForm = fiatWithdrawSchema;

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
  withdraw: validator(withdrawForm),
  fiatWithdraw: validator(fiatWithdrawForm),
  transfer: validator(transferForm),
  quote: validator(quoteForm),
};
