import { Link } from "react-router";
import { apiClient } from "../.server/api.ts";
import { Row } from "../components/earn/rows.tsx";
import { Empty, Figure, LaunchBadge, Pill } from "../components/earn/ui.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import { LocalTime } from "../components/wallet.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/mylaunchpad";

// The user's launchpad subscriptions and their deliveries.
export const handle: RouteHandle = {
  title: "earn:mylaunchpad_title",
  back: "/ico_details",
  hideNav: true,
  i18n: ["earn"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return { subscriptions: await apiClient(request, context).data("/launchpad/mine") };
}

export default function MyLaunchpad({ loaderData }: Route.ComponentProps) {
  const n = useNumbers();
  const { t } = useTranslation("earn");
  const { subscriptions } = loaderData;
  if (subscriptions.length === 0) {
    return <Empty action={{ to: "/ico_details", label: t("all_projects") }}>{t("no_subscriptions")}</Empty>;
  }
  return (
    <div className="px-4 pb-6">
      <ul aria-label={t("mylaunchpad_title")}>
        {subscriptions.map((s) => (
          <li key={s.id}>
            <article className="card mt-3" aria-label={`${s.project.name} (${s.project.token})`}>
              <div className="flex items-center justify-between gap-2">
                <Link to={`/ico_details?id=${s.project.id}`} className="min-w-0 truncate font-semibold">
                  {s.project.name} <span className="text-muted">{s.project.token}</span>
                </Link>
                <Pill tone={s.status === "delivered" ? "up" : "accent"}>
                  {t(`subscription_states.${s.status}`)}
                </Pill>
              </div>
              <div className="mt-3 grid grid-cols-2 gap-3">
                <Figure label={t("paid")}>{n.amount(s.paid, 0)} USDT</Figure>
                <Figure label={t("tokens_of", { token: s.project.token })} className="text-right">
                  <span className={s.status === "delivered" ? "up" : ""}>{n.amount(s.tokens, 0)}</span>
                </Figure>
              </div>
              <dl className="mt-2 text-sm">
                <Row label={t("subscribed_at")}>
                  <LocalTime iso={s.created_at} />
                </Row>
                <Row label={t("project_state")}>
                  <LaunchBadge status={s.project.status} />
                </Row>
                <Row label={s.delivered_at ? t("delivered_at") : t("delivery_after")}>
                  <LocalTime iso={s.delivered_at ?? s.project.ends_at} />
                </Row>
              </dl>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
