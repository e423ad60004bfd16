import { Link } from "react-router";
import { apiClient } from "../.server/api.ts";
import { ProductCard } from "../components/earn/product-card.tsx";
import { isProductKind, PRODUCT_KINDS, RECORDS_OF } from "../components/earn/types.ts";
import { Empty } from "../components/earn/ui.tsx";
import { Icon } from "../components/icon.tsx";
import { useTranslation } from "../components/translation.ts";
import { Tabs } from "../components/wallet.tsx";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/coinlist";

// The Staking tab: the shelf of mining pools, staking and lock-up products.
export const handle: RouteHandle = { title: "earn:coinlist_title", back: false, i18n: ["earn"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const type = new URL(request.url).searchParams.get("type");
  const kind = isProductKind(type) ? type : "mining";
  const products = await apiClient(request, context).data("/user/mining", { type: kind });
  return { kind, products };
}

export default function Coinlist({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("earn");
  const { kind, products } = loaderData;
  return (
    <div>
      <Tabs
        label={t("kinds_label")}
        options={PRODUCT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        current={kind}
        href={(k) => `?type=${k}`}
      />
      <div className="px-4 pb-6">
        <p className="mt-3 text-sm text-muted">{t(`kind_intro.${kind}`)}</p>
        <p className="mt-1 text-xs text-muted" data-testid="income-rule">
          {t("income_rule")}
        </p>
        <nav className="mt-3 grid grid-cols-2 gap-3" aria-label={t("shortcuts")}>
          <Link to={RECORDS_OF[kind]} className="card flex items-center gap-2 p-3 text-sm">
            <span className="text-accent">
              <Icon name="records" size={20} />
            </span>
            {t(`records_of.${kind}`)}
          </Link>
          <Link to="/webselect" className="card flex items-center gap-2 p-3 text-sm">
            <span className="text-accent">
              <Icon name="percent" size={20} />
            </span>
            {t("more_ways")}
          </Link>
        </nav>
        {products.length === 0 ? (
          <Empty>{t("no_products")}</Empty>
        ) : (
          <section aria-label={t(`kinds.${kind}`)}>
            {products.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </section>
        )}
      </div>
    </div>
  );
}
