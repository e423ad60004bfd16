import { Form } from "react-router";
import {
  type AdminActionData,
  adminApi,
  adminPost,
  formFields,
  pickFields,
  requireOperator,
} from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell, FormError } from "../components/admin/layout.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-networks";

export const handle: RouteHandle = { title: "admin:networks.title", bare: true, i18n: ["admin"] };

const SWITCHES = ["deposit_enabled", "withdraw_enabled"] as const;
const AMOUNTS = ["min_deposit", "withdraw_fee", "min_withdraw"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const list = await adminApi(request, context).data("/admin/networks");
  return { me, list };
}

export async function action({ request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  const body = pickFields(f, ["coin", "network", ...SWITCHES, ...AMOUNTS]);
  return adminPost(request, context, "/admin/networks/update", body, "/admin/networks");
}

/** Deposit networks: deposits and withdrawals on or off, the minimums and the withdrawal fee. */
export default function AdminNetworks({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { me, list } = loaderData;
  const failed = actionData as AdminActionData;
  const canEdit = me.permissions.includes("products");
  return (
    <AdminLayout me={me} title={t("networks.title")}>
      <p className="mt-2 text-muted">{t("networks.note")}</p>
      <FormError message={failed?.message} errors={failed?.errors} />
      <AdminTable
        head={[
          t("networks.network"),
          ...SWITCHES.map((k) => t(`networks.${k}`)),
          ...AMOUNTS.map((k) => t(`networks.${k}`)),
          "",
        ]}
      >
        {list.map((n) => {
          const form = `network-${n.coin}-${n.network}`;
          const label = `${n.coin} ${n.network}`;
          return (
            <tr key={form} data-testid={form}>
              <td className={`${cell} font-semibold`}>
                {n.coin}
                <span className="block text-muted">{n.network}</span>
              </td>
              {canEdit ? (
                <>
                  {SWITCHES.map((k) => (
                    <td key={k} className={cell}>
                      {k === "deposit_enabled" && (
                        <>
                          <input type="hidden" name="coin" value={n.coin} form={form} />
                          <input type="hidden" name="network" value={n.network} form={form} />
                        </>
                      )}
                      <select
                        name={k}
                        form={form}
                        defaultValue={String(n[k])}
                        className="input w-auto"
                        aria-label={`${label} ${t(`networks.${k}`)}`}
                      >
                        <option value="true">{t("networks.on")}</option>
                        <option value="false">{t("networks.off")}</option>
                      </select>
                    </td>
                  ))}
                  {AMOUNTS.map((k) => (
                    <td key={k} className={cell}>
                      <input
                        name={k}
                        form={form}
                        className="input w-28"
                        inputMode="decimal"
                        defaultValue={n[k]}
                        aria-label={`${label} ${t(`networks.${k}`)}`}
                      />
                    </td>
                  ))}
                  <td className={cell}>
                    <Form method="post" id={form}>
                      <button type="submit" className="btn btn-primary">
                        {t("common.save")}
                      </button>
                    </Form>
                  </td>
                </>
              ) : (
                <>
                  {SWITCHES.map((k) => (
                    <td key={k} className={`${cell} ${n[k] ? "text-up" : "text-down"}`}>
                      {n[k] ? t("networks.on") : t("networks.off")}
                    </td>
                  ))}
                  {AMOUNTS.map((k) => (
                    <td key={k} className={`${cell} tabular-nums`}>
                      {n[k]}
                    </td>
                  ))}
                  <td className={cell} />
                </>
              )}
            </tr>
          );
        })}
      </AdminTable>
    </AdminLayout>
  );
}
