import { z } from "zod";
import { walletAddressField, walletSignatureField } from "../../platform/contract/identity.ts";
import { agentCodeField } from "../../platform/contract/referral.ts";
import { validator } from "./validate.ts";

/** Becoming an agent (/authorization): step 1 the code and the address, step 2 the signature. */
export const agentMessageForm = z.object({
  code: agentCodeField,
  address: walletAddressField,
  chain_id: z.coerce.number().int().positive().optional(),
});

export const agentBindForm = z.object({
  code: agentCodeField,
  message: z.string({ error: "validation.required" }),
  signature: walletSignatureField,
});

export const validators = { message: validator(agentMessageForm), bind: validator(agentBindForm) };
