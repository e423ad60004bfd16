import { Form, Link } from "react-router";
import { safeRedirect } from "remix-utils/safe-redirect";
import { apiClient } from "../.server/api.ts";
import { Icon } from "../components/icon.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/areacode";

export const handle: RouteHandle = { title: "common:titles.areacode", hideNav: true, i18n: ["content"] };

type Country = { code: string; area_code: string; name: string };

/**
 * The dial-code picker of the phone forms: `returnTo` is the form to go back to; each country is
 * a plain link that returns there with `area_code` (and `country`) set, so it needs no script.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 50);
  const returnTo = safeRedirect(url.searchParams.get("returnTo"), "/");
  const selected = url.searchParams.get("area_code") ?? "";
  const countries = await apiClient(request, context).data("/country/codes");
  const needle = q.toLowerCase().replace(/^\+/, "");
  const list = needle
    ? countries.filter(
        (c) =>
          c.name.toLowerCase().includes(needle) ||
          c.area_code.startsWith(needle) ||
          c.code.toLowerCase() === needle,
      )
    : countries;
  return { list, q, returnTo, selected };
}

function withAreaCode(returnTo: string, country: Country) {
  const url = new URL(returnTo, "http://x");
  url.searchParams.set("area_code", country.area_code);
  url.searchParams.set("country", country.code);
  return url.pathname + url.search;
}

export default function AreaCode({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { list, q, returnTo, selected } = loaderData;
  return (
    <div>
      <Form method="get" role="search" className="flex gap-2 p-4">
        <input type="hidden" name="returnTo" value={returnTo} />
        <label className="sr-only" htmlFor="q">
          {t("areacode.search")}
        </label>
        <input
          id="q"
          name="q"
          type="search"
          className="input"
          defaultValue={q}
          placeholder={t("areacode.search")}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-secondary" aria-label={t("areacode.search")}>
          <Icon name="search" />
        </button>
      </Form>
      {list.length === 0 ? (
        <p className="px-4 text-muted">{t("areacode.none", { q })}</p>
      ) : (
        <ul>
          {list.map((c) => (
            <li key={c.code}>
              <Link
                to={withAreaCode(returnTo, c)}
                className="list-row"
                aria-current={c.area_code === selected ? "true" : undefined}
              >
                <span>{c.name}</span>
                <span className={c.area_code === selected ? "text-accent" : "text-muted"}>
                  +{c.area_code}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
