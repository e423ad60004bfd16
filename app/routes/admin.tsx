import { Link } from "react-router";
import { requireOperator } from "../.server/admin.ts";
import { AdminLayout } from "../components/admin/layout.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/admin";

export const handle: RouteHandle = { title: "admin:dashboard.title", bare: true, i18n: ["admin"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  return { me: await requireOperator(request, context) };
}

/** The console's first page: what waits for a decision. */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { me } = loaderData;
  const tiles = [
    { key: "support", count: me.queues.support, to: "/admin/support" },
    { key: "support_unread", count: me.queues.support_unread, to: "/admin/support?queue=mine" },
    { key: "kyc", count: me.queues.kyc, to: "/admin/kyc" },
    { key: "withdrawals", count: me.queues.withdrawals, to: "/admin/withdrawals" },
    { key: "fiat", count: me.queues.fiat, to: "/admin/deposits" },
  ];
  return (
    <AdminLayout me={me} title={t("dashboard.title")}>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {tiles.map((tile) => (
          <li key={tile.key} className="card">
            <p className="text-muted">{t(`dashboard.${tile.key}`)}</p>
            <p className="mt-2 text-3xl font-semibold tabular-nums" data-testid={`queue-${tile.key}`}>
              {tile.count}
            </p>
            <Link className="mt-2 inline-block text-up underline" to={tile.to}>
              {t("dashboard.open")}
            </Link>
          </li>
        ))}
      </ul>
    </AdminLayout>
  );
}
