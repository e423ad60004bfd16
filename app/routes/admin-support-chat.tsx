import { Form, Link } from "react-router";
import { SUPPORT_MESSAGE_MAX } from "../../platform/contract/support-rules.ts";
import { type AdminActionData, adminApi, adminPost, formFields, requireOperator } from "../.server/admin.ts";
import { AdminLayout, FormError } from "../components/admin/layout.tsx";
import { useDates } from "../components/dates.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-support-chat";
import type { SupportRow } from "./admin-support.tsx";

export const handle: RouteHandle = { title: "admin:support.title", bare: true, i18n: ["admin"] };

type ChatDetail = SupportRow & {
  assigned_to_me: boolean;
  closed_at: string | null;
  closed_by: string;
  messages: {
    id: number;
    author: "customer" | "operator";
    operator: string;
    body: string;
    image: string | null;
    has_image: boolean;
    created_at: string;
  }[];
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const id = /^\d{1,9}$/.test(params.id) ? params.id : "0";
  const api = adminApi(request, context);
  let chat = (await api.data("/admin/support/show", { id })) as ChatDetail;
  // The operator who has the chat has now seen the customer's messages.
  if (chat.assigned_to_me && chat.unread > 0) {
    await api.post("/admin/support/read", { id });
    chat = { ...chat, unread: 0 };
  }
  return { me, chat };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { intent, body = "" } = await formFields(request);
  const id = params.id;
  const here = `/admin/support/${id}`;
  if (intent === "assign") return adminPost(request, context, "/admin/support/assign", { id }, here);
  if (intent === "close")
    return adminPost(request, context, "/admin/support/close", { id }, "/admin/support");
  return adminPost(request, context, "/admin/support/reply", { id, body }, here);
}

/** One chat: the customer's messages and images, and taking, answering and closing it. */
export default function AdminSupportChat({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const dates = useDates();
  const { me, chat } = loaderData;
  const failed = actionData as AdminActionData;
  const open = chat.status === "open";
  const free = chat.operator === "";
  const mayAnswer = open && (chat.assigned_to_me || free) && me.permissions.includes("chat");
  return (
    <AdminLayout me={me} title={`${t("support.title")} #${chat.id}`}>
      <p className="mt-2 flex gap-4">
        <Link className="text-muted underline" to="/admin/support">
          {t("common.back")}
        </Link>
        <Link className="text-muted underline" to={`/admin/support/${chat.id}`}>
          {t("support.refresh")}
        </Link>
      </p>
      <dl className="card mt-4 grid max-w-2xl grid-cols-[10rem_minmax(0,1fr)] gap-2 wrap-anywhere">
        <dt className="text-muted">{t("common.account")}</dt>
        <dd>
          {chat.account} (UID {chat.uid})
        </dd>
        <dt className="text-muted">{t("common.status")}</dt>
        <dd data-testid="support-status">{t(`support.statuses.${chat.status}`)}</dd>
        <dt className="text-muted">{t("support.operator")}</dt>
        <dd data-testid="support-operator">{chat.operator || t("support.nobody")}</dd>
        {chat.closed_by && (
          <>
            <dt className="text-muted">{t("support.closed_by")}</dt>
            <dd>
              {chat.closed_by} · {chat.closed_at ? dates.dateTime(chat.closed_at) : ""}
            </dd>
          </>
        )}
      </dl>
      <ol className="mt-4 flex max-w-2xl flex-col gap-2" data-testid="support-messages">
        {chat.messages.map((m) => (
          <li
            key={m.id}
            data-author={m.author}
            className={`max-w-[85%] rounded-lg px-3 py-2 ${m.author === "operator" ? "self-end bg-line" : "self-start border border-line"}`}
          >
            <span className="block text-xs text-muted">
              {m.author === "operator" ? m.operator : t("support.customer")} · {dates.dateTime(m.created_at)}
            </span>
            {m.body && <span className="block whitespace-pre-wrap break-words">{m.body}</span>}
            {m.image ? (
              <a
                href={`/admin/support/media/${m.image}`}
                target="_blank"
                rel="noreferrer"
                className="mt-1 block"
              >
                <img
                  src={`/admin/support/media/${m.image}`}
                  alt={t("support.image")}
                  className="max-h-64 rounded border border-line"
                />
              </a>
            ) : (
              m.has_image && <span className="block text-xs text-muted">{t("support.image_hidden")}</span>
            )}
          </li>
        ))}
      </ol>
      {open && (
        <section className="mt-6 grid max-w-2xl gap-4">
          {!chat.assigned_to_me && (
            <Form method="post" className="card">
              <input type="hidden" name="intent" value="assign" />
              {!free && (
                <p className="mb-2 text-muted">{t("support.taken_by", { operator: chat.operator })}</p>
              )}
              <button type="submit" className="btn btn-secondary w-full">
                {free ? t("support.assign") : t("support.take_over")}
              </button>
            </Form>
          )}
          {mayAnswer && (
            <Form method="post" className="card">
              <input type="hidden" name="intent" value="reply" />
              <label htmlFor="body" className="block text-muted">
                {t("support.reply")}
              </label>
              <textarea
                id="body"
                name="body"
                required
                className="input mt-1 h-24"
                maxLength={SUPPORT_MESSAGE_MAX}
              />
              <button type="submit" className="btn btn-primary mt-2 w-full">
                {t("support.send")}
              </button>
            </Form>
          )}
          {mayAnswer && (
            <Form method="post" className="card">
              <input type="hidden" name="intent" value="close" />
              <button type="submit" className="btn btn-secondary w-full">
                {t("support.close")}
              </button>
            </Form>
          )}
        </section>
      )}
      <FormError message={failed?.message} errors={failed?.errors} />
    </AdminLayout>
  );
}
