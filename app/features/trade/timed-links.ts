/** The timed-contract screen of /tradeing for an instrument and period, with extra query values. */
export function timedHref(code: string, period?: number, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ code, mode: "timed" });
  if (period) params.set("period", String(period));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `/tradeing?${params}`;
}

/** /previousresults for a product, optionally opened on one round. */
export function resultsHref(productId: number, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ product: String(productId), ...extra });
  return `/previousresults?${params}`;
}
