import { Form, Link } from "react-router";
import { ADMIN_MAX } from "../../platform/contract/admin-limits.ts";
import { type AdminActionData, adminApi, adminPost, formFields, requireOperator } from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell, FormError } from "../components/admin/layout.tsx";
import { useDates } from "../components/dates.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-withdrawals";

export const handle: RouteHandle = { title: "admin:withdrawals.title", bare: true, i18n: ["admin"] };

type Row = {
  id: number;
  uid: string;
  account: string;
  coin: string;
  network: string;
  address: string;
  amount: string;
  fee: string;
  receive: string;
  status: string;
  txid: string;
  reason: string;
  reviewed_by: string;
  created_at: string;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const all = new URL(request.url).searchParams.get("all") === "1";
  const list = (await adminApi(request, context).data("/admin/withdrawals", {
    all: all ? "1" : "0",
  })) as Row[];
  return { me, list, all };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { intent, id, reason = "", txid = "" } = await formFields(request);
  const back = new URL(request.url).search
    ? `/admin/withdrawals${new URL(request.url).search}`
    : "/admin/withdrawals";
  if (intent === "approve")
    return adminPost(request, context, "/admin/withdrawals/approve", { id, txid: txid || undefined }, back);
  if (intent === "sent") return adminPost(request, context, "/admin/withdrawals/sent", { id, txid }, back);
  return adminPost(request, context, "/admin/withdrawals/reject", { id, reason }, back);
}

/** Withdrawals to approve, reject or mark sent with the chain's transaction id. */
export default function AdminWithdrawals({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const n = useNumbers();
  const dates = useDates();
  const { me, list, all } = loaderData;
  const failed = actionData as AdminActionData;
  const canDecide = me.permissions.includes("review");
  return (
    <AdminLayout me={me} title={t("withdrawals.title")}>
      <p className="mt-2">
        <Link className="text-up underline" to={all ? "/admin/withdrawals" : "/admin/withdrawals?all=1"}>
          {all ? t("withdrawals.show_pending") : t("withdrawals.show_all")}
        </Link>
      </p>
      <FormError message={failed?.message} errors={failed?.errors} />
      {list.length === 0 ? (
        <p className="mt-4 text-muted">{t("common.none")}</p>
      ) : (
        <AdminTable
          head={[
            t("common.id"),
            t("common.account"),
            t("withdrawals.amount"),
            t("withdrawals.address"),
            t("common.status"),
            t("common.created"),
            t("common.actions"),
          ]}
        >
          {list.map((w) => (
            <tr key={w.id} data-testid={`withdrawal-${w.id}`}>
              <td className={cell}>{w.id}</td>
              <td className={cell}>
                {w.account}
                <br />
                <span className="text-muted">UID {w.uid}</span>
              </td>
              <td className={`${cell} tabular-nums`}>
                {n.qty(w.amount)} {w.coin}
                <br />
                <span className="text-muted">
                  {t("withdrawals.fee")} {n.qty(w.fee)} · {t("withdrawals.receive")} {n.qty(w.receive)}
                </span>
              </td>
              <td className={`${cell} break-all`}>
                {w.network} · {w.address}
                {w.txid && (
                  <>
                    <br />
                    <span className="text-muted">
                      {t("common.txid")}: {w.txid}
                    </span>
                  </>
                )}
              </td>
              <td className={cell}>
                {t(`withdrawals.statuses.${w.status}`)}
                {w.reason && <span className="block text-muted">{w.reason}</span>}
              </td>
              <td className={cell}>{dates.dateTime(w.created_at)}</td>
              <td className={`${cell} min-w-56`}>
                {canDecide && w.status === "pending" && (
                  <div className="grid gap-2">
                    <Form method="post">
                      <input type="hidden" name="id" value={w.id} />
                      <input type="hidden" name="intent" value="approve" />
                      <button type="submit" className="btn btn-primary w-full">
                        {t("common.approve")}
                      </button>
                    </Form>
                    <Form method="post" className="flex gap-1">
                      <input type="hidden" name="id" value={w.id} />
                      <input type="hidden" name="intent" value="reject" />
                      <input
                        name="reason"
                        className="input"
                        aria-label={t("common.reason")}
                        placeholder={t("common.reason")}
                        maxLength={ADMIN_MAX.reason}
                      />
                      <button type="submit" className="btn btn-secondary">
                        {t("common.reject")}
                      </button>
                    </Form>
                  </div>
                )}
                {canDecide && w.status === "success" && !w.txid && (
                  <Form method="post" className="flex gap-1">
                    <input type="hidden" name="id" value={w.id} />
                    <input type="hidden" name="intent" value="sent" />
                    <input
                      name="txid"
                      className="input"
                      aria-label={t("common.txid")}
                      placeholder={t("common.txid")}
                      maxLength={ADMIN_MAX.txid}
                    />
                    <button type="submit" className="btn btn-secondary">
                      {t("withdrawals.mark_sent")}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminLayout>
  );
}
