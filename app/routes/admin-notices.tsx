import { Form, Link, redirect, data as routeData } from "react-router";
import { ADMIN_POST_KINDS, type AdminPostKind, REQUIRED_POST_SLUGS } from "../../platform/contract/admin.ts";
import { ADMIN_MAX } from "../../platform/contract/admin-limits.ts";
import { LANGUAGE_INFO, LANGUAGES } from "../../platform/contract/languages.ts";
import { ACADEMY_CATEGORIES } from "../../platform/contract/posts.ts";
import {
  type AdminActionData,
  adminApi,
  adminPost,
  formFields,
  pickFields,
  requireOperator,
} from "../.server/admin.ts";
import { flashToast } from "../.server/session.ts";
import { AdminLayout, AdminTable, cell, FormError } from "../components/admin/layout.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-notices";

export const handle: RouteHandle = { title: "admin:notices.title", bare: true, i18n: ["admin", "content"] };

type Notice = {
  id: number;
  slug: string;
  published_at: string;
  published: boolean;
  title: string;
  langs: string[];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const api = adminApi(request, context);
  const url = new URL(request.url);
  const askedKind = url.searchParams.get("kind") ?? "notice";
  const kind: AdminPostKind = (ADMIN_POST_KINDS as readonly string[]).includes(askedKind)
    ? (askedKind as AdminPostKind)
    : "notice";
  const list = (await api.data("/admin/notices", { kind })) as Notice[];
  const id = url.searchParams.get("id");
  const asked = url.searchParams.get("lang") ?? "en";
  const lang = (LANGUAGES as readonly string[]).includes(asked) ? asked : "en";
  const editing =
    id && /^\d{1,9}$/.test(id) ? await api.data("/admin/notices/show", { id, lang, kind }) : null;
  // The new-post form has a view of its own (?new=1), apart from the list and the editor.
  const writing = !editing && url.searchParams.get("new") === "1";
  // The protocol pages the site needs (terms, privacy) stay published.
  const current = editing ? list.find((n) => n.id === editing.id) : undefined;
  const required = kind === "protocol" && REQUIRED_POST_SLUGS.includes(current?.slug ?? "");
  // The lists the page draws come with its data: the contract module naming them also holds zod
  // schemas, which importing it here would add to the page's script.
  return { me, kind, kinds: ADMIN_POST_KINDS, list, editing, writing, required };
}

const CREATE_FIELDS = ["kind", "title", "summary", "body", "category", "link"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  const { intent, id = "", lang = "", kind = "notice", title = "", summary = "", body = "" } = fields;
  const back = `/admin/notices?kind=${encodeURIComponent(kind)}&id=${encodeURIComponent(id)}&lang=${encodeURIComponent(lang || "en")}`;
  if (intent === "unpublish" || intent === "publish")
    return adminPost(request, context, `/admin/notices/${intent}`, { id, kind }, back);
  if (intent === "create") {
    // Published at once: on to its English text, where the other languages are one click away.
    const created = pickFields(fields, CREATE_FIELDS);
    // The operator's fields as typed: the platform checks them (kind among the kinds…).
    const result = await adminApi(request, context).post("/admin/notices/create", created as never);
    if (result.status_code === 200) {
      flashToast(context, { kind: "success", message: result.message });
      return redirect(
        `/admin/notices?kind=${encodeURIComponent(result.data.kind)}&id=${result.data.id}&lang=en`,
      );
    }
    const errors = Object.values(result.errors ?? {}).flat();
    const status = result.status_code >= 400 && result.status_code < 600 ? result.status_code : 422;
    return routeData({ message: result.message, errors, form: { ...created, intent } }, { status });
  }
  return adminPost(
    request,
    context,
    "/admin/notices/update",
    { id, lang, kind, title, summary, body },
    `/admin/notices?kind=${encodeURIComponent(kind)}&id=${encodeURIComponent(id)}&lang=${encodeURIComponent(lang)}`,
  );
}

/**
 * Notices, academy articles, news, protocol pages and banners in all ten languages: pick one, pick
 * a language, rewrite it; unpublish it or publish it again; or publish a new one in English.
 */
export default function AdminNotices({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { me, kind, kinds, list, editing, writing, required } = loaderData;
  const failed = actionData as AdminActionData;
  const canEdit = me.permissions.includes("products");
  const all = (failed?.form ?? {}) as Record<string, string | undefined>;
  // A refused new post keeps its own fields and error, apart from the editor's.
  const creating = all.intent === "create";
  const form = creating ? {} : all;
  const createForm = creating ? all : {};
  const current = editing ? list.find((n) => n.id === editing.id) : undefined;
  return (
    <AdminLayout me={me} title={t("notices.title")}>
      <nav aria-label={t("notices.kind")} className="mt-2 flex flex-wrap gap-3">
        {kinds.map((k) => (
          <Link
            key={k}
            to={`/admin/notices?kind=${k}`}
            className={k === kind ? "font-semibold underline" : "text-muted"}
          >
            {t(`notices.kinds.${k}`)}
          </Link>
        ))}
      </nav>
      {canEdit && !editing && !writing && !creating && (
        <Link to={`/admin/notices?kind=${kind}&new=1`} className="btn btn-primary mt-4">
          {t("notices.new_post")}
        </Link>
      )}
      {/* A refusal with no editor open to show it in (say, of a post that is not there). */}
      {!creating && !editing && <FormError message={failed?.message} errors={failed?.errors} />}
      {/* A view of its own, never beside the editor: one form with a "Title" at a time. */}
      {canEdit && !editing && (writing || creating) && (
        <section className="card mt-4 max-w-3xl" aria-labelledby="new-post">
          <h2 id="new-post" className="font-semibold">
            {t("notices.new_post")} · {t(`notices.kinds.${kind}`)}
          </h2>
          <p className="mt-1 text-xs text-muted">{t("notices.new_hint")}</p>
          <Form method="post" className="mt-4 grid gap-2">
            <input type="hidden" name="intent" value="create" />
            <input type="hidden" name="kind" value={kind} />
            <label className="text-muted">
              {t("notices.title_field")}
              <input
                name="title"
                className="input mt-1"
                required
                maxLength={ADMIN_MAX.title}
                defaultValue={createForm.title ?? ""}
              />
            </label>
            {kind === "academy" && (
              <label className="text-muted">
                {t("notices.category")}
                <select name="category" className="input mt-1" defaultValue={createForm.category ?? "basics"}>
                  {ACADEMY_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {t(`academy.categories.${c}`, { ns: "content" })}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label className="text-muted">
              {t("notices.summary")}
              <input
                name="summary"
                className="input mt-1"
                maxLength={ADMIN_MAX.summary}
                defaultValue={createForm.summary ?? ""}
              />
            </label>
            {kind === "banner" ? (
              <label className="text-muted">
                {t("notices.link")}
                <input
                  name="link"
                  className="input mt-1"
                  maxLength={ADMIN_MAX.link}
                  placeholder="/share"
                  aria-describedby="new-post-link-hint"
                  defaultValue={createForm.link ?? ""}
                />
                <span id="new-post-link-hint" className="mt-1 block text-xs">
                  {t("notices.link_hint")}
                </span>
              </label>
            ) : (
              <label className="text-muted">
                {t("notices.body")}
                <textarea
                  name="body"
                  className="input mt-1 h-48 font-mono"
                  required
                  maxLength={ADMIN_MAX.body}
                  defaultValue={createForm.body ?? ""}
                />
              </label>
            )}
            {creating && <FormError message={failed?.message} errors={failed?.errors} />}
            <button type="submit" className="btn btn-primary">
              {t("notices.publish")}
            </button>
          </Form>
        </section>
      )}
      <AdminTable
        head={[t("common.id"), t("notices.title_field"), t("notices.langs"), t("common.status"), ""]}
      >
        {list.map((n) => (
          <tr key={n.id} data-testid={`post-${n.id}`}>
            <td className={cell}>{n.id}</td>
            <td className={cell}>{n.title}</td>
            <td className={cell}>{n.langs.join(" ")}</td>
            <td className={cell}>
              {n.published ? (
                t("notices.published")
              ) : (
                <strong className="text-down">{t("notices.unpublished")}</strong>
              )}
            </td>
            <td className={cell}>
              <Link className="text-up underline" to={`/admin/notices?kind=${kind}&id=${n.id}&lang=en`}>
                {canEdit ? t("notices.edit") : t("notices.view")}
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      {editing && (
        <section className="card mt-6 max-w-3xl" aria-labelledby="editing">
          <h2 id="editing" className="font-semibold">
            #{editing.id} · {LANGUAGE_INFO[editing.lang as keyof typeof LANGUAGE_INFO]?.name ?? editing.lang}
          </h2>
          <nav aria-label={t("notices.language")} className="mt-2 flex flex-wrap gap-2">
            {LANGUAGES.map((l) => (
              <Link
                key={l}
                to={`/admin/notices?kind=${kind}&id=${editing.id}&lang=${l}`}
                className={l === editing.lang ? "font-semibold underline" : "text-muted"}
              >
                {l}
              </Link>
            ))}
          </nav>
          <Form method="post" className="mt-4 grid gap-2">
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="lang" value={editing.lang} />
            <input type="hidden" name="kind" value={kind} />
            <label className="text-muted">
              {t("notices.title_field")}
              <input
                name="title"
                className="input mt-1"
                required
                maxLength={ADMIN_MAX.title}
                defaultValue={form.title ?? editing.title}
                readOnly={!canEdit}
              />
            </label>
            <label className="text-muted">
              {t("notices.summary")}
              <input
                name="summary"
                className="input mt-1"
                maxLength={ADMIN_MAX.summary}
                defaultValue={form.summary ?? editing.summary}
                readOnly={!canEdit}
              />
            </label>
            {kind !== "banner" && (
              <label className="text-muted">
                {t("notices.body")}
                <textarea
                  name="body"
                  className="input mt-1 h-64 font-mono"
                  required
                  defaultValue={form.body ?? editing.body}
                  readOnly={!canEdit}
                />
              </label>
            )}
            {!creating && <FormError message={failed?.message} errors={failed?.errors} />}
            {canEdit && (
              <button type="submit" className="btn btn-primary">
                {t("common.save")}
              </button>
            )}
          </Form>
          {current && !current.published && (
            <p role="note" className="field-error mt-4">
              {t("notices.unpublished_note")}
            </p>
          )}
          {current && required && <p className="mt-4 text-xs text-muted">{t("notices.required_note")}</p>}
          {current && canEdit && !required && (
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 border-t border-line pt-4">
              <input type="hidden" name="id" value={current.id} />
              <input type="hidden" name="kind" value={kind} />
              <input type="hidden" name="lang" value={editing?.lang ?? "en"} />
              {current.published ? (
                <>
                  <button type="submit" name="intent" value="unpublish" className="btn btn-secondary">
                    {t("notices.unpublish")}
                  </button>
                  <span className="text-xs text-muted">{t("notices.unpublish_hint")}</span>
                </>
              ) : (
                <button type="submit" name="intent" value="publish" className="btn btn-primary">
                  {t("notices.republish")}
                </button>
              )}
            </Form>
          )}
        </section>
      )}
    </AdminLayout>
  );
}
