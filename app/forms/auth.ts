import { z } from "zod";
import {
  areaCodeField,
  codeField,
  confirmed,
  emailField,
  inviteField,
  passwordField,
  phoneField,
} from "../../platform/contract/identity.ts";
import { validator } from "./validate.ts";

/**
 * The account forms' schemas, shared by each route's action (always) and its component (when
 * JavaScript runs). Field rules come from the platform's contract, so both sides agree.
 */
export const addressForm = z.discriminatedUnion("type", [
  z.object({ type: z.literal("email"), email: emailField }),
  z.object({ type: z.literal("phone"), area_code: areaCodeField, phone: phoneField }),
]);

export const loginForm = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("email"),
    account: emailField,
    password: z.string({ error: "validation.required" }),
    redirectTo: z.string().optional(),
  }),
  z.object({
    type: z.literal("phone"),
    area_code: areaCodeField,
    account: phoneField,
    password: z.string({ error: "validation.required" }),
    redirectTo: z.string().optional(),
  }),
]);

export const registerStartForm = addressForm.and(
  z.object({
    invite_code: inviteField,
    agree: z.literal("on", { error: "identity.agree_terms" }),
    redirectTo: z.string().optional(),
  }),
);

export const codeForm = z.object({ code: codeField });

export const newPasswordForm = confirmed(
  z.object({ password: passwordField, password_confirmation: z.string({ error: "validation.required" }) }),
);

export const resetStartForm = addressForm;

/** Client-side validators, loaded lazily by the account screens (see useLazyValidator). */
export const validators = {
  login: validator(loginForm),
  registerStart: validator(registerStartForm),
  code: validator(codeForm),
  newPassword: validator(newPasswordForm),
  resetStart: validator(resetStartForm),
};
