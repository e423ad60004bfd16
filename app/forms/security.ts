import { z } from "zod";
import {
  areaCodeField,
  codeField,
  emailField,
  passwordField,
  phoneField,
} from "../../platform/contract/identity.ts";
import {
  addressField,
  antiPhishingField,
  coinField,
  fundConfirmed,
  fundPasswordEntry,
  fundPasswordField,
  googleCodeField,
  networkField,
  nicknameField,
  PAYMENT_KINDS,
  remarkField,
} from "../../platform/contract/security.ts";
import { validator } from "./validate.ts";

/**
 * The security centre's forms, shared by each route's action (always) and its component (when
 * JavaScript runs); field rules come from the platform's contract. `google_code` is optional
 * here: the page shows it once Google Authenticator is bound, and the platform requires it then.
 */
const googleCode = googleCodeField.optional();
const confirmation = z.string({ error: "validation.required" });

export const fundSetForm = fundConfirmed(
  z.object({
    new_pay_pwd: fundPasswordField,
    new_pay_pwd_confirmation: confirmation,
    google_code: googleCode,
  }),
);

/** Changing: with the old fund password, or with a code sent to the account's e-mail or phone. */
export const fundChangeForm = fundConfirmed(
  z.discriminatedUnion("by", [
    z.object({
      by: z.literal("old"),
      old_password: fundPasswordEntry,
      new_pay_pwd: fundPasswordField,
      new_pay_pwd_confirmation: confirmation,
      google_code: googleCode,
    }),
    z.object({
      by: z.literal("code"),
      channel: z.enum(["email", "sms"]),
      code: codeField,
      new_pay_pwd: fundPasswordField,
      new_pay_pwd_confirmation: confirmation,
      google_code: googleCode,
    }),
  ]),
);

export const loginPasswordForm = z
  .object({
    old_login_pwd: z.string().max(128).optional(),
    new_login_pwd: passwordField,
    new_login_pwd_confirmation: confirmation,
    google_code: googleCode,
  })
  .refine((v) => v.new_login_pwd === v.new_login_pwd_confirmation, {
    error: "identity.passwords_differ",
    path: ["new_login_pwd_confirmation"],
  });

export const googleForm = z.object({ google_code: googleCodeField });
export const twoFactorForm = z.object({ code: googleCodeField });

export const bindEmailForm = z.object({ email: emailField, code: codeField, google_code: googleCode });
export const bindPhoneForm = z.object({
  area_code: areaCodeField,
  phone: phoneField,
  code: codeField,
  google_code: googleCode,
});
/** "Send code" of the bind forms: the address alone. */
export const sendEmailForm = bindEmailForm.pick({ email: true });
export const sendPhoneForm = bindPhoneForm.pick({ area_code: true, phone: true });
export const antiPhishingForm = z.object({ anti_phishing_code: antiPhishingField, google_code: googleCode });

export const addressBookForm = z.object({
  coin: coinField,
  network: networkField,
  address: addressField,
  remark: remarkField,
  payment_password: fundPasswordEntry,
  google_code: googleCode,
});

const text = (max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(max, { error: `validation.too_long?maximum=${max}` });

export const paymentMethodForm = z.object({
  kind: z.enum(PAYMENT_KINDS, { error: "validation.invalid_option" }),
  holder: text(80),
  provider: text(60),
  account: text(40).pipe(
    z.string().regex(/^[A-Za-z0-9@._+\- ]{4,40}$/, { error: "security.account_invalid" }),
  ),
  branch: z.string().trim().max(80).optional(),
  payment_password: fundPasswordEntry,
  google_code: googleCode,
});

export const nicknameForm = z.object({ name: nicknameField });

/** Client-side validators, loaded lazily by the screens (see useLazyValidator). */
export const validators = {
  fundSet: validator(fundSetForm),
  fundChange: validator(fundChangeForm),
  loginPassword: validator(loginPasswordForm),
  google: validator(googleForm),
  twoFactor: validator(twoFactorForm),
  bindEmail: validator(bindEmailForm),
  bindPhone: validator(bindPhoneForm),
  antiPhishing: validator(antiPhishingForm),
  addressBook: validator(addressBookForm),
  paymentMethod: validator(paymentMethodForm),
  nickname: validator(nicknameForm),
};
