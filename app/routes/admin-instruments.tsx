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
import type { Route } from "./+types/admin-instruments";

export const handle: RouteHandle = { title: "admin:instruments.title", bare: true, i18n: ["admin"] };

type Instrument = {
  code: string;
  status: "active" | "paused";
  price_precision: number;
  max_leverage: number | null;
  maker_fee: string;
  taker_fee: string;
  spot_fee: string;
  liquidity_spread: string;
  liquidity_max_size: string;
};
const FIELDS = [
  "price_precision",
  "max_leverage",
  "maker_fee",
  "taker_fee",
  "spot_fee",
  "liquidity_spread",
  "liquidity_max_size",
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const list = (await adminApi(request, context).data("/admin/instruments")) as Instrument[];
  return { me, list };
}

export async function action({ request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  const body = pickFields(f, ["code", "status", ...FIELDS]);
  return adminPost(request, context, "/admin/instruments/update", body, "/admin/instruments");
}

/**
 * Every instrument: pause or resume it, its price precision, maximum leverage, fees and the
 * limits of the platform's liquidity quotes.
 */
export default function AdminInstruments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { me, list } = loaderData;
  const failed = actionData as AdminActionData;
  const canEdit = me.permissions.includes("products");
  return (
    <AdminLayout me={me} title={t("instruments.title")}>
      <p className="mt-2 text-muted">{t("instruments.note")}</p>
      <p className="mt-1 text-muted">{t("instruments.liquidity_note")}</p>
      <FormError message={failed?.message} errors={failed?.errors} />
      <AdminTable
        head={[
          t("customers.instrument"),
          t("common.status"),
          ...FIELDS.map((k) => t(`instruments.${k}`)),
          "",
        ]}
      >
        {list.map((i) => {
          const form = `instrument-${i.code.replace("/", "-")}`;
          return (
            <tr key={i.code} data-testid={form}>
              <td className={`${cell} font-semibold`}>{i.code.toUpperCase()}</td>
              {canEdit ? (
                <>
                  <td className={cell}>
                    <input type="hidden" name="code" value={i.code} form={form} />
                    <select
                      name="status"
                      form={form}
                      defaultValue={i.status}
                      className="input w-auto"
                      aria-label={`${i.code} ${t("common.status")}`}
                    >
                      <option value="active">{t("instruments.statuses.active")}</option>
                      <option value="paused">{t("instruments.statuses.paused")}</option>
                    </select>
                  </td>
                  {FIELDS.map((k) => (
                    <td key={k} className={cell}>
                      <input
                        name={k}
                        form={form}
                        className="input w-24"
                        inputMode={k === "price_precision" || k === "max_leverage" ? "numeric" : "decimal"}
                        defaultValue={i[k] ?? ""}
                        aria-label={`${i.code} ${t(`instruments.${k}`)}`}
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
                  <td className={`${cell} ${i.status === "paused" ? "text-down" : "text-up"}`}>
                    {t(`instruments.statuses.${i.status}`)}
                  </td>
                  {FIELDS.map((k) => (
                    <td key={k} className={`${cell} tabular-nums`}>
                      {i[k] ?? "—"}
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
