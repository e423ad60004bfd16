import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { LANGUAGE_INFO, type Lang } from "../../platform/contract/languages.ts";
import type { RootData } from "../root.tsx";

// Every date on every screen, in the page's language (its real locale tag: `kr`, `tw` and `vn`
// are our codes, not locales) and the customer's time zone. The server knows the zone (the
// browser reports it in a cookie, or the customer chose one), so the page is rendered in it and
// the browser shows the same text when it takes the page over; with neither, UTC, labelled.

/**
 * Reports the browser's zone in the `tz` cookie, so the next page is rendered in it (and the
 * first page, rendered before the server knew it, shows UTC labelled as such).
 */
export const TIME_ZONE_SCRIPT = `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&document.cookie.indexOf("tz="+encodeURIComponent(z))<0)document.cookie="tz="+encodeURIComponent(z)+";path=/;max-age=31536000;samesite=lax"}catch(e){}`;

const tag = (lang: string) => LANGUAGE_INFO[lang as Lang]?.tag ?? "en";

/** A day: "Nov 25, 2026". */
export function formatDate(value: string | number, lang: string, timeZone: string) {
  return new Intl.DateTimeFormat(tag(lang), { dateStyle: "medium", timeZone }).format(new Date(value));
}

/** A day and a time to the minute, with the zone: "Nov 25, 2026, 20:14 GMT+8". */
export function formatDateTime(value: string | number, lang: string, timeZone: string) {
  return new Intl.DateTimeFormat(tag(lang), {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
    timeZoneName: "short",
  }).format(new Date(value));
}

/** A timestamp to the second (or millisecond), for orders and fills: "11/25/2026, 20:14:05 GMT+8". */
export function formatTimestamp(value: string | number, lang: string, timeZone: string, withMs = false) {
  return new Intl.DateTimeFormat(tag(lang), {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    ...(withMs ? { fractionalSecondDigits: 3 } : {}),
    hourCycle: "h23",
    timeZone,
    timeZoneName: "short",
  }).format(new Date(value));
}

/** A time of day to the second, for a trade tape: "20:14:05". */
export function formatTime(value: string | number, lang: string, timeZone: string) {
  return new Intl.DateTimeFormat(tag(lang), {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(new Date(value));
}

/** The customer's zone (root loader) and the formatters bound to it and the page's language. */
export function useDates() {
  const root = useRouteLoaderData<RootData>("root");
  const { i18n } = useTranslation();
  const zone = root?.timeZone ?? "UTC";
  const lang = i18n.language;
  return {
    zone,
    date: (value: string | number) => formatDate(value, lang, zone),
    dateTime: (value: string | number) => formatDateTime(value, lang, zone),
    timestamp: (value: string | number, withMs = false) => formatTimestamp(value, lang, zone, withMs),
    time: (value: string | number) => formatTime(value, lang, zone),
  };
}

/** A timestamp in the customer's zone, machine-readable too. */
export function Time({ value, ms = false }: { value: string | number; ms?: boolean }) {
  const dates = useDates();
  return <time dateTime={new Date(value).toISOString()}>{dates.timestamp(value, ms)}</time>;
}
