import { Form, Link } from "react-router";
import type { ApiData } from "../../platform/contract/api.ts";
import { SUPPORT_QUEUES } from "../../platform/contract/support-rules.ts";
import { adminApi, requireOperator } from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell } from "../components/admin/layout.tsx";
import { useDates } from "../components/dates.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-support";

export const handle: RouteHandle = { title: "admin:support.title", bare: true, i18n: ["admin"] };

export type SupportRow = ApiData<"GET", "/admin/support">[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const asked = new URL(request.url).searchParams.get("queue") ?? "waiting";
  const queue = SUPPORT_QUEUES.find((known) => known === asked) ?? "waiting";
  const list = await adminApi(request, context).data("/admin/support", { queue });
  return { me, list, queue };
}

/** The support queue: chats waiting for an operator first; this operator's own; open or closed. */
export default function AdminSupport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const dates = useDates();
  const { me, list, queue } = loaderData;
  return (
    <AdminLayout me={me} title={t("support.title")}>
      <Form method="get" className="mt-4 flex items-end gap-2">
        <label className="text-muted" htmlFor="queue">
          {t("support.queue")}
        </label>
        <select id="queue" name="queue" defaultValue={queue} className="input w-auto">
          {SUPPORT_QUEUES.map((q) => (
            <option key={q} value={q}>
              {t(`support.queues.${q}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-secondary">
          {t("common.filter")}
        </button>
      </Form>
      {list.length === 0 ? (
        <p className="mt-4 text-muted">{t("common.none")}</p>
      ) : (
        <AdminTable
          head={[
            t("common.id"),
            t("common.account"),
            t("support.last"),
            t("support.unread"),
            t("support.operator"),
            t("common.status"),
            t("support.updated"),
            "",
          ]}
        >
          {list.map((c) => (
            <tr key={c.id} data-testid={`support-row-${c.id}`}>
              <td className={cell}>{c.id}</td>
              <td className={cell}>
                {c.account}
                <br />
                <span className="text-muted">UID {c.uid}</span>
              </td>
              <td className={`${cell} max-w-xs break-words`}>{c.last || t("support.image_only")}</td>
              <td className={`${cell} tabular-nums`}>{c.unread}</td>
              <td className={cell}>{c.operator || t("support.nobody")}</td>
              <td className={cell}>{t(`support.statuses.${c.status}`)}</td>
              <td className={cell}>{dates.dateTime(c.updated_at)}</td>
              <td className={cell}>
                <Link className="text-up underline" to={`/admin/support/${c.id}`}>
                  {t("support.open_chat")}
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminLayout>
  );
}
