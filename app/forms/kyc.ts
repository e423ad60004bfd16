import { z } from "zod";
import { primaryBody, UPLOAD_MAX_BYTES } from "../../platform/contract/kyc.ts";
import { validator } from "./validate.ts";

/** Identity verification forms (primary: details; advanced: three images; the avatar too). */
export const primaryForm = primaryBody;

/** An image field: checked for size here (spec: "File exceeds 2M"), for content by the platform. */
const image = z
  .file({ error: "uploads.required" })
  .refine((f) => f.size > 0, { error: "uploads.required" })
  .refine((f) => f.size <= UPLOAD_MAX_BYTES, { error: "uploads.too_large" });

export const advancedForm = z.object({ front: image, back: image, holding: image });
export const avatarForm = z.object({ avatar: image });

export const validators = {
  primary: validator(primaryForm),
  advanced: validator(advancedForm),
  avatar: validator(avatarForm),
};
