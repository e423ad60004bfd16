import { createCookie } from "react-router";

/** Display preferences a visitor picks without an account: lite mode and the colour theme. */
export type Prefs = { lite: boolean; theme: "dark" | "light" };

export const prefsCookie = createCookie("prefs", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readPrefs(request: Request): Promise<Prefs> {
  const raw = (await prefsCookie.parse(request.headers.get("Cookie"))) as Partial<Prefs> | null;
  return { lite: raw?.lite === true, theme: raw?.theme === "light" ? "light" : "dark" };
}

/**
 * Lite mode: no script at all, for the cheapest phones and data plans. On when the browser asks
 * to save data (`Save-Data: on`) or when the visitor turned it on.
 */
export function isLite(request: Request, prefs: Prefs): boolean {
  return prefs.lite || request.headers.get("save-data")?.toLowerCase() === "on";
}
