import { LANGUAGE_INFO, type Lang } from "../../platform/contract/languages.ts";

// The time zones the settings screen offers and how it names them: apart from dates.tsx, whose
// formatters every page loads with the shell, since only that screen lists zones.

const tag = (lang: string) => LANGUAGE_INFO[lang as Lang]?.tag ?? "en";

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
