import { useRouteLoaderData } from "react-router";
import { LANGUAGE_INFO, type Lang } from "../../platform/contract/languages.ts";
import { usePageLanguage } from "../hooks.ts";
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

// Making an Intl.DateTimeFormat costs far more than formatting with one (a trade tape or an
// order list formats dozens of times a render, on the server and on a slow phone): each is made
// once per language, zone and style, and kept. The zone comes from a cookie: the cache is
// bounded, so many visitors' zones cannot grow it without end.
const KEPT_FORMATTERS = 400;
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: string, lang: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${style}|${lang}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(tag(lang), { ...options, timeZone });
    if (formatters.size >= KEPT_FORMATTERS) formatters.clear();
    formatters.set(key, found);
  }
  return found;
}

/** A day: "Nov 25, 2026". */
export function formatDate(value: string | number, lang: string, timeZone: string) {
  return formatter("date", lang, timeZone, { dateStyle: "medium" }).format(new Date(value));
}

/** A day and a time to the minute, with the zone: "Nov 25, 2026, 20:14 GMT+8". */
export function formatDateTime(value: string | number, lang: string, timeZone: string) {
  return formatter("dateTime", lang, timeZone, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(new Date(value));
}

/** A timestamp to the second (or millisecond), for orders and fills: "11/25/2026, 20:14:05 GMT+8". */
export function formatTimestamp(value: string | number, lang: string, timeZone: string, withMs = false) {
  return formatter(withMs ? "timestampMs" : "timestamp", lang, timeZone, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    ...(withMs ? { fractionalSecondDigits: 3 } : {}),
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(new Date(value));
}

/** A time of day to the second, for a trade tape: "20:14:05". */
export function formatTime(value: string | number, lang: string, timeZone: string) {
  return formatter("time", lang, timeZone, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(new Date(value));
}

/** A time of day to the second, with the zone, for what lasts seconds (a quote): "20:14:05 GMT+8". */
export function formatClock(value: string | number, lang: string, timeZone: string) {
  return formatter("clock", lang, timeZone, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(new Date(value));
}

/** The customer's zone (root loader) and the formatters bound to it and the page's language. */
export function useDates() {
  const root = useRouteLoaderData<RootData>("root");
  const lang = usePageLanguage();
  const zone = root?.timeZone ?? "UTC";
  return {
    zone,
    date: (value: string | number) => formatDate(value, lang, zone),
    dateTime: (value: string | number) => formatDateTime(value, lang, zone),
    timestamp: (value: string | number, withMs = false) => formatTimestamp(value, lang, zone, withMs),
    time: (value: string | number) => formatTime(value, lang, zone),
    clock: (value: string | number) => formatClock(value, lang, zone),
  };
}

/** A timestamp in the customer's zone, machine-readable too. */
export function Time({ value, ms = false }: { value: string | number; ms?: boolean }) {
  const dates = useDates();
  return <time dateTime={new Date(value).toISOString()}>{dates.timestamp(value, ms)}</time>;
}
