import { Form } from "react-router";
import { type AdminActionData, adminApi, adminPost, requireOperator } from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell, FormError } from "../components/admin/layout.tsx";
import { useDates } from "../components/dates.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-ledger";

export const handle: RouteHandle = { title: "admin:ledger.title", bare: true, i18n: ["admin"] };

type Overview = {
  totals: {
    coin: string;
    owner_type: string;
    kind: string;
    available: string;
    frozen: string;
    accounts: number;
  }[];
  last_audit: { id: number; ok: boolean; report: string; at: string } | null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const overview = (await adminApi(request, context).data("/admin/ledger")) as Overview;
  return { me, overview };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, "/admin/ledger/audit", {}, "/admin/ledger");
}

/** The ledger at a glance: what every kind of account holds per coin, and the newest audit. */
export default function AdminLedger({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const n = useNumbers();
  const dates = useDates();
  const { me, overview } = loaderData;
  const failed = actionData as AdminActionData;
  const last = overview.last_audit;
  return (
    <AdminLayout me={me} title={t("ledger.title")}>
      <section className="card mt-4 max-w-3xl" data-testid="ledger-audit">
        <h2 className="font-semibold">{t("ledger.audit")}</h2>
        {last ? (
          <>
            <p className={`mt-1 ${last.ok ? "text-up" : "text-down"}`}>
              {last.ok ? t("ledger.passed") : t("ledger.failed")} · {dates.dateTime(last.at)} UTC
            </p>
            <pre className="mt-2 whitespace-pre-wrap break-words text-xs text-muted">{last.report}</pre>
          </>
        ) : (
          <p className="mt-1 text-muted">{t("ledger.never")}</p>
        )}
        {me.permissions.includes("review") && (
          <Form method="post" className="mt-3">
            <button type="submit" className="btn btn-primary">
              {t("ledger.run")}
            </button>
          </Form>
        )}
        <FormError message={failed?.message} errors={failed?.errors} />
      </section>
      <h2 className="mt-6 font-semibold">{t("ledger.totals")}</h2>
      <AdminTable
        head={[
          t("deposits.coin"),
          t("ledger.account"),
          t("customers.available"),
          t("customers.frozen"),
          t("ledger.accounts"),
        ]}
      >
        {overview.totals.map((r) => (
          <tr key={`${r.coin}-${r.owner_type}-${r.kind}`}>
            <td className={cell}>{r.coin}</td>
            <td className={cell}>
              {r.owner_type === "user"
                ? t("ledger.customers", { kind: r.kind })
                : t("ledger.platform", { kind: r.kind })}
            </td>
            <td className={`${cell} tabular-nums`}>{n.qty(r.available)}</td>
            <td className={`${cell} tabular-nums`}>{n.qty(r.frozen)}</td>
            <td className={`${cell} tabular-nums`}>{r.accounts}</td>
          </tr>
        ))}
      </AdminTable>
    </AdminLayout>
  );
}
