import { z } from "zod";
import { walletAddressField, walletSignatureField } from "../../platform/contract/identity.ts";
import { validator } from "./validate.ts";

/** Wallet sign-in (/login/wallet): step 1 the address, step 2 the signed message. */
export const walletAddressForm = z.object({
  address: walletAddressField,
  chain_id: z.coerce.number().int().positive().optional(),
  redirectTo: z.string().optional(),
});

export const walletSignForm = z.object({
  message: z.string({ error: "validation.required" }),
  signature: walletSignatureField,
  redirectTo: z.string().optional(),
});

export const validators = { address: validator(walletAddressForm), sign: validator(walletSignForm) };
