import { Form, Link } from "react-router";
import { ADMIN_MAX } from "../../platform/contract/admin-limits.ts";
import { adminApi, requireOperator } from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell } from "../components/admin/layout.tsx";
import { useDates } from "../components/dates.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-customers";

export const handle: RouteHandle = { title: "admin:customers.title", bare: true, i18n: ["admin"] };

export type CustomerRow = {
  id: number;
  uid: string;
  email: string;
  phone: string;
  wallet_address: string;
  kind: string;
  status: "active" | "frozen";
  created_at: string;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const list = q ? ((await adminApi(request, context).data("/admin/customers", { q })) as CustomerRow[]) : [];
  return { me, q, list };
}

/** Customer search: part of an e-mail or phone, a UID, a sign-in wallet or a deposit address. */
export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const dates = useDates();
  const { me, q, list } = loaderData;
  return (
    <AdminLayout me={me} title={t("customers.title")}>
      <Form method="get" className="mt-4 flex max-w-2xl flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1">
          <span className="block text-muted">{t("customers.search")}</span>
          <input name="q" defaultValue={q} className="input mt-1" maxLength={ADMIN_MAX.search} required />
        </label>
        <button type="submit" className="btn btn-primary">
          {t("common.filter")}
        </button>
      </Form>
      {q && list.length === 0 && <p className="mt-4 text-muted">{t("common.none")}</p>}
      {list.length > 0 && (
        <AdminTable
          head={[
            "UID",
            t("customers.email"),
            t("customers.phone"),
            t("customers.wallet"),
            t("common.status"),
            t("customers.joined"),
          ]}
        >
          {list.map((c) => (
            <tr key={c.id} data-testid={`customer-${c.uid}`}>
              <td className={cell}>
                <Link className="text-up underline" to={`/admin/customers/${c.id}`}>
                  {c.uid}
                </Link>
              </td>
              <td className={`${cell} break-all`}>{c.email}</td>
              <td className={cell}>{c.phone}</td>
              <td className={`${cell} break-all`}>{c.wallet_address}</td>
              <td className={`${cell} ${c.status === "frozen" ? "text-down" : ""}`}>
                {t(`customers.statuses.${c.status}`)}
              </td>
              <td className={cell}>{dates.date(c.created_at)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminLayout>
  );
}
