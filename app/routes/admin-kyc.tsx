import { Form, Link } from "react-router";
import { ADMIN_KYC_STATUSES } from "../../platform/contract/kyc-states.ts";
import { adminApi, requireOperator } from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell } from "../components/admin/layout.tsx";
import { useDates } from "../components/dates.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-kyc";

export const handle: RouteHandle = { title: "admin:kyc.title", bare: true, i18n: ["admin"] };

export type KycRow = {
  id: number;
  uid: string;
  account: string;
  level: string;
  status: string;
  real_name: string;
  id_number: string;
  country: string;
  document_type: string;
  documents: { side: string; upload_id: string }[];
  reason: string;
  decided_by: string;
  submitted_at: string;
  decided_at: string | null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const asked = new URL(request.url).searchParams.get("status") ?? "pending";
  const status = ADMIN_KYC_STATUSES.find((known) => known === asked) ?? "pending";
  const list = (await adminApi(request, context).data("/admin/kyc", { status })) as KycRow[];
  return { me, list, status };
}

/** Identity verifications waiting for a decision (or decided ones, by filter). */
export default function AdminKyc({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const dates = useDates();
  const { me, list, status } = loaderData;
  return (
    <AdminLayout me={me} title={t("kyc.title")}>
      <Form method="get" className="mt-4 flex items-end gap-2">
        <label className="text-muted" htmlFor="status">
          {t("common.status")}
        </label>
        <select id="status" name="status" defaultValue={status} className="input w-auto">
          {ADMIN_KYC_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`kyc.statuses.${s}`)}
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
            t("kyc.level"),
            t("kyc.name"),
            t("kyc.document"),
            t("common.status"),
            t("common.created"),
            "",
          ]}
        >
          {list.map((a) => (
            <tr key={a.id}>
              <td className={cell}>{a.id}</td>
              <td className={cell}>
                {a.account}
                <br />
                <span className="text-muted">UID {a.uid}</span>
              </td>
              <td className={cell}>{t(`kyc.levels.${a.level}`)}</td>
              <td className={cell}>{a.real_name}</td>
              <td className={cell}>
                {a.document_type} {a.id_number} {a.country}
              </td>
              <td className={cell}>{t(`kyc.statuses.${a.status}`)}</td>
              <td className={cell}>{dates.dateTime(a.submitted_at)}</td>
              <td className={cell}>
                <Link className="text-up underline" to={`/admin/kyc/${a.id}`}>
                  {t("kyc.review")}
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminLayout>
  );
}
