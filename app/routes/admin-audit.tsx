import { Form, Link } from "react-router";
import { adminApi, requireOperator } from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell } from "../components/admin/layout.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-audit";

export const handle: RouteHandle = { title: "admin:audit.title", bare: true, i18n: ["admin"] };

type Entry = {
  id: number;
  operator: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  at: string;
};
const FILTERS = ["operator", "action", "target", "from", "to"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const url = new URL(request.url);
  const filter = Object.fromEntries(FILTERS.map((f) => [f, url.searchParams.get(f) ?? ""])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const envelope = await adminApi(request, context).get("/admin/audit", { ...filter, page });
  // The platform answers the console's lists as free rows (adminRows): the page names what it reads.
  const result =
    envelope.status_code === 200
      ? { ...envelope.data, list: envelope.data.list as Entry[] }
      : { list: [] as Entry[], page: 1, has_more: false };
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v));
  return {
    me,
    filter,
    result,
    query: query.toString(),
    error: envelope.status_code === 200 ? null : envelope.message,
  };
}

const json = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v));

/** Everything operators did, newest first: filter, page, export. Nothing here can change a row. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { me, filter, result, query, error } = loaderData;
  const pageLink = (page: number) => `/admin/audit?${query ? `${query}&` : ""}page=${page}`;
  return (
    <AdminLayout me={me} title={t("audit.title")}>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        {FILTERS.map((f) => (
          <label key={f} className="block text-muted">
            {t(`audit.${f}`)}
            <input
              name={f}
              type={f === "from" || f === "to" ? "date" : "text"}
              className="input mt-1 w-40"
              defaultValue={filter[f]}
            />
          </label>
        ))}
        <button type="submit" className="btn btn-secondary">
          {t("common.filter")}
        </button>
        <a className="btn btn-secondary" href={`/admin/audit.csv${query ? `?${query}` : ""}`} download>
          {t("audit.export")}
        </a>
      </Form>
      {error && (
        <p role="alert" className="field-error mt-2">
          {error}
        </p>
      )}
      {result.list.length === 0 ? (
        <p className="mt-4 text-muted">{t("common.none")}</p>
      ) : (
        <AdminTable
          head={[
            t("audit.at"),
            t("audit.operator"),
            t("audit.action"),
            t("audit.target"),
            t("audit.before"),
            t("audit.after"),
          ]}
        >
          {result.list.map((e) => (
            <tr key={e.id} data-testid="audit-row">
              <td className={`${cell} whitespace-nowrap`}>{e.at.slice(0, 19).replace("T", " ")}</td>
              <td className={cell}>{e.operator}</td>
              <td className={cell}>{e.action}</td>
              <td className={cell}>{e.target}</td>
              <td className={`${cell} max-w-xs break-all font-mono`}>{json(e.before)}</td>
              <td className={`${cell} max-w-xs break-all font-mono`}>{json(e.after)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <p className="mt-4 flex gap-4">
        {result.page > 1 && (
          <Link className="text-up underline" to={pageLink(result.page - 1)}>
            {t("common.prev")}
          </Link>
        )}
        {result.has_more && (
          <Link className="text-up underline" to={pageLink(result.page + 1)}>
            {t("common.next")}
          </Link>
        )}
      </p>
    </AdminLayout>
  );
}
