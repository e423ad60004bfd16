import { z } from "zod";
import {
  addressBody,
  areaCodeField,
  codeBody,
  confirmed,
  emailField,
  loginBody,
  newPasswordFields,
  phoneField,
  registerStartFields,
} from "../../platform/contract/identity.ts";
import { validator } from "./validate.ts";

/**
 * The account forms' schemas, shared by each route's action (always) and its component (when
 * JavaScript runs), built from the platform's request bodies (platform/contract/identity.ts) so
 * both sides agree. The forms ask in steps what the API takes in one body.
 */
export const addressForm = addressBody;

/** Signing in: the account is checked as an e-mail or a phone by the tab it was typed in. */
const password = loginBody.shape.password;
const redirectTo = z.string().optional();
export const loginForm = z.discriminatedUnion("type", [
  z.object({ type: z.literal("email"), account: emailField, password, redirectTo }),
  z.object({ type: z.literal("phone"), area_code: areaCodeField, account: phoneField, password, redirectTo }),
]);

export const registerStartForm = addressBody.and(registerStartFields.extend({ redirectTo }));

export const codeForm = codeBody;

export const newPasswordForm = confirmed(newPasswordFields);

export const resetStartForm = addressBody;

/** Client-side validators, loaded lazily by the account screens (see useLazyValidator). */
export const validators = {
  login: validator(loginForm),
  registerStart: validator(registerStartForm),
  code: validator(codeForm),
  newPassword: validator(newPasswordForm),
  resetStart: validator(resetStartForm),
};
