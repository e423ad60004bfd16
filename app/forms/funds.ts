import { z } from "zod";
import { amountField, coinField } from "../../platform/contract/wallet.ts";
import { validator } from "./validate.ts";

/**
 * The wallet screens' forms (recharge, withdraw, transfer, exchange), shared by each route's
 * action (always) and its component (lazily, when JavaScript runs). Field rules come from the
 * platform's contract; the platform checks everything again.
 */
const networkField = z
  .string({ error: "validation.required" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, { error: "wallet.network_unknown" });

const walletField = z.enum(["spot", "contract"], { error: "validation.invalid_option" });

export const fiatRechargeForm = z.object({
  method: z.enum(["bank", "ewallet"], { error: "wallet.fiat_method" }),
  amount: amountField,
  reference: z.string().trim().max(100, { error: "validation.too_long?maximum=100" }).optional(),
});

/** The amount alone, to work out what arrives before committing (a page without JavaScript). */
export const withdrawPreviewForm = z.object({ coin: coinField, network: networkField, amount: amountField });

export const withdrawForm = withdrawPreviewForm.extend({
  address: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(120, { error: "validation.too_long?maximum=120" }),
  memo: z.string().trim().max(64, { error: "validation.too_long?maximum=64" }).optional(),
  payment_password: z.string({ error: "validation.required" }).min(1, { error: "validation.required" }),
  google_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: "security.google_code_format" })
    .optional(),
});

/** A fiat withdrawal: USDT paid out to one of the customer's saved payment methods. */
export const fiatWithdrawForm = z.object({
  payment_method_id: z.coerce
    .number({ error: "wallet.payment_method_unknown" })
    .int({ error: "wallet.payment_method_unknown" })
    .positive({ error: "wallet.payment_method_unknown" }),
  amount: amountField,
  payment_password: withdrawForm.shape.payment_password,
  google_code: withdrawForm.shape.google_code,
});

export const transferForm = z
  .object({ coin: coinField, from: walletField, to: walletField, amount: amountField })
  .refine((v) => v.from !== v.to, { error: "wallet.same_wallet", path: ["to"] });

export const quoteForm = z
  .object({ from: coinField, to: coinField, amount: amountField })
  .refine((v) => v.from !== v.to, { error: "wallet.same_coin", path: ["to"] });

export const convertForm = z.object({ quote_id: z.uuid({ error: "wallet.quote_expired" }) });

/** Client-side validators, loaded lazily by the wallet screens (see useLazyValidator). */
export const validators = {
  fiat: validator(fiatRechargeForm),
  withdraw: validator(withdrawForm),
  fiatWithdraw: validator(fiatWithdrawForm),
  transfer: validator(transferForm),
  quote: validator(quoteForm),
};
