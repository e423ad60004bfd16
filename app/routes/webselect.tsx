import { compare } from "../../platform/contract/decimal.ts";
import { apiClient } from "../.server/api.ts";
import { allProducts } from "../.server/earn.ts";
import { percent } from "../components/earn/calc.ts";
import { ChoiceCard } from "../components/earn/choice-card.tsx";
import type { Product, ProductKind } from "../components/earn/types.ts";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/webselect";

// The earn chooser: every way to earn, each with its best figure of the moment, one tap away.
export const handle: RouteHandle = {
  title: "earn:webselect_title",
  back: "/coinlist",
  hideNav: true,
  i18n: ["earn"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiClient(request, context);
  const [products, fortune, projects, checkin] = await Promise.all([
    allProducts(api),
    api.data("/earn/fortune/offer"),
    api.data("/launchpad/projects"),
    api.data("/earn/checkin"),
  ]);
  const best = (kind: ProductKind) =>
    products
      .filter((p: Product) => p.kind === kind && p.status === "active")
      .reduce<string | null>(
        (top, p) => (top === null || compare(p.daily_rate, top) > 0 ? p.daily_rate : top),
        null,
      );
  return {
    best: { mining: best("mining"), staking: best("staking"), lockup: best("lockup") },
    fortuneRate: fortune.daily_rate,
    live: projects.filter((p) => p.status === "live").length,
    checkin: { claimed: checkin.claimed_today, next: checkin.next_reward },
  };
}

export default function WebSelect({ loaderData }: Route.ComponentProps) {
  const n = useNumbers();
  const { t } = useTranslation("earn");
  const { best, fortuneRate, live, checkin } = loaderData;
  const upTo = (rate: string | null) =>
    rate ? <span className="up">{t("up_to", { rate: percent(rate, 1, n.lang) })}</span> : undefined;
  return (
    <div className="px-4 pb-6">
      <p className="mt-4 text-sm text-muted">{t("webselect_intro")}</p>
      <ul aria-label={t("webselect_title")}>
        <ChoiceCard
          to="/coinlist?type=mining"
          icon="block"
          title={t("kinds.mining")}
          body={t("choices.mining")}
          figure={upTo(best.mining)}
        />
        <ChoiceCard
          to="/coinlist?type=staking"
          icon="staking"
          title={t("kinds.staking")}
          body={t("choices.staking")}
          figure={upTo(best.staking)}
        />
        <ChoiceCard
          to="/lockup"
          icon="lock"
          title={t("kinds.lockup")}
          body={t("choices.lockup")}
          figure={upTo(best.lockup)}
        />
        <ChoiceCard
          to="/fortune"
          icon="percent"
          title={t("fortune_title")}
          body={t("choices.fortune")}
          figure={<span className="up">{t("rate_a_day", { rate: percent(fortuneRate, 1, n.lang) })}</span>}
        />
        <ChoiceCard
          to="/ico_details"
          icon="launchpad"
          title={t("launchpad_title")}
          body={t("choices.launchpad")}
          figure={live > 0 ? <span className="up">{t("live_count", { count: live })}</span> : undefined}
        />
        <ChoiceCard
          to="/webhome"
          icon="gift"
          title={t("webhome_title")}
          body={t("choices.checkin")}
          figure={
            checkin.claimed ? (
              <span className="text-muted">{t("claimed_short")}</span>
            ) : (
              <span className="text-accent">+{n.amount(checkin.next, 0)} USDT</span>
            )
          }
        />
      </ul>
    </div>
  );
}
