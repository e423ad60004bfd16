import { Link } from "react-router";
import { apiClient } from "../.server/api.ts";
import { homeContent } from "../.server/content.ts";
import { getI18n } from "../.server/i18n.ts";
import { marketEntries } from "../.server/market.ts";
import { getToken } from "../.server/session.ts";
import { Banners, InterestPromo, NoticeTicker } from "../components/content/home-content.tsx";
import { percent } from "../components/earn/calc.ts";
import { dailyIncome } from "../components/earn/live.ts";
import { Icon, type IconName } from "../components/icon.tsx";
import { marketHref } from "../components/market/links.ts";
import { MarketList } from "../components/market/market-list.tsx";
import { numbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import { useSite } from "../hooks.ts";
import { hasScreen } from "../route-table.ts";
import type { Route } from "./+types/home";

export const handle: RouteHandle = { i18n: ["home", "market"], hideHeader: true };

// The shortcut grid: each appears once its screen exists in the route table.
const SHORTCUTS = [
  { to: "/recharge", key: "recharge" },
  { to: "/share", key: "invite" },
  { to: "/coinlist", key: "staking" },
  { to: "/ico_details", key: "launchpad" },
  { to: "/customerservice", key: "service" },
  { to: "/academy", key: "academy" },
  { to: "/noticelist", key: "notices" },
  { to: "/download", key: "download" },
  { to: "/language", key: "language" },
] as const satisfies readonly { to: string; key: IconName }[];

export async function loader({ request, context }: Route.LoaderArgs) {
  const n = numbers(getI18n(context).language);
  const [markets, content, fortune] = await Promise.all([
    marketEntries(request, context),
    homeContent(request, context),
    apiClient(request, context).data("/earn/fortune/offer"),
  ]);
  // The promo states the daily-interest wallet's live terms, as its own screen does.
  const promo = {
    rate: percent(fortune.daily_rate, 1, n.lang, 0),
    income: n.amount(dailyIncome("100", fortune.daily_rate) ?? "0", 0),
    reward: n.amount(fortune.first_reward, 0),
  };
  return { signedIn: Boolean(getToken(context)), markets, promo, ...content };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("home");
  const { signedIn, markets, promo, slides, notices } = loaderData;
  const site = useSite();
  const shortcuts = SHORTCUTS.filter((s) => hasScreen(s.to));
  return (
    <div>
      <header className="flex items-center justify-between px-4 h-12">
        <span className="text-lg font-bold text-accent">{site.sitename}</span>
        <nav className="flex gap-1">
          {hasScreen("/markets") && (
            <Link to="/markets" className="topbar-back" aria-label={t("markets_title")}>
              <Icon name="trades" />
            </Link>
          )}
          <Link to="/language" className="topbar-back" aria-label={t("common:titles.language")}>
            <Icon name="language" />
          </Link>
          <Link
            to="/customerservice"
            className="topbar-back"
            aria-label={t("common:titles.customer_service")}
          >
            <Icon name="service" />
          </Link>
        </nav>
      </header>

      <Banners slides={slides} />
      <NoticeTicker notices={notices} />

      <section className="card mx-4 mt-4">
        <h2 className="text-xl font-bold">{t("welcome_title", { site: site.sitename })}</h2>
        <p className="mt-1 text-muted">{t("welcome_body")}</p>
        {!signedIn && hasScreen("/login") && (
          <div className="mt-4 grid grid-cols-2 gap-3">
            <Link to="/resgister" className="btn btn-primary">
              {t("common:actions.register")}
            </Link>
            <Link to="/login" className="btn btn-secondary">
              {t("common:actions.login")}
            </Link>
          </div>
        )}
      </section>

      <nav aria-label={t("shortcuts_label")} className="grid grid-cols-4 gap-y-4 px-2 py-5">
        {shortcuts.map((s) => (
          <Link key={s.key} to={s.to} className="flex flex-col items-center gap-1.5 text-xs">
            <span className="flex h-11 w-11 items-center justify-center rounded-full bg-card text-accent">
              <Icon name={s.key} />
            </span>
            <span className="text-center leading-tight">{t(`shortcuts.${s.key}`)}</span>
          </Link>
        ))}
      </nav>

      <section aria-labelledby="markets-title" className="pb-2">
        <div className="flex items-center justify-between px-4">
          <h2 id="markets-title" className="text-lg font-semibold">
            {t("markets_title")}
          </h2>
          {hasScreen("/markets") && (
            <Link to="/markets" className="text-sm text-accent">
              {t("markets_more")}
            </Link>
          )}
        </div>
        <MarketList entries={markets.slice(0, 10)} href={marketHref("spot")} label={t("markets_title")} />
      </section>

      <InterestPromo offer={promo} />

      <section className="card mx-4 mt-4" aria-labelledby="help-title">
        <h2 id="help-title" className="font-semibold">
          {t("help_title")}
        </h2>
        <p className="mt-1 text-muted">{t("help_body")}</p>
        <ul className="mt-3 space-y-2">
          <li>
            <a className="text-accent" href={`mailto:${site.contactemail}`}>
              {site.contactemail}
            </a>
          </li>
          {site.servicephone && (
            <li>
              <a className="text-accent" href={`tel:${site.servicephone.replace(/[^+\d]/g, "")}`}>
                {site.servicephone}
              </a>
            </li>
          )}
        </ul>
      </section>

      <p className="mx-4 mt-4 text-xs text-muted">{t("risk_warning")}</p>
    </div>
  );
}
