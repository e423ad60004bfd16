// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { areaCodeField, codeField, emailField, passwordField, phoneField } from "./identity.ts";
import { imageField } from "./kyc.ts";
import { ALL_NETWORKS, COINS } from "./networks.ts";

/**
 * The security centre's shared fields and answers: the fund password (spec §5: 8–20 letters and
 * digits with at least one of each; "fund password entered twice is inconsistent"), Google
 * Authenticator codes (6 digits), the anti-phishing code, withdrawal addresses and payment methods.
 */
export const FUND_PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,20}$/;

export const fundPasswordField = z
  .string({ error: "validation.required" })
  .min(1, { error: "validation.required" })
  .regex(FUND_PASSWORD_RULE, { error: "security.fund_password_rule" });

/** A fund password being checked (not chosen): any non-empty value, at most 128 characters. */
export const fundPasswordEntry = z
  .string({ error: "validation.required" })
  .min(1, { error: "validation.required" })
  .max(128, { error: "security.fund_password_wrong" });

export const googleCodeField = z
  .string({ error: "validation.required" })
  .trim()
  .regex(/^\d{6}$/, { error: "security.google_code_format" });

export const antiPhishingField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .regex(/^[A-Za-z0-9_]{4,20}$/, { error: "security.anti_phishing_rule" });

export const nicknameField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(20, { error: "validation.too_long?maximum=20" })
  .regex(/^[^\p{C}<>]+$/u, { error: "validation.invalid_format" });

/** Adds "both entries must match" for the new fund password (spec: "…entered twice is inconsistent"). */
export function fundConfirmed<T extends { new_pay_pwd: string; new_pay_pwd_confirmation: string }>(
  schema: z.ZodType<T>,
) {
  return schema.refine((v) => v.new_pay_pwd === v.new_pay_pwd_confirmation, {
    error: "security.fund_password_differ",
    path: ["new_pay_pwd_confirmation"],
  });
}

export const coinField = z.enum(COINS, { error: "security.coin_invalid" });
export const networkField = z.enum(ALL_NETWORKS, { error: "security.network_invalid" });

export const addressField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(120, { error: "security.address_invalid" });

export const remarkField = z
  .string()
  .trim()
  .max(40, { error: "validation.too_long?maximum=40" })
  .regex(/^[^\p{C}<>]*$/u, { error: "validation.invalid_format" })
  .optional();

export const idField = z.coerce
  .number({ error: "validation.invalid_integer" })
  .int({ error: "validation.invalid_integer" })
  .min(1, { error: "errors.not_found" })
  .max(2 ** 31 - 1, { error: "errors.not_found" });

export const loginEventSchema = z
  .object({
    id: z.number().int(),
    method: z.string(),
    success: z.boolean(),
    reason: z.string().nullable(),
    device: z.string(),
    ip: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "LoginEvent" });
export type LoginEventView = z.infer<typeof loginEventSchema>;

export const readinessSchema = z
  .object({
    phone_bound: z.boolean(),
    primary_verified: z.boolean(),
    fund_password_set: z.boolean(),
    google_bound: z.boolean(),
    locked_until: z
      .string()
      .nullable()
      .meta({ description: "Withdrawals are locked until then after a security change (24 h), or null" }),
  })
  .meta({ id: "WithdrawalReadiness" });
export type Readiness = z.infer<typeof readinessSchema>;

export const securityOverviewSchema = z
  .object({
    email: z.string(),
    phone: z.string(),
    area_code: z.string(),
    login_password_set: z.boolean(),
    fund_password_set: z.boolean(),
    google_bound: z.boolean(),
    anti_phishing_code: z.string().meta({ description: "Shown in every e-mail we send; empty when unset" }),
    withdrawal: readinessSchema,
  })
  .meta({ id: "SecurityOverview" });
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const googleSetupSchema = z
  .object({
    bound: z.boolean(),
    secret: z.string().meta({ description: "The key to back up (base32); empty once bound" }),
    otpauth_url: z.string(),
    qr_svg: z.string().meta({ description: "The otpauth URL as a QR code (SVG markup)" }),
  })
  .meta({ id: "GoogleSetup" });
export type GoogleSetup = z.infer<typeof googleSetupSchema>;

export const withdrawalAddressSchema = z
  .object({
    id: z.number().int(),
    coin: z.string(),
    network: z.string(),
    address: z.string(),
    remark: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "WithdrawalAddress" });
export type WithdrawalAddressView = z.infer<typeof withdrawalAddressSchema>;

export const PAYMENT_KINDS = ["bank", "ewallet"] as const;
export const paymentMethodSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(PAYMENT_KINDS),
    holder: z.string(),
    provider: z.string(),
    account: z.string().meta({ description: "Masked: only the last 4 characters are shown" }),
    branch: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "PaymentMethod" });
export type PaymentMethodView = z.infer<typeof paymentMethodSchema>;

export const twoFactorSchema = z
  .object({
    two_factor: z.object({
      type: z.literal("google"),
      ticket: z.string().meta({ description: "Send it with the code to /login/verify (5 minutes, 5 tries)" }),
    }),
  })
  .meta({ id: "TwoFactorRequired" });
export type TwoFactorRequired = z.infer<typeof twoFactorSchema>;

// ------------------------------------------------------------------ requests
// Each body once: the /api routes validate with these, and the security screens' forms are built
// from them (app/forms/security.ts), so a rule cannot differ between the page and the platform.

/** Asked for by every security change once Google Authenticator is bound. */
export const optionalGoogleCode = googleCodeField
  .optional()
  .meta({ description: "Required once Google Authenticator is bound" });
export const channelField = z.enum(["email", "sms"], { error: "validation.invalid_option" });
const confirmation = z.string({ error: "validation.required" });

export const sendCodeBody = z.object({ channel: channelField });

export const fundSetBody = fundConfirmed(
  z.object({
    new_pay_pwd: fundPasswordField,
    new_pay_pwd_confirmation: confirmation,
    google_code: optionalGoogleCode,
  }),
);

/** Changing the fund password: with `old_password`, or with `code` and the `channel` it went to. */
export const fundChangeFields = z.object({
  old_password: fundPasswordEntry.optional(),
  code: codeField.optional(),
  channel: channelField.optional(),
  new_pay_pwd: fundPasswordField,
  new_pay_pwd_confirmation: confirmation,
  google_code: optionalGoogleCode,
});
export const fundChangeBody = fundConfirmed(fundChangeFields);

export const loginPasswordBody = z
  .object({
    old_login_pwd: z.string().max(128).optional(),
    new_login_pwd: passwordField,
    new_login_pwd_confirmation: confirmation,
    google_code: optionalGoogleCode,
  })
  .refine((v) => v.new_login_pwd === v.new_login_pwd_confirmation, {
    error: "identity.passwords_differ",
    path: ["new_login_pwd_confirmation"],
  });

export const googleCodeBody = z.object({ google_code: googleCodeField });

/** The sign-in's second step: the ticket of the first and the authenticator's code. */
export const loginVerifyBody = z.object({
  ticket: z.string({ error: "validation.required" }).min(1, { error: "validation.required" }).max(200),
  code: googleCodeField,
});

export const bindEmailBody = z.object({
  email: emailField,
  code: codeField,
  google_code: optionalGoogleCode,
});
export const bindPhoneBody = z.object({
  area_code: areaCodeField,
  phone: phoneField,
  code: codeField,
  google_code: optionalGoogleCode,
});

export const antiPhishingSetBody = z.object({
  anti_phishing_code: antiPhishingField,
  google_code: optionalGoogleCode,
});
/** Setting the code, or clearing it (`clear`). */
export const antiPhishingBody = z.union([
  antiPhishingSetBody,
  z.object({ clear: z.union([z.literal("1"), z.literal(true)]), google_code: optionalGoogleCode }),
]);

export const addressBookBody = z.object({
  coin: coinField,
  network: networkField,
  address: addressField,
  remark: remarkField,
  payment_password: fundPasswordEntry,
  google_code: optionalGoogleCode,
});

/** Holder, provider, branch: printable text, no markup. */
const paymentText = (max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(max, { error: `validation.too_long?maximum=${max}` })
    .regex(/^[^\p{C}<>]+$/u, { error: "validation.invalid_format" });

export const paymentMethodBody = z.object({
  kind: z.enum(PAYMENT_KINDS, { error: "validation.invalid_option" }),
  holder: paymentText(80),
  provider: paymentText(60),
  account: paymentText(40).pipe(
    z.string().regex(/^[A-Za-z0-9@._+\- ]{4,40}$/, { error: "security.account_invalid" }),
  ),
  branch: paymentText(80).optional(),
  payment_password: fundPasswordEntry,
  google_code: optionalGoogleCode,
});

export const idBody = z.object({ id: idField });
export const nicknameBody = z.object({ name: nicknameField });
/** A new avatar (multipart). */
export const avatarBody = z.object({ avatar: imageField });

/** The latest sign-ins: how many (1–100, 20 by default). */
export const loginHistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
/** The address book, of one coin with `coin`. */
export const addressBookQuery = z.object({ coin: coinField.optional() });
