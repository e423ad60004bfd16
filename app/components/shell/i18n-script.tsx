import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import type { RouteHandle } from "../../handle.ts";

export const I18N_SCRIPT_ID = "i18n";
export type InlineTranslations = { lng: string; version: string; bundles: Record<string, unknown> };

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
 * Inlines the translations this page needs as JSON for the client to start with, so hydrating
 * costs no extra request. Inert data, not script; omitted in lite mode.
 */
export function I18nScript({ version }: { version: string }) {
  const { i18n } = useTranslation();
  const namespaces = useNamespaces();
  const lng = i18n.language;
  const bundles = Object.fromEntries(namespaces.map((ns) => [ns, i18n.getResourceBundle(lng, ns) ?? {}]));
  const json = JSON.stringify({ lng, version, bundles } satisfies InlineTranslations).replace(
    /</g,
    "\\u003c",
  );
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
