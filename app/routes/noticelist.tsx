import { Link } from "react-router";
import { POST_TYPES } from "../../platform/contract/posts.ts";
import { apiClient } from "../.server/api.ts";
import { pageParam } from "../.server/content.ts";
import { getToken } from "../.server/session.ts";
import { Pager } from "../components/content/pager.tsx";
import { PostList } from "../components/content/post-list.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/noticelist";

export const handle: RouteHandle = { title: "common:titles.notices", i18n: ["content"] };

const TABS = ["notices", "news", "members"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const signedIn = Boolean(getToken(context));
  const asked = url.searchParams.get("tab") as Tab;
  // Members' announcements (type 6) are for signed-in users; others see the notices.
  const tab: Tab = TABS.includes(asked) && (asked !== "members" || signedIn) ? asked : "notices";
  const api = apiClient(request, context);
  const query = { page: pageParam(url), limit: 20 };
  const list =
    tab === "members"
      ? await api.data("/posts/posts_listauth", { ...query, type: POST_TYPES.member })
      : await api.data("/posts/posts_list", {
          ...query,
          type: tab === "news" ? POST_TYPES.news : POST_TYPES.notice,
        });
  return { tab, signedIn, list };
}

/** Notices, news and (signed in) members' announcements, newest first, in the reader's language. */
export default function NoticeList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { tab, signedIn, list } = loaderData;
  const tabs = TABS.filter((x) => x !== "members" || signedIn);
  return (
    <div className="pb-4">
      <nav className="mt-2 flex gap-6 border-b border-line px-4" aria-label={t("posts.tabs_label")}>
        {tabs.map((value) => (
          <Link
            key={value}
            to={`?tab=${value}`}
            replace
            className={
              value === tab ? "-mb-px border-b-2 border-accent py-2 font-semibold" : "py-2 text-muted"
            }
            aria-current={value === tab ? "page" : undefined}
          >
            {t(`posts.${value}`)}
          </Link>
        ))}
      </nav>
      <PostList items={list.items} label={t(`posts.${tab}`)} />
      <Pager page={list.page} lastPage={list.last_page} />
    </div>
  );
}
