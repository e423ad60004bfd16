import { isValidPhoneNumber } from "libphonenumber-js/max";
import type { CodePurpose } from "../contract/identity.ts";
import type { Lang } from "../contract/languages.ts";
import type { Deps } from "../http/context.ts";
import { fieldError } from "../http/errors.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import type { Notifier } from "../notify/index.ts";
import type { CodeTarget } from "./codes.ts";

// What the identity modules share (service, security, sign-in, oidc, wallet): kept below them all
// so none of them needs another to get at it.

export type IdentityDeps = Deps & { notifier: Notifier; limiter: RateLimiter };
export type ClientInfo = { ip: string; userAgent: string; lang: Lang };

/** An address a code can be sent to: an e-mail, or a phone with its dial code. */
export type Address = { type: "email"; email: string } | { type: "phone"; areaCode: string; phone: string };

export function e164(areaCode: string, phone: string) {
  return `+${areaCode}${phone.replace(/^0+/, "")}`;
}

/** The code target of an address; a phone must be a real number for its dial code. */
export function targetOf(address: Address, purpose: CodePurpose, field = "phone"): CodeTarget {
  if (address.type === "email") return { channel: "email", address: address.email, purpose };
  const number = e164(address.areaCode, address.phone);
  if (!isValidPhoneNumber(number)) throw fieldError(field, "identity.phone_invalid");
  return { channel: "sms", address: number, purpose };
}
