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

/** The zones the settings offer (the markets our languages serve, then the world's main ones). */
export const TIME_ZONES = [
  "UTC",
  "Asia/Shanghai",
  "Asia/Hong_Kong",
  "Asia/Taipei",
  "Asia/Tokyo",
  "Asia/Seoul",
  "Asia/Singapore",
  "Asia/Ho_Chi_Minh",
  "Asia/Bangkok",
  "Asia/Jakarta",
  "Asia/Makassar",
  "Asia/Jayapura",
  "Asia/Manila",
  "Asia/Kolkata",
  "Asia/Dubai",
  "Europe/Moscow",
  "Europe/Istanbul",
  "Europe/Kyiv",
  "Europe/Berlin",
  "Europe/London",
  "Europe/Madrid",
  "Europe/Lisbon",
  "Africa/Lagos",
  "Africa/Johannesburg",
  "America/Sao_Paulo",
  "America/Argentina/Buenos_Aires",
  "America/Bogota",
  "America/Lima",
  "America/Mexico_City",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "Australia/Sydney",
  "Pacific/Auckland",
] as const;

/** A zone as a customer reads it: its offset now and its name in their language. */
export function zoneLabel(zone: string, lang: string): string {
  const part = (style: "shortOffset" | "longGeneric") =>
    new Intl.DateTimeFormat(tag(lang), { timeZone: zone, timeZoneName: style })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName")?.value ?? zone;
  const city = zone.split("/").pop()?.replaceAll("_", " ") ?? zone;
  return zone === "UTC" ? "UTC" : `${part("shortOffset")} · ${part("longGeneric")} (${city})`;
}
