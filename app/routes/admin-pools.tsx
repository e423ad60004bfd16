import { Form } from "react-router";
import { type AdminActionData, adminApi, adminPost, formFields, requireOperator } from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell, FormError } from "../components/admin/layout.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-pools";

export const handle: RouteHandle = { title: "admin:pools.title", bare: true, i18n: ["admin", "earn"] };

const STATUSES = ["active", "paused", "ended"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const list = await adminApi(request, context).data("/admin/products");
  return { me, list };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { id, daily_rate = "", status = "" } = await formFields(request);
  return adminPost(request, context, "/admin/products/update", { id, daily_rate, status }, "/admin/pools");
}

/** Mining pools, staking and lock-up: each one's daily rate and whether it is open. */
export default function AdminPools({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { me, list } = loaderData;
  const failed = actionData as AdminActionData;
  const canEdit = me.permissions.includes("products");
  return (
    <AdminLayout me={me} title={t("pools.title")}>
      <p className="mt-2 text-muted">{t("pools.note")}</p>
      <FormError message={failed?.message} errors={failed?.errors} />
      <AdminTable
        head={[
          t("common.id"),
          t("pools.product"),
          t("pools.remaining"),
          t("pools.rate"),
          t("common.status"),
          "",
        ]}
      >
        {list.map((p) => (
          <tr key={p.id} data-testid={`pool-${p.name_key}`}>
            <td className={cell}>{p.id}</td>
            <td className={cell}>
              {t(`earn:products.${p.name_key}`, { defaultValue: p.name_key })}
              <span className="block text-muted">
                {p.kind} · {p.coin}
              </span>
            </td>
            <td className={`${cell} tabular-nums`}>
              {p.pool_remaining} / {p.pool_total}
            </td>
            {canEdit ? (
              <td className={cell} colSpan={3}>
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="id" value={p.id} />
                  <input
                    name="daily_rate"
                    className="input w-32"
                    inputMode="decimal"
                    defaultValue={p.daily_rate}
                    aria-label={t("pools.rate")}
                  />
                  <select
                    name="status"
                    defaultValue={p.status}
                    className="input w-auto"
                    aria-label={t("common.status")}
                  >
                    {STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {t(`pools.statuses.${s}`)}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="btn btn-primary">
                    {t("common.save")}
                  </button>
                </Form>
              </td>
            ) : (
              <>
                <td className={`${cell} tabular-nums`}>{p.daily_rate}</td>
                <td className={cell}>{t(`pools.statuses.${p.status}`)}</td>
                <td className={cell} />
              </>
            )}
          </tr>
        ))}
      </AdminTable>
    </AdminLayout>
  );
}
