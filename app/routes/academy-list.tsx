import { Link } from "react-router";
import { ACADEMY_CATEGORIES, type AcademyCategory, POST_TYPES } from "../../platform/contract/posts.ts";
import { apiClient } from "../.server/api.ts";
import { pageParam } from "../.server/content.ts";
import { Pager } from "../components/content/pager.tsx";
import { PostList } from "../components/content/post-list.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/academy-list";

export const handle: RouteHandle = {
  title: "common:titles.academy_list",
  back: "/academy",
  i18n: ["content"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("category");
  const category = ACADEMY_CATEGORIES.includes(asked as AcademyCategory)
    ? (asked as AcademyCategory)
    : undefined;
  const list = await apiClient(request, context).data("/posts/posts_list", {
    type: POST_TYPES.academy,
    category,
    page: pageParam(url),
    limit: 10,
  });
  return { category: category ?? null, list };
}

/** The academy's articles, all or of one topic, a page at a time. */
export default function AcademyList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { category, list } = loaderData;
  const tabs: (AcademyCategory | null)[] = [null, ...ACADEMY_CATEGORIES];
  return (
    <div className="pb-4">
      <nav
        className="mt-2 flex gap-5 overflow-x-auto border-b border-line px-4"
        aria-label={t("academy.topics")}
      >
        {tabs.map((value) => (
          <Link
            key={value ?? "all"}
            to={value ? `?category=${value}` : "?"}
            replace
            className={
              value === category
                ? "-mb-px shrink-0 border-b-2 border-accent py-2 font-semibold"
                : "shrink-0 py-2 text-muted"
            }
            aria-current={value === category ? "page" : undefined}
          >
            {value ? t(`academy.categories.${value}`) : t("academy.all")}
          </Link>
        ))}
      </nav>
      <PostList
        items={list.items}
        label={category ? t(`academy.categories.${category}`) : t("academy.all")}
        showCategory={!category}
      />
      <Pager page={list.page} lastPage={list.last_page} />
    </div>
  );
}
