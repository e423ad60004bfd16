// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";

/**
 * Login and fund passwords: 8–20 characters with at least one letter and one digit. The spec
 * gives two readings for the login password (at least 6, or this rule); we take this one because
 * money is at stake, because it is the rule users already meet for the fund password, and
 * because login throttling alone cannot make six characters safe against a leaked hash.
 */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;
export const passwordField = z
  .string({ error: "validation.required" })
  .min(1, { error: "validation.required" })
  .regex(PASSWORD_RULE, { error: "identity.password_rule" });

export const emailField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(254)
  .pipe(z.email({ error: "validation.invalid_email" }))
  .transform((e) => e.toLowerCase());

export const areaCodeField = z
  .string({ error: "validation.required" })
  .trim()
  .regex(/^\+?\d{1,4}$/, { error: "identity.area_code_invalid" })
  .transform((a) => a.replace(/^\+/, ""));

/** National number: spaces, dashes and brackets are ignored; the spec only asks non-empty. */
export const phoneField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .transform((p) => p.replace(/[\s\-().]/g, ""))
  .pipe(z.string().regex(/^\d{4,15}$/, { error: "identity.phone_invalid" }));

export const codeField = z
  .string({ error: "validation.required" })
  .trim()
  .regex(/^\d{6}$/, { error: "identity.code_format" });

export const inviteField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,12}$/, { error: "identity.invite_invalid" })
  .optional();

/** An Ethereum address, any letter case (EIP-55 checksums are not required). */
export const walletAddressField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: "identity.wallet_address_invalid" });

/** A wallet's signature (personal_sign): 65 bytes in hex, or longer for some wallets. */
export const walletSignatureField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .regex(/^0x[0-9a-fA-F]{128,1000}$/, { error: "identity.wallet_signature_invalid" });

/**
 * What a code is for: registration, password reset, binding a new e-mail or phone, confirming a
 * withdrawal, and `security` (a code to the account's own address for a security change, e.g.
 * changing a forgotten fund password).
 */
export const CODE_PURPOSES = ["register", "reset", "bind", "withdraw", "security"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** Adds the "both entries must match" rule (spec: "the two passwords entered differ"). */
export function confirmed<T extends { password: string; password_confirmation: string }>(
  schema: z.ZodType<T>,
) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    error: "identity.passwords_differ",
    path: ["password_confirmation"],
  });
}

export const KYC_STATES = ["unauthenticated", "pending", "authenticated", "rejected"] as const;
export type KycState = (typeof KYC_STATES)[number];

export const userSchema = z
  .object({
    id: z.number().int(),
    uid: z.string().meta({ description: "Public user number, quoted to support" }),
    account: z.string().meta({ description: "The e-mail or phone the user signs in with" }),
    area_code: z.string(),
    phone: z.string(),
    email: z.string(),
    name: z.string().meta({ description: "Nickname" }),
    avatar: z.string(),
    authentication: z
      .object({ primary: z.enum(KYC_STATES), advanced: z.enum(KYC_STATES) })
      .meta({ description: "Identity verification state of both levels" }),
    fund_password_set: z.boolean(),
    google_bound: z.boolean().meta({ description: "Google Authenticator is bound" }),
    anti_phishing_set: z.boolean(),
    invite_code: z.string(),
    kind: z.enum(["user", "agent"]),
    wallet_address: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z
  .object({
    id: z.string(),
    device: z.string(),
    ip: z.string(),
    method: z.string(),
    created_at: z.string(),
    last_seen_at: z.string(),
    current: z.boolean(),
  })
  .meta({ id: "Session" });
export type SessionView = z.infer<typeof sessionSchema>;

/** The number a customer is known by (`uid`): the account id counted from 10,000,000. */
export function uidOf(id: number) {
  return String(10_000_000 + id);
}

// ------------------------------------------------------------------ requests (wallet sign-in)
// Each body once: /api/wallet/message and /wallet/login (and the agent binding in referral.ts)
// validate with these, and the web forms are built from them (app/forms/wallet.ts, agent.ts).

/** The EIP-155 chain id the wallet signs for (1, Ethereum, unless the wallet says another). */
export const chainIdField = z.coerce
  .number({ error: "validation.invalid_integer" })
  .int({ error: "validation.invalid_integer" })
  .min(1, { error: "validation.invalid_integer" })
  .max(2 ** 53 - 1, { error: "validation.invalid_integer" })
  .default(1);

/** The EIP-4361 message as issued, sent back signed. */
export const signedMessageField = z
  .string({ error: "validation.required" })
  .min(1, { error: "validation.required" })
  .max(2000, { error: "validation.too_long?maximum=2000" });

export const walletMessageBody = z.object({ address: walletAddressField, chain_id: chainIdField });
export const walletLoginBody = z.object({ message: signedMessageField, signature: walletSignatureField });

// ------------------------------------------------------------------ requests (accounts)
// Each body once: /api/captcha, /send_email, /check_code, /register, /login and
// /user/reset_login_pwd validate with these (platform/identity/routes.ts), and the account forms
// are built from them (app/forms/auth.ts).

/** The e-mail or the phone (with its dial code) a form names, by its `type`. */
export const addressBody = z.discriminatedUnion("type", [
  z.object({ type: z.literal("email"), email: emailField }),
  z.object({ type: z.literal("phone"), area_code: areaCodeField, phone: phoneField }),
]);
export type AddressBody = z.infer<typeof addressBody>;

/** The key an SMS code was sent with (the spec's clients send it back with the code). */
const captchaKeyField = z.string().max(64).optional();
const codePurposeField = z.enum(CODE_PURPOSES);

/** A phone sent with its `area_code`: national as the forms take it, or whole with a typed `+`. */
const dialledPhoneField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .transform((p) => p.replace(/[\s\-().]/g, ""))
  .pipe(z.string().regex(/^\+?\d{4,15}$/, { error: "identity.phone_invalid" }));

/**
 * A phone as the spec's clients send it, without `area_code`: national, or whole with its `+`,
 * which an unencoded URL turns into one leading space (" 6591234567" is "+6591234567").
 */
export const loosePhoneField = z
  .string({ error: "validation.required" })
  .transform((p) => p.replace(/^ (?=\d)/, "+"))
  .pipe(dialledPhoneField);

/**
 * The leading space is read as a lost `+` only without `area_code`: with it (the web forms, the
 * spec's clients never send it) it is a typed space, trimmed as the forms trim it, so
 * " 90935644" with area_code 65 is 90935644 and not the number +90935644.
 */
export const captchaQuery = z
  .object({
    phone: z.string({ error: "validation.required" }).meta({
      description: "National (with area_code), or whole as +<country code><number>",
    }),
    area_code: areaCodeField.optional(),
    key_str: captchaKeyField,
    type: codePurposeField.default("register"),
  })
  .check((ctx) => {
    const parsed = (ctx.value.area_code === undefined ? loosePhoneField : dialledPhoneField).safeParse(
      ctx.value.phone,
    );
    if (parsed.success) {
      ctx.value.phone = parsed.data;
      return;
    }
    for (const issue of parsed.error.issues) {
      ctx.issues.push({ code: "custom", message: issue.message, path: ["phone"], input: ctx.value.phone });
    }
  });

export const sendEmailBody = z.object({ email: emailField, type: codePurposeField });

/** The code step of the multi-step forms. */
export const codeBody = z.object({ code: codeField });
export const checkCodeBody = addressBody.and(
  codeBody.extend({ purpose: codePurposeField, captcha_key: captchaKeyField }),
);

/** A new login password, entered twice (wrap the object in `confirmed`). */
export const newPasswordFields = z.object({
  password: passwordField,
  password_confirmation: z.string({ error: "validation.required" }),
});

/** Agreement to the terms (spec: required): a ticked box ("on") or JSON true. */
export const agreeField = z
  .union([z.literal(true), z.literal("true"), z.literal("on"), z.literal("1"), z.literal(1)], {
    error: "identity.agree_terms",
  })
  .meta({ description: "Agreement to the terms (spec: required)" });

/** What the first screen of registration asks besides the address. */
export const registerStartFields = z.object({ invite_code: inviteField, agree: agreeField });

export const registerBody = confirmed(
  addressBody.and(
    registerStartFields.extend({
      ...codeBody.shape,
      captcha_key: captchaKeyField,
      ...newPasswordFields.shape,
    }),
  ),
);

/** The e-mail or phone an account signs in with (a phone with its `area_code`). */
export const accountField = z.string({ error: "validation.required" }).trim().min(1).max(254);
/** A login password being checked (not chosen): any non-empty value, at most 128 characters. */
export const passwordEntry = z.string({ error: "validation.required" }).min(1).max(128);

export const loginBody = z.object({
  account: accountField,
  password: passwordEntry,
  area_code: areaCodeField.optional(),
});

export const resetPasswordBody = confirmed(
  z.object({
    account: accountField,
    area_code: areaCodeField.optional(),
    ...codeBody.shape,
    ...newPasswordFields.shape,
  }),
);

/** Ending one session by its id, or all the others. */
export const revokeSessionBody = z.union([
  z.object({ id: z.uuid({ error: "validation.invalid_format" }) }),
  z.object({ all_others: z.union([z.literal(true), z.literal("true"), z.literal("1"), z.literal("on")]) }),
]);

// ------------------------------------------------------------------ requests (Google, Apple)

export const OIDC_PROVIDERS = ["google", "apple"] as const;

const webUrl = z
  .url({ protocol: /^https?$/, error: "validation.invalid_format" })
  .max(2000, { error: "validation.invalid_format" });
const opaque = z.string({ error: "validation.required" }).min(1).max(200);
const providerField = z
  .string({ error: "validation.required" })
  .max(20)
  .meta({ description: `One of the configured providers: ${OIDC_PROVIDERS.join(", ")}` });

export const oauthStartBody = z.object({ provider: providerField, redirect_uri: webUrl });
export const oauthCallbackBody = z.object({
  provider: providerField,
  callback_url: webUrl,
  state: opaque,
  code_verifier: opaque,
  nonce: opaque,
  redirect_uri: webUrl,
});
