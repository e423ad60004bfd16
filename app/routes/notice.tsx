import { Link, redirect } from "react-router";
import type { Post } from "../../platform/contract/content.ts";
import { LANGUAGE_INFO, type Lang } from "../../platform/contract/languages.ts";
import { POST_TYPES } from "../../platform/contract/posts.ts";
import { apiClient } from "../.server/api.ts";
import { useDates } from "../components/dates.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/notice";

export const handle: RouteHandle = {
  title: "common:titles.notice",
  back: "/noticelist",
  hideNav: true,
  i18n: ["content"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get("id") || null;
  const slug = params.get("slug") || null;
  // No post named (the spec's bare /notice): the notices to choose from.
  if (id === null && slug === null) throw redirect("/noticelist");
  // A bad id is the platform's 422/404, shown by the error page in the reader's language.
  const post = await apiClient(request, context).data(
    "/posts/show",
    id !== null ? { id } : { slug: slug ?? "" },
  );
  return { post };
}

/** Where "back" leads from a post: its list. */
function listOf(post: Post) {
  if (post.type === POST_TYPES.academy)
    return { to: `/academyList?category=${post.category ?? ""}`, key: "academy.all" };
  if (post.type === POST_TYPES.news) return { to: "/noticelist?tab=news", key: "posts.news" };
  if (post.type === POST_TYPES.member) return { to: "/noticelist?tab=members", key: "posts.members" };
  return { to: "/noticelist", key: "posts.notices" };
}

/** One notice, news item or academy article, in the reader's language (English when untranslated). */
export default function Notice({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("content");
  const dates = useDates();
  const { post } = loaderData;
  const back = listOf(post);
  return (
    <article
      className="px-4 pb-8"
      // An untranslated post is shown in English: say so to screen readers and browsers.
      lang={post.lang !== i18n.language ? LANGUAGE_INFO[post.lang as Lang]?.tag : undefined}
    >
      <h2 className="mt-4 text-xl font-bold leading-snug">{post.title}</h2>
      <p className="mt-1 text-xs text-muted">
        <time dateTime={post.published_at}>
          {t("posts.published", { date: dates.date(post.published_at) })}
        </time>
      </p>
      {/* Sanitized by the platform (content/markdown.ts): no script can run from a post. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized HTML */}
      <div className="prose-doc mt-3" dangerouslySetInnerHTML={{ __html: post.html }} />
      <p className="mt-6">
        <Link to={back.to} className="text-accent">
          ← {t(back.key)}
        </Link>
      </p>
    </article>
  );
}
