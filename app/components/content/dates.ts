import { LANGUAGE_INFO, type Lang } from "../../../platform/contract/languages.ts";

const tag = (lang: string) => LANGUAGE_INFO[lang as Lang]?.tag ?? "en";

/**
 * Dates are formatted in UTC: the page is rendered on the server, which does not know the
 * reader's time zone, and the browser must show the same text when it takes the page over.
 */
export function formatDate(iso: string, lang: string) {
  return new Intl.DateTimeFormat(tag(lang), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
}

export function formatDateTime(iso: string, lang: string) {
  return new Intl.DateTimeFormat(tag(lang), {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));
}
