import { Link } from "react-router";
import type { PostListItem } from "../../../platform/contract/posts.ts";
import { useDates } from "../dates.tsx";
import { Icon } from "../icon.tsx";
import { useTranslation } from "../translation.ts";

/** Where a post is read: the notice screen shows notices, news and academy articles alike. */
export const postHref = (post: Pick<PostListItem, "id">) => `/notice?id=${post.id}`;

/** Posts as a list of links: title, summary and date, in the reader's language. */
export function PostList({
  items,
  label,
  showCategory,
}: {
  items: PostListItem[];
  label: string;
  showCategory?: boolean;
}) {
  const { t } = useTranslation("content");
  const dates = useDates();
  if (items.length === 0) return <p className="card mx-4 mt-3 text-center text-muted">{t("posts.empty")}</p>;
  return (
    <ul className="card mx-4 mt-3 p-0" aria-label={label}>
      {items.map((post) => (
        <li key={post.id} className="border-b border-line last:border-0">
          <Link to={postHref(post)} className="flex items-start justify-between gap-3 px-4 py-3">
            <span className="min-w-0">
              <span className="block font-medium leading-snug">{post.title}</span>
              {post.summary && (
                <span className="mt-1 line-clamp-2 block text-xs text-muted">{post.summary}</span>
              )}
              <span className="mt-1 block text-xs text-muted">
                {showCategory && post.category && (
                  <span className="mr-2 rounded bg-line px-1.5 py-0.5">
                    {t(`academy.categories.${post.category}`)}
                  </span>
                )}
                <time dateTime={post.published_at}>{dates.date(post.published_at)}</time>
              </span>
            </span>
            <span className="mt-1 shrink-0 text-muted">
              <Icon name="chevron" size={18} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
