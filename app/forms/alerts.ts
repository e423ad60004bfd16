import { alertInput } from "../../platform/contract/alerts.ts";
import { validator } from "./validate.ts";

/** The price-alert form's rules are the API's (platform/contract/alerts.ts), checked in the browser too. */
export const validators = { alert: validator(alertInput) };
