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
import type { Route } from "./+types/admin-timed";

export const handle: RouteHandle = { title: "admin:timed.title", bare: true, i18n: ["admin"] };

type TimedProduct = {
  id: number;
  code: string;
  period_seconds: number;
  odds: string;
  fee_rate: string;
  min_amount: string;
  max_amount: string;
  enabled: boolean;
  sort: number;
};
const FIELDS = ["odds", "fee_rate", "min_amount", "max_amount", "sort"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const list = (await adminApi(request, context).data("/admin/timed-products")) as TimedProduct[];
  return { me, list };
}

export async function action({ request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  const body = pickFields(f, ["id", "enabled", ...FIELDS]);
  return adminPost(request, context, "/admin/timed-products/update", body, "/admin/timed");
}

/** Timed contracts: each one's odds, fee rate, bet limits, whether it takes bets and its order. */
export default function AdminTimed({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { me, list } = loaderData;
  const failed = actionData as AdminActionData;
  const canEdit = me.permissions.includes("products");
  return (
    <AdminLayout me={me} title={t("timed.title")}>
      <p className="mt-2 text-muted">{t("timed.note")}</p>
      <FormError message={failed?.message} errors={failed?.errors} />
      <AdminTable
        head={[
          t("customers.instrument"),
          t("timed.period"),
          t("timed.enabled"),
          ...FIELDS.map((k) => t(`timed.${k}`)),
          "",
        ]}
      >
        {list.map((p) => {
          const form = `timed-${p.id}`;
          const label = `${p.code.toUpperCase()} ${p.period_seconds}s`;
          return (
            <tr key={p.id} data-testid={`timed-${p.code.replace("/", "-")}-${p.period_seconds}`}>
              <td className={`${cell} font-semibold`}>{p.code.toUpperCase()}</td>
              <td className={`${cell} tabular-nums`}>{p.period_seconds}s</td>
              {canEdit ? (
                <>
                  <td className={cell}>
                    <input type="hidden" name="id" value={p.id} form={form} />
                    <select
                      name="enabled"
                      form={form}
                      defaultValue={String(p.enabled)}
                      className="input w-auto"
                      aria-label={`${label} ${t("timed.enabled")}`}
                    >
                      <option value="true">{t("timed.on")}</option>
                      <option value="false">{t("timed.off")}</option>
                    </select>
                  </td>
                  {FIELDS.map((k) => (
                    <td key={k} className={cell}>
                      <input
                        name={k}
                        form={form}
                        className={`input ${k === "sort" ? "w-16" : "w-24"}`}
                        inputMode={k === "sort" ? "numeric" : "decimal"}
                        defaultValue={String(p[k])}
                        aria-label={`${label} ${t(`timed.${k}`)}`}
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
                  <td className={`${cell} ${p.enabled ? "text-up" : "text-down"}`}>
                    {p.enabled ? t("timed.on") : t("timed.off")}
                  </td>
                  {FIELDS.map((k) => (
                    <td key={k} className={`${cell} tabular-nums`}>
                      {p[k]}
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
