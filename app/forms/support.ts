import { supportSendBody } from "../../platform/contract/support.ts";
import { validator } from "./validate.ts";

/** The customer's chat message: the platform's own rule (platform/contract/support.ts). */
export const supportForm = supportSendBody;

export const validators = { send: validator(supportForm) };
