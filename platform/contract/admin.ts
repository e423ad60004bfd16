// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { ADMIN_MAX, SITE_FIELD_MAX } from "./admin-limits.ts";
import { ADMIN_KYC_STATUSES } from "./kyc-states.ts";
import { messageKey } from "./message-key.ts";
import { ACADEMY_CATEGORIES } from "./posts.ts";

/** The operator console's request shapes, shared by /api/admin and the web console's forms. */
export const ADMIN_ROLES = ["support", "reviewer", "operator", "owner"] as const;
/** What a role may do in the console (admin/roles.ts says which role may what). */
export const ADMIN_PERMISSIONS = ["read", "review", "products", "operators", "chat"] as const;

const idField = z.coerce
  .number({ error: "validation.required" })
  .int()
  .positive({ error: "validation.required" })
  // Every id here is a 32-bit column: past it the query failed with a 500 (found by the form fuzz).
  .max(2 ** 31 - 1, { error: "errors.not_found" });
/** "Enter at most N characters", with N filled in. */
const tooLong = (maximum: number) => ({ error: messageKey("validation.too_long", { maximum }) });
const text = (max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(max, tooLong(max));
const optionalText = (max: number) => z.string().trim().max(max, tooLong(max)).optional();

export const adminLoginBody = z.object({
  email: text(200),
  password: text(200),
  code: z
    .string({ error: "validation.required" })
    .trim()
    .regex(/^\d{6}$/, { error: "admin.code_format" }),
});

export const adminIdBody = z.object({ id: idField });
export const adminIdQuery = z.object({ id: idField });
/** The KYC review's filter: verifications of one state, or all of them. */
export const adminKycQueueQuery = z.object({ status: z.enum(ADMIN_KYC_STATUSES).default("pending") });
/** Withdrawals waiting for review, or (all=1) the latest 100. */
export const adminWithdrawalQueueQuery = z.object({ all: z.enum(["0", "1"]).default("0") });
export const adminRejectBody = z.object({ id: idField, reason: text(ADMIN_MAX.reason) });
export const adminApproveWithdrawalBody = z.object({ id: idField, txid: optionalText(ADMIN_MAX.txid) });
export const adminSentBody = z.object({ id: idField, txid: text(ADMIN_MAX.txid) });

export const adminDepositBody = z.object({
  account: text(200),
  coin: text(20),
  amount: z
    .string({ error: "validation.required" })
    .trim()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, { error: "admin.amount_format" }),
  network: optionalText(30),
  txid: optionalText(ADMIN_MAX.txid),
});

/** A daily rate as a fraction (0.01 = 1 % a day): at most 1, at most 8 decimals. */
export const adminProductBody = z.object({
  id: idField,
  daily_rate: z
    .string({ error: "validation.required" })
    .trim()
    .regex(/^(0(\.\d{1,8})?|1(\.0{1,8})?)$/, { error: "admin.rate_format" }),
  status: z.enum(["active", "paused", "ended"], { error: "validation.invalid_type" }),
});

/** What the content editor edits: notices, academy articles, news, protocol pages (terms, privacy…) and banners. */
export const ADMIN_POST_KINDS = ["notice", "academy", "news", "protocol", "banner"] as const;
export type AdminPostKind = (typeof ADMIN_POST_KINDS)[number];
const postKind = z.enum(ADMIN_POST_KINDS, { error: "validation.invalid_type" }).default("notice");

export const adminNoticeListQuery = z.object({ kind: postKind });
export const adminNoticeQuery = z.object({ id: idField, lang: z.string().default("en"), kind: postKind });
export const adminNoticeBody = z
  .object({
    id: idField,
    kind: postKind,
    lang: text(5),
    title: text(ADMIN_MAX.title),
    summary: z.string().trim().max(ADMIN_MAX.summary, tooLong(ADMIN_MAX.summary)).default(""),
    body: z.string().trim().max(ADMIN_MAX.body, tooLong(ADMIN_MAX.body)).default(""),
  })
  // A banner has a title and a subtitle (summary) only; every post needs a body.
  .refine((b) => b.kind === "banner" || b.body.length > 0, { path: ["body"], error: "validation.required" });

/** Protocol pages the app links to (terms of use, privacy policy): edited, never unpublished. */
export const REQUIRED_POST_SLUGS: readonly string[] = ["terms", "privacy"];

/** Where a banner leads: a path on this site or an https page; "" for nowhere. */
const bannerLink = z
  .string()
  .trim()
  .max(ADMIN_MAX.link, tooLong(ADMIN_MAX.link))
  .regex(/^(|\/(?!\/)[^\s]*|https:\/\/[^\s]+)$/, { error: "admin.banner_link_format" })
  .default("");

/**
 * A new post, written in English and published at once (readers of other languages see the
 * English text until the editor adds theirs). Academy articles need a category; banners have a
 * title, a subtitle (summary) and a link, no body.
 */
export const adminPostCreateBody = z
  .object({
    kind: z.enum(ADMIN_POST_KINDS, { error: "validation.invalid_type" }),
    title: text(ADMIN_MAX.title),
    summary: z.string().trim().max(ADMIN_MAX.summary, tooLong(ADMIN_MAX.summary)).default(""),
    body: z.string().trim().max(ADMIN_MAX.body, tooLong(ADMIN_MAX.body)).default(""),
    category: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || (ACADEMY_CATEGORIES as readonly string[]).includes(v), {
        error: "admin.category_invalid",
      }),
    link: bannerLink,
  })
  .refine((b) => b.kind === "banner" || b.body.length > 0, { path: ["body"], error: "validation.required" })
  .refine((b) => b.kind !== "academy" || b.category !== "", {
    path: ["category"],
    error: "admin.category_invalid",
  });
export type AdminPostCreate = z.infer<typeof adminPostCreateBody>;

/** Unpublishing or publishing again: the post (or banner) and its kind. */
export const adminPostIdBody = z.object({ id: idField, kind: postKind });

/** A post as the console sees it: its English title and summary, and whether customers see it. */
export const adminPostSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ADMIN_POST_KINDS),
  slug: z.string().nullable(),
  category: z.string().nullable(),
  link: z.string().nullable().meta({ description: "Banners: where a tap leads" }),
  title: z.string().meta({ description: "In English" }),
  summary: z.string().meta({ description: "In English (a banner's subtitle)" }),
  published: z.boolean().meta({ description: "false: unpublished, customers no longer see it" }),
  published_at: z.string().meta({ description: "ISO 8601" }),
});
export type AdminPost = z.infer<typeof adminPostSchema>;

export const adminAuditQuery = z.object({
  operator: optionalText(200),
  action: optionalText(100),
  target: optionalText(100),
  from: z.iso.date({ error: "validation.invalid_type" }).optional().or(z.literal("")),
  to: z.iso.date({ error: "validation.invalid_type" }).optional().or(z.literal("")),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const adminOperatorCreateBody = z.object({
  email: text(200),
  role: z.enum(ADMIN_ROLES, { error: "admin.role_invalid" }),
});
export const adminOperatorUpdateBody = z.object({
  id: idField,
  role: z.enum(ADMIN_ROLES, { error: "admin.role_invalid" }).optional(),
  disabled: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .or(z.boolean())
    .optional(),
});

export const adminOperatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type AdminOperator = z.infer<typeof adminOperatorSchema>;

/** Rows of the console's lists: their fields are documented with each list. */
export const adminRows = z.array(z.record(z.string(), z.unknown()));

/** A customer search: part of an e-mail or phone, a UID, a wallet or deposit address. */
export const adminCustomerQuery = z.object({ q: z.string().trim().max(ADMIN_MAX.search).default("") });

/** A fee as a fraction (0.001 = 0.1 %): from 0 to 0.1, at most 8 decimals. */
const feeField = z
  .string({ error: "validation.required" })
  .trim()
  .regex(/^(0(\.\d{1,8})?|0?\.\d{1,8})$/, { error: "admin.fee_format" })
  .refine((v) => Number(v) <= 0.1, { error: "admin.fee_format" });

/** A whole number typed in a form (or sent as a JSON number) within [min, max]; "" is refused. */
const wholeNumber = (error: string, min: number, max: number) =>
  z.coerce
    .string()
    .trim()
    .regex(/^\d{1,4}$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });

export const adminInstrumentBody = z.object({
  code: text(30),
  status: z.enum(["active", "paused"], { error: "validation.invalid_type" }),
  price_precision: wholeNumber("admin.precision_format", 0, 10),
  max_leverage: wholeNumber("admin.leverage_format", 1, 200),
  maker_fee: feeField,
  taker_fee: feeField,
  spot_fee: feeField,
  /** How far outside the reference feed's prices the platform's liquidity quotes (a fraction). */
  liquidity_spread: z
    .string({ error: "validation.required" })
    .trim()
    .regex(/^(0(\.\d{1,8})?|0?\.\d{1,8})$/, { error: "admin.spread_format" })
    .refine((v) => Number(v) <= 0.1, { error: "admin.spread_format" })
    .optional(),
  /** The most the liquidity shows per price level, in the base coin; empty: no cap. */
  liquidity_max_size: z
    .string({ error: "admin.size_cap_format" })
    .trim()
    .regex(/^(\d{1,20}(\.\d{1,18})?)?$/, { error: "admin.size_cap_format" })
    .refine((v) => v === "" || Number(v) > 0, { error: "admin.size_cap_format" })
    .transform((v) => (v === "" ? null : v))
    .optional(),
});

const zeroOrMore = z
  .string({ error: "validation.required" })
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, { error: "admin.amount_format" });
const onOff = z
  .enum(["true", "false"], { error: "validation.invalid_type" })
  .transform((v) => v === "true")
  .or(z.boolean());

export const adminNetworkBody = z.object({
  coin: text(20),
  network: text(30),
  deposit_enabled: onOff,
  withdraw_enabled: onOff,
  min_deposit: zeroOrMore,
  withdraw_fee: zeroOrMore,
  min_withdraw: zeroOrMore,
});

/** A timed contract's terms: odds from 0 to 10 (0.85 pays the stake plus 85 %), fee, limits, order. */
export const adminTimedProductBody = z.object({
  id: idField,
  odds: z
    .string({ error: "validation.required" })
    .trim()
    .regex(/^\d{1,2}(\.\d{1,8})?$/, { error: "admin.odds_format" })
    .refine((v) => Number(v) > 0 && Number(v) <= 10, { error: "admin.odds_format" }),
  fee_rate: feeField,
  min_amount: zeroOrMore,
  max_amount: zeroOrMore,
  enabled: onOff,
  sort: wholeNumber("admin.sort_format", 0, 9999),
});

/** The daily-interest wallet: a daily rate as a fraction and the first-participation reward in USDT. */
export const adminFortuneBody = z.object({
  daily_rate: adminProductBody.shape.daily_rate,
  first_reward: zeroOrMore,
});

/** A moment typed in a form (datetime-local, read as UTC) or sent as an ISO date-time. */
const utcMoment = z
  .string({ error: "validation.required" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/, {
    error: "admin.date_format",
  })
  .transform((v) => new Date(/(Z|[+-]\d{2}:\d{2})$/.test(v) ? v : `${v}Z`))
  .refine((d) => !Number.isNaN(d.getTime()), { error: "admin.date_format" });

export const adminLaunchpadBody = z.object({
  id: idField,
  price: zeroOrMore,
  total_supply: zeroOrMore,
  min_per_user: zeroOrMore,
  max_per_user: zeroOrMore,
  starts_at: utcMoment,
  ends_at: utcMoment,
});

/** Where a site link may point: a path here, an https page or a mailto: address; "" for none. */
const siteLink = z
  .string()
  .trim()
  .max(ADMIN_MAX.link, tooLong(ADMIN_MAX.link))
  .regex(/^(|\/[^\s]*|https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/, { error: "admin.link_format" })
  .default("");
const siteEmail = z
  .string()
  .trim()
  .max(SITE_FIELD_MAX.contactemail, tooLong(SITE_FIELD_MAX.contactemail))
  .pipe(z.email({ error: "admin.email_invalid" }));

/** The site fields (name, contacts, links): one form, all at once. */
export const adminSiteBody = z.object({
  sitename: text(SITE_FIELD_MAX.sitename),
  contactemail: siteEmail,
  online_service: siteLink,
  opinionmail: siteEmail,
  servicephone: z
    .string()
    .trim()
    .max(SITE_FIELD_MAX.servicephone, tooLong(SITE_FIELD_MAX.servicephone))
    .default(""),
  software_link: siteLink,
});
