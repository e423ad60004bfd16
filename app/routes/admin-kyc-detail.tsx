import { Form, Link } from "react-router";
import { ADMIN_MAX } from "../../platform/contract/admin-limits.ts";
import { type AdminActionData, adminApi, adminPost, formFields, requireOperator } from "../.server/admin.ts";
import { AdminLayout, FormError } from "../components/admin/layout.tsx";
import { useDates } from "../components/dates.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-kyc-detail";
import type { KycRow } from "./admin-kyc.tsx";

export const handle: RouteHandle = { title: "admin:kyc.title", bare: true, i18n: ["admin"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const id = /^\d{1,9}$/.test(params.id) ? params.id : "0";
  const application = (await adminApi(request, context).data("/admin/kyc/show", { id })) as KycRow;
  return { me, application };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { intent, reason = "" } = await formFields(request);
  const id = params.id;
  if (intent === "approve") return adminPost(request, context, "/admin/kyc/approve", { id }, "/admin/kyc");
  return adminPost(request, context, "/admin/kyc/reject", { id, reason }, "/admin/kyc");
}

/** One verification: the details, the document images (operators only) and the decision. */
export default function AdminKycDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const dates = useDates();
  const { me, application: a } = loaderData;
  const failed = actionData as AdminActionData;
  const canDecide = me.permissions.includes("review") && a.status === "pending";
  const rows: [string, string][] = [
    [t("common.account"), `${a.account} (UID ${a.uid})`],
    [t("kyc.level"), t(`kyc.levels.${a.level}`)],
    [t("common.status"), t(`kyc.statuses.${a.status}`)],
    [t("kyc.name"), a.real_name],
    [t("kyc.document"), `${a.document_type} ${a.id_number}`],
    [t("kyc.country"), a.country],
    [t("common.created"), dates.dateTime(a.submitted_at)],
  ];
  if (a.decided_by)
    rows.push([t("kyc.decided"), `${a.decided_by} · ${a.decided_at ? dates.dateTime(a.decided_at) : ""}`]);
  if (a.reason) rows.push([t("common.reason"), a.reason]);
  return (
    <AdminLayout me={me} title={`${t("kyc.title")} #${a.id}`}>
      <p className="mt-2">
        <Link className="text-muted underline" to="/admin/kyc">
          {t("common.back")}
        </Link>
      </p>
      <dl className="card mt-4 grid max-w-2xl grid-cols-[10rem_minmax(0,1fr)] gap-2 wrap-anywhere">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {a.documents.length > 0 && (
        <section className="mt-6">
          <h2 className="font-semibold">{t("kyc.documents")}</h2>
          <ul className="mt-2 grid gap-4 sm:grid-cols-3">
            {a.documents.map((d) => (
              <li key={d.upload_id}>
                <p className="text-muted">{t(`kyc.sides.${d.side}`)}</p>
                <a href={`/admin/media/${d.upload_id}`} target="_blank" rel="noreferrer">
                  <img
                    src={`/admin/media/${d.upload_id}`}
                    alt={t(`kyc.sides.${d.side}`)}
                    className="mt-1 max-h-64 rounded border border-line"
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {canDecide && (
        <section className="mt-6 grid max-w-2xl gap-4 sm:grid-cols-2">
          <Form method="post" className="card">
            <input type="hidden" name="intent" value="approve" />
            <button type="submit" className="btn btn-primary w-full">
              {t("common.approve")}
            </button>
          </Form>
          <Form method="post" className="card">
            <input type="hidden" name="intent" value="reject" />
            <label htmlFor="reason" className="block text-muted">
              {t("common.reason")}
            </label>
            <textarea
              id="reason"
              name="reason"
              className="input mt-1 h-20"
              maxLength={ADMIN_MAX.reason}
              placeholder={t("kyc.reason_placeholder")}
            />
            <button type="submit" className="btn btn-secondary mt-2 w-full">
              {t("common.reject")}
            </button>
          </Form>
        </section>
      )}
      <FormError message={failed?.message} errors={failed?.errors} />
    </AdminLayout>
  );
}
