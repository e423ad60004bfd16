import { data } from "react-router";
import { isLang } from "../../platform/contract/languages.ts";
import { localesVersion } from "../.server/i18n.ts";
import { NAMESPACES, type Namespace, resources } from "../locales/index.ts";
import type { Route } from "./+types/locales";

/**
 * One namespace of one language as JSON, for client-side navigation to a screen whose
 * translations the page did not carry. Versioned URLs are cached for good.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const { lng, ns } = params;
  if (!isLang(lng) || !NAMESPACES.includes(ns as Namespace)) throw data(null, { status: 404 });
  const current = new URL(request.url).searchParams.get("v") === localesVersion;
  return Response.json(resources[lng][ns as Namespace], {
    headers: {
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
