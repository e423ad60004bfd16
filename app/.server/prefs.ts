import { createCookie } from "react-router";

/**
 * Display preferences a visitor picks without an account: lite mode, the colour theme and which
 * colour means up (unset: as customers of the visitor's language expect, see `upDownFor`).
 */
export type UpDown = "green-up" | "red-up";
export type Prefs = { lite: boolean; theme: "dark" | "light"; updown?: UpDown; timeZone?: string };

export const prefsCookie = createCookie("prefs", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readPrefs(request: Request): Promise<Prefs> {
  const raw = (await prefsCookie.parse(request.headers.get("Cookie"))) as Partial<Prefs> | null;
  const updown = raw?.updown === "red-up" || raw?.updown === "green-up" ? raw.updown : undefined;
  const timeZone = typeof raw?.timeZone === "string" && isTimeZone(raw.timeZone) ? raw.timeZone : undefined;
  return {
    lite: raw?.lite === true,
    theme: raw?.theme === "light" ? "light" : "dark",
    ...(updown ? { updown } : {}),
    ...(timeZone ? { timeZone } : {}),
  };
}

/** An IANA time zone this runtime knows ("Asia/Tokyo"); anything else is not one. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone dates are shown in: the customer's choice, else the one their browser reported in the
 * `tz` cookie (TIME_ZONE_SCRIPT), else UTC (a browser's very first page, or no JavaScript and no
 * choice made).
 */
export function timeZoneFor(request: Request, prefs: Prefs): string {
  if (prefs.timeZone) return prefs.timeZone;
  const reported = (request.headers.get("Cookie") ?? "").match(/(?:^|;\s*)tz=([^;]+)/)?.[1];
  const zone = reported ? decodeURIComponent(reported) : undefined;
  return zone && isTimeZone(zone) ? zone : "UTC";
}

/** Where prices rising are shown red (mainland China, Taiwan, Korea), red is the default for up. */
const RED_UP_LANGUAGES = new Set(["zh", "tw", "kr"]);

/** Which colour means up: the visitor's choice, else the custom of their language's market. */
export function upDownFor(prefs: Prefs, lang: string): UpDown {
  return prefs.updown ?? (RED_UP_LANGUAGES.has(lang) ? "red-up" : "green-up");
}

/**
 * Lite mode: no script at all, for the cheapest phones and data plans. On when the browser asks
 * to save data (`Save-Data: on`) or when the visitor turned it on.
 */
export function isLite(request: Request, prefs: Prefs): boolean {
  return prefs.lite || request.headers.get("save-data")?.toLowerCase() === "on";
}
