import type { ScreenPath } from "../../route-table.ts";

/** Where a market row leads: its trade screen, in the row's mode. */
export function marketHref(mode: "spot" | "contract") {
  return (code: string) =>
    `${"/tradeing" satisfies ScreenPath}?code=${encodeURIComponent(code)}&mode=${mode}`;
}

export const chartHref = (code: string, interval?: string) =>
  `${"/linegraph" satisfies ScreenPath}?code=${encodeURIComponent(code)}${interval ? `&interval=${interval}` : ""}`;
