// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { KYC_STATES } from "./identity.ts";

/** Identity verification (spec §2, §4): the primary and the advanced level. */
export const KYC_LEVELS = ["primary", "advanced"] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];
export const DOCUMENT_TYPES = ["id_card", "passport", "driving_licence"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Uploads: images only (JPEG, PNG, WebP, checked by content), at most 2 MB (spec: "File exceeds 2M"). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/**
 * An image field of a multipart body. Empty or over 2 MB is refused while the body is validated,
 * so nothing is stored (spec: "File exceeds 2M"); the platform checks the content after
 * (checkImage in platform/uploads).
 */
export const imageField = z
  .file({ error: "uploads.required" })
  .min(1, { error: "uploads.required" })
  .max(UPLOAD_MAX_BYTES, { error: "uploads.too_large" })
  .meta({ type: "string", format: "binary", description: "JPEG, PNG or WebP, at most 2 MB" } as never);

/** An uploaded image by its id (/user/upload; the console's /admin/kyc/document and /admin/support/attachment). */
export const uploadIdQuery = z.object({ id: z.string().meta({ description: "The upload's id" }) });

export const realNameField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(80, { error: "validation.too_long?maximum=80" })
  .regex(/^[^\p{C}<>0-9]+$/u, { error: "kyc.name_invalid" });

/** Spec: "Id card: non-empty". Spaces and dashes are ignored; letters are upper-cased. */
export const idNumberField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .transform((v) => v.replace(/[\s-]/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{4,30}$/, { error: "kyc.id_number_invalid" }));

export const countryField = z
  .string({ error: "kyc.country_invalid" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: "kyc.country_invalid" });

export const documentTypeField = z.enum(DOCUMENT_TYPES, { error: "kyc.document_type_invalid" });

export const kycLevelSchema = z.object({
  status: z.enum(KYC_STATES),
  reason: z.string().nullable().meta({ description: "Why it was rejected" }),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});

export const kycStatusSchema = z
  .object({
    primary: kycLevelSchema.extend({
      real_name: z.string().meta({ description: "Masked" }),
      id_number: z.string().meta({ description: "Masked: the last 4 characters" }),
      country: z.string(),
      document_type: z.string(),
    }),
    advanced: kycLevelSchema.extend({
      can_submit: z.boolean().meta({ description: "Open only once primary is authenticated" }),
    }),
  })
  .meta({ id: "KycStatus" });
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** Primary verification: name, ID number, country and document type. */
export const primaryBody = z.object({
  real_name: realNameField,
  id_number: idNumberField,
  country: countryField.meta({ description: "ISO 3166-1 alpha-2, e.g. SG" }),
  document_type: documentTypeField,
});

/** Advanced verification (multipart): the ID's front, its back, and a photo holding it. */
export const advancedBody = z.object({ front: imageField, back: imageField, holding: imageField });
