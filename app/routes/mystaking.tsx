import { Link } from "react-router";
import { apiClient } from "../.server/api.ts";
import { allProducts, exitConfirmation, myParticipations } from "../.server/earn.ts";
import { ExitSheet, ParticipationList, Totals } from "../components/earn/participations.tsx";
import { Empty } from "../components/earn/ui.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/mystaking";

// The staking records: what is staked and earned per coin, and each staking participation.
export const handle: RouteHandle = {
  title: "earn:mystaking_title",
  back: "/coinlist?type=staking",
  hideNav: true,
  i18n: ["earn"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiClient(request, context);
  const [products, confirm] = await Promise.all([
    allProducts(api),
    exitConfirmation(api, new URL(request.url)),
  ]);
  const list = await myParticipations(api, { kind: "staking", products });
  return { products, list, confirm };
}

export default function MyStaking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("earn");
  const { products, list, confirm } = loaderData;
  return (
    <div className="px-4 pb-6">
      <Totals list={list} label={t("totals")} />
      <div className="mt-4 flex items-center justify-between">
        <h2 className="font-semibold">{t("records_of.staking")}</h2>
        <Link to="/coinlist?type=staking" className="text-sm text-accent">
          {t("stake_more")}
        </Link>
      </div>
      <ParticipationList
        list={list}
        products={products}
        exitHref={(id) => `/mystaking?exit=${id}`}
        label={t("records_of.staking")}
        empty={
          <Empty action={{ to: "/coinlist?type=staking", label: t("browse_products") }}>
            {t("no_staking")}
          </Empty>
        }
      />
      {confirm && <ExitSheet confirm={confirm} back="/mystaking" cancelTo="/mystaking" />}
    </div>
  );
}
