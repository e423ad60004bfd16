import { Form, Link } from "react-router";
import { type AdminActionData, adminApi, adminPost, formFields, requireOperator } from "../.server/admin.ts";
import { AdminLayout, AdminTable, cell, FormError } from "../components/admin/layout.tsx";
import { useDates } from "../components/dates.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin-customer";
import type { CustomerRow } from "./admin-customers.tsx";

export const handle: RouteHandle = { title: "admin:customers.title", bare: true, i18n: ["admin"] };

type Detail = {
  customer: CustomerRow;
  balances: { wallet: string; coin: string; available: string; frozen: string }[];
  entries: {
    id: number;
    wallet: string;
    coin: string;
    bucket: string;
    amount: string;
    kind: string;
    at: string;
  }[];
  orders: {
    id: number;
    market: string;
    code: string;
    side: string;
    type: string;
    price: string;
    quantity: string;
    status: string;
    created_at: string;
  }[];
  positions: {
    id: number;
    code: string;
    side: string;
    quantity: string;
    entry_price: string;
    leverage: number;
    margin: string;
    status: string;
    opened_at: string;
  }[];
  sessions: { id: string; device: string; ip: string; method: string; last_seen_at: string }[];
};

const INTENTS = { freeze: "freeze", unfreeze: "unfreeze", end_sessions: "end_sessions" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = await requireOperator(request, context);
  const id = /^\d{1,9}$/.test(params.id) ? params.id : "0";
  const detail = (await adminApi(request, context).data("/admin/customers/show", { id })) as Detail;
  return { me, detail };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { intent = "" } = await formFields(request);
  const path = INTENTS[intent as keyof typeof INTENTS] ?? INTENTS.end_sessions;
  return adminPost(
    request,
    context,
    `/admin/customers/${path}`,
    { id: params.id },
    `/admin/customers/${params.id}`,
  );
}

/** One customer: who, their balances, ledger, orders, positions and sessions; freeze and sign-out. */
export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const n = useNumbers();
  const when = useDates().dateTime;
  const { me, detail } = loaderData;
  const c = detail.customer;
  const failed = actionData as AdminActionData;
  const canAct = me.permissions.includes("review");
  const rows: [string, string][] = [
    ["UID", c.uid],
    [t("customers.email"), c.email],
    [t("customers.phone"), c.phone],
    [t("customers.wallet"), c.wallet_address],
    [t("common.status"), t(`customers.statuses.${c.status}`)],
    [t("customers.joined"), when(c.created_at)],
  ];
  return (
    <AdminLayout me={me} title={`${t("customers.title")} · ${c.uid}`}>
      <p className="mt-2">
        <Link className="text-muted underline" to="/admin/customers">
          {t("common.back")}
        </Link>
      </p>
      <dl
        className="card mt-4 grid max-w-2xl grid-cols-[8rem_minmax(0,1fr)] gap-2 wrap-anywhere"
        data-testid="customer-card"
      >
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted">{k}</dt>
            <dd
              className={`break-all ${k === t("common.status") && c.status === "frozen" ? "text-down" : ""}`}
            >
              {v}
            </dd>
          </div>
        ))}
      </dl>
      <FormError message={failed?.message} errors={failed?.errors} />
      {canAct && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value={c.status === "frozen" ? "unfreeze" : "freeze"} />
            <button
              type="submit"
              className={`btn ${c.status === "frozen" ? "btn-primary" : "btn-secondary text-down"}`}
            >
              {c.status === "frozen" ? t("customers.unfreeze") : t("customers.freeze")}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="end_sessions" />
            <button type="submit" className="btn btn-secondary" disabled={detail.sessions.length === 0}>
              {t("customers.end_sessions")}
            </button>
          </Form>
        </div>
      )}
      {canAct && <p className="mt-2 text-xs text-muted">{t("customers.freeze_note")}</p>}

      <h2 className="mt-6 font-semibold">{t("customers.balances")}</h2>
      {detail.balances.length === 0 ? (
        <p className="mt-2 text-muted">{t("common.none")}</p>
      ) : (
        <AdminTable
          head={[
            t("customers.wallet_kind"),
            t("deposits.coin"),
            t("customers.available"),
            t("customers.frozen"),
          ]}
        >
          {detail.balances.map((b) => (
            <tr key={`${b.wallet}-${b.coin}`}>
              <td className={cell}>{b.wallet}</td>
              <td className={cell}>{b.coin}</td>
              <td className={`${cell} tabular-nums`}>{n.qty(b.available)}</td>
              <td className={`${cell} tabular-nums`}>{n.qty(b.frozen)}</td>
            </tr>
          ))}
        </AdminTable>
      )}

      <h2 className="mt-6 font-semibold">{t("customers.entries")}</h2>
      {detail.entries.length === 0 ? (
        <p className="mt-2 text-muted">{t("common.none")}</p>
      ) : (
        <AdminTable
          head={[t("audit.at"), t("audit.action"), t("customers.wallet_kind"), t("deposits.amount")]}
        >
          {detail.entries.map((e) => (
            <tr key={e.id}>
              <td className={cell}>{when(e.at)}</td>
              <td className={cell}>{e.kind}</td>
              <td className={cell}>
                {e.wallet} · {e.bucket}
              </td>
              <td className={`${cell} tabular-nums ${e.amount.startsWith("-") ? "text-down" : "text-up"}`}>
                {n.qty(e.amount)} {e.coin}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}

      <h2 className="mt-6 font-semibold">{t("customers.orders")}</h2>
      {detail.orders.length === 0 ? (
        <p className="mt-2 text-muted">{t("common.none")}</p>
      ) : (
        <AdminTable
          head={[
            t("common.id"),
            t("customers.instrument"),
            t("customers.side"),
            t("customers.price_qty"),
            t("common.status"),
          ]}
        >
          {detail.orders.map((o) => (
            <tr key={o.id}>
              <td className={cell}>
                {o.id}
                <span className="block text-muted">{when(o.created_at)}</span>
              </td>
              <td className={cell}>
                {o.code.toUpperCase()} · {o.market}
              </td>
              <td className={`${cell} ${o.side === "buy" ? "text-up" : "text-down"}`}>
                {o.side} · {o.type}
              </td>
              <td className={`${cell} tabular-nums`}>
                {o.price ? n.qty(o.price) : "—"} × {n.qty(o.quantity)}
              </td>
              <td className={cell}>{o.status}</td>
            </tr>
          ))}
        </AdminTable>
      )}

      <h2 className="mt-6 font-semibold">{t("customers.positions")}</h2>
      {detail.positions.length === 0 ? (
        <p className="mt-2 text-muted">{t("common.none")}</p>
      ) : (
        <AdminTable
          head={[
            t("common.id"),
            t("customers.instrument"),
            t("customers.side"),
            t("customers.price_qty"),
            t("common.status"),
          ]}
        >
          {detail.positions.map((p) => (
            <tr key={p.id}>
              <td className={cell}>
                {p.id}
                <span className="block text-muted">{when(p.opened_at)}</span>
              </td>
              <td className={cell}>
                {p.code.toUpperCase()} · {p.leverage}x
              </td>
              <td className={`${cell} ${p.side === "buy" ? "text-up" : "text-down"}`}>{p.side}</td>
              <td className={`${cell} tabular-nums`}>
                {n.qty(p.entry_price)} × {n.qty(p.quantity)}
              </td>
              <td className={cell}>{p.status}</td>
            </tr>
          ))}
        </AdminTable>
      )}

      <h2 className="mt-6 font-semibold">{t("customers.sessions")}</h2>
      {detail.sessions.length === 0 ? (
        <p className="mt-2 text-muted">{t("common.none")}</p>
      ) : (
        <AdminTable head={[t("customers.device"), "IP", t("customers.last_seen")]}>
          {detail.sessions.map((s) => (
            <tr key={s.id}>
              <td className={cell}>
                {s.device}
                <span className="block text-muted">{s.method}</span>
              </td>
              <td className={cell}>{s.ip}</td>
              <td className={cell}>{when(s.last_seen_at)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminLayout>
  );
}
