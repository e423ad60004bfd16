/**
 * Messages travel as keys with their parameters encoded in the string
 * (`validation.too_short?minimum=6`), so one schema serves the API (which localizes by the `lang`
 * header) and the web forms (which localize with the page's language). No zod here: the browser
 * loads this on every form page.
 */
export function messageKey(key: string, params?: Record<string, string | number | bigint>): string {
  if (!params || Object.keys(params).length === 0) return key;
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  return `${key}?${query}`;
}

export function parseMessageKey(message: string): { key: string; params: Record<string, string> } {
  const at = message.indexOf("?");
  if (at < 0) return { key: message, params: {} };
  return {
    key: message.slice(0, at),
    params: Object.fromEntries(new URLSearchParams(message.slice(at + 1))),
  };
}
