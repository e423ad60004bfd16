import { hasScreen } from "../../route-table.ts";

/** Where a market row leads: the trade screen once it exists, the chart until then. */
export function marketHref(mode: "spot" | "contract") {
  const trade = hasScreen("/tradeing");
  return (code: string) =>
    trade
      ? `/tradeing?code=${encodeURIComponent(code)}&mode=${mode}`
      : `/linegraph?code=${encodeURIComponent(code)}`;
}

export const chartHref = (code: string, interval?: string) =>
  `/linegraph?code=${encodeURIComponent(code)}${interval ? `&interval=${interval}` : ""}`;
