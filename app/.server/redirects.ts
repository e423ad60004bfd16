import { safeRedirect as pathOnly } from "remix-utils/safe-redirect";

/**
 * A user-given place to go back to, kept only when it is a path on this site. remix-utils
 * refuses `https://…`, `//host` and `/\host`; browsers also drop tabs and newlines from a URL and
 * read `\` as `/`, so `/<tab>/evil.example` would become `//evil.example`: those are refused too.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || /[\p{Cc}\\]/u.test(to)) return fallback;
  const path = pathOnly(to, fallback);
  // A Location header holds bytes, not text (an emoji there was a 500): whatever is not
  // printable ASCII is percent-encoded, as a browser does; what cannot be (a lone surrogate) is
  // not a place to go.
  try {
    return path.replace(/[^\x21-\x7e]+/gu, (s) => encodeURIComponent(s));
  } catch {
    return fallback;
  }
}
