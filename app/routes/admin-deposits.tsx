import { Form } from "react-router";
import { ADMIN_MAX } from "../../platform/contract/admin-limits.ts";
import { type AdminActionData, adminApi, adminPost, formFields, requireOperator } from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell, FormError } from "../components/admin/layout.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-deposits";

export const handle: RouteHandle = { title: "admin:deposits.title", bare: true, i18n: ["admin"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const fiat = await adminApi(request, context).data("/admin/fiat");
  return { me, fiat };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { intent, ...fields } = await formFields(request);
  if (intent === "fiat_approve")
    return adminPost(request, context, "/admin/fiat/approve", { id: fields.id }, "/admin/deposits");
  if (intent === "fiat_reject")
    return adminPost(
      request,
      context,
      "/admin/fiat/reject",
      { id: fields.id, reason: fields.reason ?? "" },
      "/admin/deposits",
    );
  return adminPost(
    request,
    context,
    "/admin/deposits/credit",
    {
      account: fields.account ?? "",
      coin: fields.coin ?? "",
      amount: fields.amount ?? "",
      network: fields.network || undefined,
      txid: fields.txid || undefined,
    },
    "/admin/deposits",
  );
}

/** Fiat recharges to confirm, and crediting a confirmed chain deposit by hand. */
export default function AdminDeposits({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const n = useNumbers();
  const { me, fiat } = loaderData;
  const failed = actionData as AdminActionData;
  const canDecide = me.permissions.includes("review");
  const form = (failed?.form ?? {}) as Record<string, string | undefined>;
  return (
    <AdminLayout me={me} title={t("deposits.title")}>
      <FormError message={failed?.message} errors={failed?.errors} />
      <h2 className="mt-6 font-semibold">{t("deposits.fiat")}</h2>
      {fiat.length === 0 ? (
        <p className="mt-2 text-muted">{t("common.none")}</p>
      ) : (
        <AdminTable
          head={[
            t("common.id"),
            t("common.account"),
            t("deposits.method"),
            t("deposits.amount"),
            t("deposits.reference"),
            t("common.actions"),
          ]}
        >
          {fiat.map((r) => (
            <tr key={r.id}>
              <td className={cell}>{r.id}</td>
              <td className={cell}>
                {r.account}
                <br />
                <span className="text-muted">UID {r.uid}</span>
              </td>
              <td className={cell}>{r.method}</td>
              <td className={`${cell} tabular-nums`}>
                {n.qty(r.amount)} {r.currency} → {n.qty(r.credit)} USDT
              </td>
              <td className={cell}>{r.reference}</td>
              <td className={cell}>
                {canDecide && (
                  <div className="grid gap-2">
                    <Form method="post">
                      <input type="hidden" name="id" value={r.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="fiat_approve"
                        className="btn btn-primary w-full"
                      >
                        {t("common.approve")}
                      </button>
                    </Form>
                    <Form method="post" className="flex gap-1">
                      <input type="hidden" name="id" value={r.id} />
                      <input
                        name="reason"
                        className="input"
                        aria-label={t("common.reason")}
                        placeholder={t("common.reason")}
                        maxLength={ADMIN_MAX.reason}
                      />
                      <button type="submit" name="intent" value="fiat_reject" className="btn btn-secondary">
                        {t("common.reject")}
                      </button>
                    </Form>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {canDecide && (
        <Form method="post" className="card mt-8 grid max-w-xl gap-2">
          <h2 className="font-semibold">{t("deposits.credit_title")}</h2>
          <input type="hidden" name="intent" value="credit" />
          {(
            [
              ["account", t("deposits.account"), true],
              ["coin", t("deposits.coin"), true],
              ["amount", t("deposits.amount"), true],
              ["network", t("deposits.network"), false],
              ["txid", t("deposits.txid"), false],
            ] as const
          ).map(([name, label, required]) => (
            <label key={name} className="block text-muted">
              {label}
              <input name={name} className="input mt-1" required={required} defaultValue={form[name]} />
            </label>
          ))}
          <button type="submit" className="btn btn-primary mt-2">
            {t("deposits.credit")}
          </button>
        </Form>
      )}
    </AdminLayout>
  );
}
