import { advancedBody, primaryBody } from "../../platform/contract/kyc.ts";
import { avatarBody } from "../../platform/contract/security.ts";
import { validator } from "./validate.ts";

/**
 * Identity verification forms (primary: details; advanced: three images; the avatar too): the
 * platform's own bodies (platform/contract/kyc.ts, security.ts). Images are checked for size
 * here (spec: "File exceeds 2M"), for content by the platform.
 */
export const primaryForm = primaryBody;
export const advancedForm = advancedBody;
export const avatarForm = avatarBody;

export const validators = {
  primary: validator(primaryForm),
  advanced: validator(advancedForm),
  avatar: validator(avatarForm),
};
