import { createCookie, Form, Link, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { getI18n } from "../.server/i18n.ts";
import { marketEntries } from "../.server/market.ts";
import { safeRedirect } from "../.server/redirects.ts";
import { flashToast, getToken } from "../.server/session.ts";
import { Icon } from "../components/icon.tsx";
import { marketHref } from "../components/market/links.ts";
import { type MarketEntry, MarketList } from "../components/market/market-list.tsx";
import { Tabs } from "../components/tabs.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/markets";

export const handle: RouteHandle = { title: "market:title", back: "/", i18n: ["market"] };

const TABS = ["favorites", "spot", "futures"] as const;
const SORTS = ["price", "change", "volume"] as const;
type Tab = (typeof TABS)[number];
type Sort = (typeof SORTS)[number];

/** Visitors without an account keep their favourites in this cookie. */
const favoritesCookie = createCookie("favs", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

async function readCookieFavorites(request: Request): Promise<string[]> {
  const value = await favoritesCookie.parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, 100) : [];
}

function sortValue(entry: MarketEntry, sort: Sort): number {
  const t = entry.ticker;
  if (!t) return Number.NEGATIVE_INFINITY;
  const value =
    sort === "price"
      ? Number(t.price)
      : sort === "change"
        ? Number(t.change)
        : Number(t.volume) * Number(t.price);
  return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab: Tab = TABS.includes(url.searchParams.get("tab") as Tab)
    ? (url.searchParams.get("tab") as Tab)
    : "spot";
  const sort = SORTS.includes(url.searchParams.get("sort") as Sort)
    ? (url.searchParams.get("sort") as Sort)
    : undefined;
  const dir = url.searchParams.get("dir") === "asc" ? "asc" : "desc";
  const q = (url.searchParams.get("q") ?? "").trim().toLowerCase().slice(0, 20);
  const signedIn = Boolean(getToken(context));
  const [entries, favorites] = await Promise.all([
    marketEntries(request, context),
    signedIn ? apiClient(request, context).data("/market/favorites") : readCookieFavorites(request),
  ]);
  let list = tab === "favorites" ? entries.filter((e) => favorites.includes(e.instrument.code)) : entries;
  if (q)
    list = list.filter((e) => e.instrument.base.toLowerCase().includes(q) || e.instrument.code.includes(q));
  if (sort) {
    // Compared, not subtracted: two markets without a price yet (−∞ each) would give NaN,
    // and one NaN leaves the whole list in no order.
    const order = (a: number, b: number) => (a === b ? 0 : a > b ? 1 : -1);
    list = [...list].sort((a, b) => order(sortValue(a, sort), sortValue(b, sort)) * (dir === "asc" ? 1 : -1));
  }
  return { tab, sort, dir, q, entries: list, favorites };
}

/** Star or unstar a market: on the platform when signed in, in a cookie otherwise. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const code = String(form.get("code") ?? "").toLowerCase();
  const on = form.get("on") === "true";
  // Back to the list as it was (its tab, sort, search): a path of this site, fit for a Location.
  const asked = safeRedirect(form.get("back"), "/markets");
  const back = asked.startsWith("/markets") ? asked : "/markets";
  const t = getI18n(context).t;
  const headers = new Headers();
  if (getToken(context)) {
    const result = await apiClient(request, context).post("/market/favorites", { code, on });
    if (result.status_code !== 200) {
      flashToast(context, { kind: "error", message: result.message });
      return redirect(back);
    }
  } else {
    const known = (await marketEntries(request, context)).map((e) => e.instrument.code);
    if (!known.includes(code)) {
      flashToast(context, { kind: "error", message: t("messages:market.unknown_instrument") });
      return redirect("/markets");
    }
    const current = await readCookieFavorites(request);
    const next = on ? [...new Set([...current, code])] : current.filter((c) => c !== code);
    headers.append("Set-Cookie", await favoritesCookie.serialize(next));
  }
  flashToast(context, {
    kind: "success",
    message: t(on ? "market:favorite_added" : "market:favorite_removed"),
  });
  return redirect(back, { headers });
}

export default function Markets({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("market");
  const { tab, sort, dir, q, entries, favorites } = loaderData;
  const link = (changes: Record<string, string | undefined>) => {
    const params = new URLSearchParams();
    const merged = { tab, sort, dir, q, ...changes };
    for (const [k, v] of Object.entries(merged)) if (v) params.set(k, v);
    return `?${params}`;
  };
  const here = `/markets${link({})}`;
  const star = (code: string) => {
    const on = favorites.includes(code);
    const pair = code.toUpperCase();
    return (
      <Form method="post" className="pl-3" preventScrollReset>
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="on" value={on ? "false" : "true"} />
        <input type="hidden" name="back" value={here} />
        <button
          type="submit"
          className={on ? "text-accent" : "text-muted"}
          aria-label={on ? t("unstar", { pair }) : t("star", { pair })}
          aria-pressed={on}
        >
          {on ? "★" : "☆"}
        </button>
      </Form>
    );
  };
  return (
    <div>
      {/* The alerts link moves to a line of its own where the words are long (Russian). */}
      <Tabs
        label={t("title")}
        options={TABS.map((value) => ({ value, label: t(value) }))}
        current={tab}
        href={(value) => link({ tab: value })}
        end={
          <Link to="/pricealerts" className="text-sm text-accent">
            {t("alerts_title")}
          </Link>
        }
      />
      <Form method="get" role="search" className="flex gap-2 px-4 pt-3">
        <input type="hidden" name="tab" value={tab} />
        <label htmlFor="market-q" className="sr-only">
          {t("search")}
        </label>
        <input
          id="market-q"
          name="q"
          type="search"
          defaultValue={q}
          className="input"
          placeholder={t("search")}
        />
        <button type="submit" className="btn btn-secondary" aria-label={t("search")}>
          <Icon name="search" />
        </button>
      </Form>
      <nav className="flex items-center gap-2 px-4 pt-3 text-xs" aria-label={t("sort_by")}>
        <span className="text-muted">{t("sort_by")}</span>
        {(["price", "change", "volume"] as const).map((value) => {
          const active = sort === value;
          const nextDir = active && dir === "desc" ? "asc" : "desc";
          return (
            <Link
              key={value}
              to={link({ sort: value, dir: nextDir })}
              replace
              className={active ? "rounded bg-line px-2 py-1 text-fg" : "rounded px-2 py-1 text-muted"}
              aria-current={active ? "true" : undefined}
            >
              {t(`sort_${value}`)} {active ? (dir === "desc" ? "↓" : "↑") : ""}
            </Link>
          );
        })}
      </nav>
      {entries.length === 0 ? (
        <p className="px-4 py-8 text-center text-muted">
          {tab === "favorites" && !q ? t("no_favorites") : t("no_match", { q })}
        </p>
      ) : (
        <MarketList
          entries={entries}
          href={marketHref(tab === "futures" ? "contract" : "spot")}
          label={t(tab)}
          futures={tab === "futures"}
          star={star}
        />
      )}
    </div>
  );
}
