import { createCookie } from "react-router";

/**
 * Display preferences a visitor picks without an account: lite mode, the colour theme and which
 * colour means up (unset: as customers of the visitor's language expect, see `upDownFor`).
 */
export type UpDown = "green-up" | "red-up";
export type Prefs = { lite: boolean; theme: "dark" | "light"; updown?: UpDown };

export const prefsCookie = createCookie("prefs", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readPrefs(request: Request): Promise<Prefs> {
  const raw = (await prefsCookie.parse(request.headers.get("Cookie"))) as Partial<Prefs> | null;
  const updown = raw?.updown === "red-up" || raw?.updown === "green-up" ? raw.updown : undefined;
  return {
    lite: raw?.lite === true,
    theme: raw?.theme === "light" ? "light" : "dark",
    ...(updown ? { updown } : {}),
  };
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
