import { antiPhishingSetBody, bindEmailBody, bindPhoneBody } from "../../../platform/contract/security.ts";
import { validator } from "../../forms/validate.ts";

/**
 * The security centre's bind forms (e-mail, phone, anti-phishing code), shared by its action
 * (always) and its components (lazily, when JavaScript runs), built from the platform's request
 * bodies (platform/contract/security.ts). `google_code` is optional there: the page shows it once
 * Google Authenticator is bound, and the platform requires it then.
 */
export const bindEmailForm = bindEmailBody;
export const bindPhoneForm = bindPhoneBody;
/** "Send code" of the bind forms: the address alone. */
export const sendEmailForm = bindEmailForm.pick({ email: true });
export const sendPhoneForm = bindPhoneForm.pick({ area_code: true, phone: true });
export const antiPhishingForm = antiPhishingSetBody;

/** Client-side validators, loaded lazily by the bind forms (see useLazyValidator). */
export const validators = {
  bindEmail: validator(bindEmailForm),
  bindPhone: validator(bindPhoneForm),
  antiPhishing: validator(antiPhishingForm),
};
