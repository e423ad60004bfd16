import type { SiteField } from "./content.ts";

/**
 * The console's text limits in characters: the console's bodies (admin.ts) refuse longer, and the
 * console's fields stop there. No zod here: the console's screens import it.
 */
export const ADMIN_MAX = {
  /** A rejection's reason, which the customer reads. */
  reason: 500,
  /** A transaction id. */
  txid: 200,
  /** What a customer search looks for (part of an e-mail or phone, a UID, an address). */
  search: 200,
  /** A post's title, summary and Markdown body, and a banner's link. */
  title: 200,
  summary: 500,
  body: 20_000,
  link: 300,
} as const;

/** Each site field's limit: the name, the phone, and the e-mail addresses and links. */
export const SITE_FIELD_MAX: Record<SiteField, number> = {
  sitename: 60,
  contactemail: 254,
  online_service: ADMIN_MAX.link,
  opinionmail: 254,
  servicephone: 40,
  software_link: ADMIN_MAX.link,
};
