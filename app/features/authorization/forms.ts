import { agentBindBody, agentMessageBody } from "../../../platform/contract/referral.ts";
import { validator } from "../../forms/validate.ts";

/** Becoming an agent (/authorization): the platform's own bodies (platform/contract/referral.ts). */
export const agentMessageForm = agentMessageBody;
export const agentBindForm = agentBindBody;

export const validators = { message: validator(agentMessageForm), bind: validator(agentBindForm) };
