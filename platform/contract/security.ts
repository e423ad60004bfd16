// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
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
