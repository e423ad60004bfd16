import { Form, Link, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { pageParam } from "../.server/content.ts";
import { flashToast } from "../.server/session.ts";
import { Pager } from "../components/content/pager.tsx";
import { useDates } from "../components/dates.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/messages";

export const handle: RouteHandle = { title: "common:titles.messages", back: "/center", i18n: ["inbox"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiClient(request, context);
  const id = url.searchParams.get("id");
  if (id !== null) {
    // Opening a message reads it.
    const message = await api.data("/inbox/show", { id });
    if (!message.read) await api.post("/inbox/read", { id: message.id });
    return { message: { ...message, read: true }, list: null, unread: 0 };
  }
  const [list, unread] = await Promise.all([
    api.data("/inbox/list", { page: pageParam(url), limit: 20 }),
    api.data("/inbox/unread"),
  ]);
  return { message: null, list, unread: unread.count };
}

/** Marks one message read, or all of them; back to the list. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = apiClient(request, context);
  const page = Number(form.get("page") ?? "1");
  const back = `/messages${Number.isInteger(page) && page > 1 ? `?page=${page}` : ""}`;
  if (form.get("intent") === "read_all") {
    const result = await api.post("/inbox/read_all");
    flashToast(context, { kind: result.status_code === 200 ? "success" : "error", message: result.message });
    return redirect(back);
  }
  const result = await api.post("/inbox/read", { id: String(form.get("id") ?? "") });
  if (result.status_code !== 200) flashToast(context, { kind: "error", message: result.message });
  return redirect(back);
}

/** The message centre: what the platform told the user (security, deposits, withdrawals…). */
export default function Messages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("inbox");
  const dates = useDates();
  const { message, list, unread } = loaderData;
  if (message) {
    return (
      <article className="px-4 pb-8">
        <h2 className="mt-4 text-lg font-semibold">{message.title}</h2>
        <p className="mt-1 text-xs text-muted">
          <time dateTime={message.created_at}>{dates.dateTime(message.created_at)}</time>
        </p>
        <p className="card mt-4 whitespace-pre-line break-words">{message.body}</p>
        <p className="mt-6">
          <Link to="/messages" className="text-accent">
            ← {t("all")}
          </Link>
        </p>
      </article>
    );
  }
  if (!list) return null;
  return (
    <div className="pb-4">
      <div className="flex items-center justify-between gap-3 px-4 pt-4">
        <p className="text-sm text-muted">{t("unread_count", { count: unread })}</p>
        {unread > 0 && (
          <Form method="post">
            <input type="hidden" name="page" value={list.page} />
            <button
              type="submit"
              name="intent"
              value="read_all"
              className="btn btn-secondary min-h-9 px-3 text-sm"
            >
              {t("mark_all")}
            </button>
          </Form>
        )}
      </div>
      {list.items.length === 0 ? (
        <p className="card mx-4 mt-3 text-center text-muted">{t("empty")}</p>
      ) : (
        <ul className="card mx-4 mt-3 p-0" aria-label={t("list_label")}>
          {list.items.map((m) => (
            <li key={m.id} className="flex items-start gap-2 border-b border-line px-4 py-3 last:border-0">
              <span
                className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${m.read ? "" : "bg-down"}`}
                aria-hidden="true"
              />
              <Link to={`/messages?id=${m.id}`} className="min-w-0 flex-1">
                <span className={`block leading-snug ${m.read ? "" : "font-semibold"}`}>
                  {m.title}
                  {!m.read && <span className="sr-only"> ({t("unread")})</span>}
                </span>
                <span className="mt-0.5 line-clamp-2 block text-xs text-muted">{m.body}</span>
                <span className="mt-0.5 block text-xs text-muted">
                  <time dateTime={m.created_at}>{dates.dateTime(m.created_at)}</time>
                </span>
              </Link>
              {!m.read && (
                <Form method="post" className="shrink-0">
                  <input type="hidden" name="id" value={m.id} />
                  <input type="hidden" name="page" value={list.page} />
                  <button
                    type="submit"
                    name="intent"
                    value="read"
                    className="btn btn-secondary min-h-8 px-2 text-xs"
                    aria-label={t("mark_read_of", { title: m.title })}
                  >
                    {t("mark_read")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={list.page} lastPage={list.last_page} />
    </div>
  );
}
