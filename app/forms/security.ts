import { z } from "zod";
import {
  addressBookBody,
  fundChangeFields,
  fundConfirmed,
  fundSetBody,
  googleCodeBody,
  loginPasswordBody,
  loginVerifyBody,
  nicknameBody,
  paymentMethodBody,
} from "../../platform/contract/security.ts";
import { validator } from "./validate.ts";

/**
 * The security screens' forms (fund and login password, Google, two-factor, address book, payment
 * methods, nickname), shared by each route's action (always) and its component (when JavaScript
 * runs), built from the platform's request bodies (platform/contract/security.ts); the security
 * centre's bind forms are in app/features/security/forms.ts.
 * `google_code` is optional there: the page shows it once Google Authenticator is bound, and the
 * platform requires it then.
 */
export const fundSetForm = fundSetBody;

/**
 * Changing: with the old fund password, or with a code sent to the account's e-mail or phone. The
 * API takes either set of fields; the page asks for one (`by`) and requires what it asked for.
 */
const { old_password, code, channel, ...fundChangeRest } = fundChangeFields.shape;
export const fundChangeForm = fundConfirmed(
  z.discriminatedUnion("by", [
    z.object({ by: z.literal("old"), old_password: old_password.unwrap(), ...fundChangeRest }),
    z.object({ by: z.literal("code"), channel: channel.unwrap(), code: code.unwrap(), ...fundChangeRest }),
  ]),
);

export const loginPasswordForm = loginPasswordBody;

export const googleForm = googleCodeBody;
/** The sign-in's second step: the code (the ticket is the page's own, kept by the server). */
export const twoFactorForm = loginVerifyBody.pick({ code: true });

export const addressBookForm = addressBookBody;

export const paymentMethodForm = paymentMethodBody;

export const nicknameForm = nicknameBody;

/** Client-side validators, loaded lazily by the screens (see useLazyValidator). */
export const validators = {
  fundSet: validator(fundSetForm),
  fundChange: validator(fundChangeForm),
  loginPassword: validator(loginPasswordForm),
  google: validator(googleForm),
  twoFactor: validator(twoFactorForm),
  addressBook: validator(addressBookForm),
  paymentMethod: validator(paymentMethodForm),
  nickname: validator(nicknameForm),
};
