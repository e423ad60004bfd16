import { Link } from "react-router";
import { apiClient } from "../.server/api.ts";
import { useDates } from "../components/dates.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/protocol";

export const handle: RouteHandle = { title: "common:titles.protocol", hideNav: true, i18n: ["content"] };

const PAGES = ["terms", "privacy"] as const;
type Page = (typeof PAGES)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("type");
  const page: Page = PAGES.includes(asked as Page) ? (asked as Page) : "terms";
  const post = await apiClient(request, context).data("/posts/show", { slug: page });
  return { page, post };
}

/** Terms of use and privacy policy, from the content domain in the reader's language. */
export default function Protocol({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const dates = useDates();
  const { page, post } = loaderData;
  return (
    <article className="px-4 pb-8">
      {/* Each button keeps its words on one line; the second wraps below where they are long. */}
      <nav className="flex flex-wrap gap-2 py-3" aria-label={t("protocol.pages")}>
        {PAGES.map((p) => (
          <Link
            key={p}
            to={`?type=${p}`}
            replace
            className={p === page ? "btn btn-primary" : "btn btn-secondary"}
            aria-current={p === page ? "page" : undefined}
          >
            {t(`protocol.${p}`)}
          </Link>
        ))}
      </nav>
      <h2 className="text-lg font-semibold">{post.title}</h2>
      <p className="text-xs text-muted">{t("protocol.updated", { date: dates.date(post.published_at) })}</p>
      {/* Sanitized by the platform (content/markdown.ts): no script can run from a post. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized HTML */}
      <div className="prose-doc mt-2" dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}
