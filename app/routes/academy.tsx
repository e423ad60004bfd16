import { Link } from "react-router";
import { ACADEMY_CATEGORIES, POST_TYPES } from "../../platform/contract/posts.ts";
import { apiClient } from "../.server/api.ts";
import { PostList } from "../components/content/post-list.tsx";
import { Icon, type IconName } from "../components/icon.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/academy";

export const handle: RouteHandle = { title: "common:titles.academy", i18n: ["content"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiClient(request, context);
  const [featured, latest, counts] = await Promise.all([
    api.data("/posts/posts_list", { type: POST_TYPES.academy, featured: "1", limit: 5 }),
    api.data("/posts/posts_list", { type: POST_TYPES.academy, limit: 5 }),
    api.data("/posts/categories", { type: POST_TYPES.academy }),
  ]);
  const byCategory = new Map(counts.map((c) => [c.category, c.count]));
  const categories = ACADEMY_CATEGORIES.map((category) => ({
    category,
    count: byCategory.get(category) ?? 0,
  }));
  return { featured: featured.items, latest: latest.items, categories };
}

const CATEGORY_ICONS: Record<(typeof ACADEMY_CATEGORIES)[number], IconName> = {
  basics: "academy",
  trading: "trades",
  earn: "percent",
};

/** The academy: featured articles, the topics, and the newest articles. */
export default function Academy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { featured, latest, categories } = loaderData;
  return (
    <div className="pb-4">
      <p className="px-4 pt-4 text-muted">{t("academy.intro")}</p>

      <section aria-labelledby="academy-featured" className="mt-4">
        <h2 id="academy-featured" className="px-4 font-semibold">
          {t("academy.featured")}
        </h2>
        <PostList items={featured} label={t("academy.featured")} showCategory />
      </section>

      <section aria-labelledby="academy-topics" className="mt-6">
        <h2 id="academy-topics" className="px-4 font-semibold">
          {t("academy.topics")}
        </h2>
        <ul className="mx-4 mt-3 grid grid-cols-3 gap-2">
          {categories.map(({ category, count }) => (
            <li key={category}>
              <Link
                to={`/academyList?category=${category}`}
                className="card flex h-full flex-col items-center gap-1 p-3 text-center"
              >
                <span className="text-accent">
                  <Icon name={CATEGORY_ICONS[category]} />
                </span>
                <span className="text-sm font-medium leading-tight">
                  {t(`academy.categories.${category}`)}
                </span>
                <span className="text-xs text-muted">{t("academy.count", { count })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="academy-latest" className="mt-6">
        <div className="flex items-center justify-between px-4">
          <h2 id="academy-latest" className="font-semibold">
            {t("academy.latest")}
          </h2>
          <Link to="/academyList" className="text-sm text-accent">
            {t("academy.all")}
          </Link>
        </div>
        <PostList items={latest} label={t("academy.latest")} showCategory />
      </section>
    </div>
  );
}
