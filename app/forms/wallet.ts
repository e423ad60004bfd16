import { z } from "zod";
import { walletLoginBody, walletMessageBody } from "../../platform/contract/identity.ts";
import { validator } from "./validate.ts";

/**
 * Signing in with a wallet (/login-wallet): the platform's own bodies
 * (platform/contract/identity.ts), with where to go after (the page's own field).
 */
const redirectTo = z.string().optional();
export const walletAddressForm = walletMessageBody.extend({ redirectTo });
export const walletSignForm = walletLoginBody.extend({ redirectTo });

export const validators = { address: validator(walletAddressForm), sign: validator(walletSignForm) };
