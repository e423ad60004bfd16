import { useState } from "react";
import { useMatches } from "react-router";
import type { RouteHandle } from "../../handle.ts";
import { useTranslation } from "../translation.ts";

export const I18N_SCRIPT_ID = "i18n";
/** What a page tells its script about translations: which ones to load, not the words. */
export type PageTranslations = { lng: string; version: string; namespaces: string[] };

/**
 * One namespace of one language (app/routes/locales.ts). The version is a hash of every
 * translation, so the answer is cached for good; the client's fetch must ask for exactly this
 * URL for the preload to serve it.
 */
export function localesHref(lng: string, ns: string, version: string): string {
  return `/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}?v=${encodeURIComponent(version)}`;
}

/** The namespaces the current screens use: the shell's own plus each matched route's handle. */
export function useNamespaces(): string[] {
  const matches = useMatches();
  const set = new Set(["common", "messages"]);
  for (const match of matches) {
    for (const ns of (match.handle as RouteHandle | undefined)?.i18n ?? []) set.add(ns);
  }
  return [...set];
}

/**
 * In the head: the page's translations start downloading with the HTML, alongside the scripts,
 * each a separate cacheable file (a second page in the same language fetches none of them again).
 * `crossorigin="anonymous"` matches what the script's fetch() asks (cors, same-origin
 * credentials), or the browser would fetch twice. Omitted in lite mode.
 *
 * Only the document's first screen: kept as it was rendered (the shell stays mounted), since a
 * preload added by a later navigation would come after its namespace was fetched, go unused, and
 * make the browser warn.
 */
export function I18nPreloads({ version }: { version: string }) {
  const { i18n } = useTranslation();
  const namespaces = useNamespaces();
  const [first] = useState(() => ({ lng: i18n.language, namespaces }));
  return first.namespaces.map((ns) => (
    <link
      key={ns}
      rel="preload"
      as="fetch"
      crossOrigin="anonymous"
      href={localesHref(first.lng, ns, version)}
    />
  ));
}

/**
 * Tells the client which translations the page was rendered with, so it loads them (from the
 * preloads above) before hydrating. Inert data, not script; omitted in lite mode.
 */
export function I18nScript({ version }: { version: string }) {
  const { i18n } = useTranslation();
  const namespaces = useNamespaces();
  const json = JSON.stringify({
    lng: i18n.language,
    version,
    namespaces,
  } satisfies PageTranslations).replace(/</g, "\\u003c");
  return (
    <script
      id={I18N_SCRIPT_ID}
      type="application/json"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, not executable
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
