import { Form, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { flashToast } from "../.server/session.ts";
import { checkinDays } from "../components/earn/calc.ts";
import { ChoiceCard } from "../components/earn/choice-card.tsx";
import { Submit } from "../components/form.tsx";
import { Icon } from "../components/icon.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/webhome";

// The web home's daily reward: a check-in once per calendar day (UTC), growing with the streak.
export const handle: RouteHandle = { title: "earn:webhome_title", back: "/", hideNav: true, i18n: ["earn"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  return { status: await apiClient(request, context).data("/earn/checkin") };
}

/** Claims today's reward; a second claim the same day is refused with the platform's message. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await apiClient(request, context).post("/earn/checkin");
  flashToast(context, { kind: result.status_code === 200 ? "success" : "error", message: result.message });
  return redirect("/webhome");
}

export default function WebHome({ loaderData }: Route.ComponentProps) {
  const n = useNumbers();
  const { t } = useTranslation("earn");
  const { status } = loaderData;
  const days = checkinDays(status);
  return (
    <div className="px-4 pb-6">
      <section className="promo mt-4" aria-labelledby="checkin-title">
        <div className="flex items-center justify-between gap-3">
          <div>
            <h2 id="checkin-title" className="text-lg font-bold">
              {t("checkin_title")}
            </h2>
            <p className="mt-1 text-sm text-muted">{t("checkin_body")}</p>
          </div>
          <div className="shrink-0 text-center">
            <p className="text-3xl font-bold text-accent" data-testid="streak">
              {status.streak}
            </p>
            <p className="text-xs text-muted">{t("streak_days")}</p>
          </div>
        </div>
        <ol className="mt-4 grid grid-cols-7 gap-1" aria-label={t("checkin_week")}>
          {days.map((d) => (
            <li
              key={d.day}
              className={`flex flex-col items-center rounded-lg border py-2 text-center ${
                d.state === "today"
                  ? "border-accent"
                  : d.state === "claimed"
                    ? "border-up/50 bg-up/10"
                    : "border-line"
              }`}
              aria-label={t(`day_states.${d.state}`, { day: d.day, amount: n.amount(d.reward, 0) })}
            >
              <span className="text-[11px] text-muted">{t("day_short", { day: d.day })}</span>
              <span className={d.state === "claimed" ? "up" : d.state === "today" ? "text-accent" : ""}>
                {d.state === "claimed" ? (
                  <Icon name="check" size={16} />
                ) : (
                  <span className="text-xs font-semibold">{n.amount(d.reward, 0)}</span>
                )}
              </span>
            </li>
          ))}
        </ol>
        {status.claimed_today ? (
          <button type="button" className="btn btn-secondary btn-block mt-5 text-muted" disabled>
            {t("claimed_today")}
          </button>
        ) : (
          <Form method="post">
            <Submit>{t("claim", { amount: n.amount(status.next_reward, 0), coin: "USDT" })}</Submit>
          </Form>
        )}
        <p className="mt-3 text-xs text-muted">{t("checkin_rules")}</p>
      </section>

      <ul className="mt-3" aria-label={t("more_ways")}>
        <ChoiceCard to="/fortune" icon="percent" title={t("fortune_title")} body={t("choices.fortune")} />
        <ChoiceCard to="/webselect" icon="staking" title={t("more_ways")} body={t("more_ways_body")} />
      </ul>
    </div>
  );
}
