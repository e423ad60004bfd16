import { createCookie } from "react-router";
import type { NetworkView } from "../../platform/contract/wallet.ts";
import type { ApiClient } from "./api.ts";

/**
 * The assets screen's switches, kept a year in cookies (as exchanges do): nothing on the server.
 * One cookie each, so that two switches posted at once cannot undo each other.
 */
export type AssetPrefs = { hide: boolean; small: boolean };
export type AssetPref = keyof AssetPrefs;

const prefCookies = {
  hide: createCookie("hidebalances", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    maxAge: 60 * 60 * 24 * 365,
  }),
  small: createCookie("hidesmall", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    maxAge: 60 * 60 * 24 * 365,
  }),
};

export async function readAssetPrefs(request: Request): Promise<AssetPrefs> {
  const header = request.headers.get("Cookie");
  const [hide, small] = await Promise.all([prefCookies.hide.parse(header), prefCookies.small.parse(header)]);
  return { hide: hide === true, small: small === true };
}

/** The Set-Cookie header that stores one switch. */
export function saveAssetPref(pref: AssetPref, on: boolean): Promise<string> {
  return prefCookies[pref].serialize(on);
}

/** Every coin's networks, grouped by coin in the platform's order. */
export async function networksByCoin(api: ApiClient): Promise<Map<string, NetworkView[]>> {
  const list = await api.data("/wallet/networks");
  const byCoin = new Map<string, NetworkView[]>();
  for (const n of list) byCoin.set(n.coin, [...(byCoin.get(n.coin) ?? []), n]);
  return byCoin;
}

/** A query value upper-cased if it is one of `allowed`, else the first allowed value. */
export function pick(value: string | null, allowed: readonly string[]): string {
  const v = (value ?? "").trim().toUpperCase();
  return allowed.includes(v) ? v : (allowed[0] ?? "");
}
