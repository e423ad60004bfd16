import { apiClient } from "../.server/api.ts";
import { allProducts, exitConfirmation, myParticipations } from "../.server/earn.ts";
import { ExitSheet, ParticipationList, Totals } from "../components/earn/participations.tsx";
import { ProductCard } from "../components/earn/product-card.tsx";
import { Empty } from "../components/earn/ui.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/lockup";

// Lock-up: the user's lock-ups (what is locked, earned, until when) and the lock-up products.
export const handle: RouteHandle = {
  title: "earn:lockup_title",
  back: "/coinlist?type=lockup",
  hideNav: true,
  i18n: ["earn"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiClient(request, context);
  const [products, confirm] = await Promise.all([
    allProducts(api),
    exitConfirmation(api, new URL(request.url)),
  ]);
  const list = await myParticipations(api, { kind: "lockup", products });
  return { products, list, confirm };
}

export default function Lockup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("earn");
  const { products, list, confirm } = loaderData;
  const shelf = products.filter((p) => p.kind === "lockup");
  return (
    <div className="px-4 pb-6">
      <p className="mt-3 text-sm text-muted">{t("kind_intro.lockup")}</p>
      <p className="mt-1 text-xs text-muted" data-testid="income-rule">
        {t("income_rule")}
      </p>
      <section aria-labelledby="my-lockups">
        <h2 id="my-lockups" className="mt-4 font-semibold">
          {t("records_of.lockup")}
        </h2>
        <Totals list={list} label={t("totals")} />
        <ParticipationList
          list={list}
          products={products}
          exitHref={(id) => `/lockup?exit=${id}`}
          label={t("records_of.lockup")}
          empty={<p className="card mt-3 text-sm text-muted">{t("no_lockups")}</p>}
        />
      </section>
      <section aria-labelledby="lockup-products">
        <h2 id="lockup-products" className="mt-6 font-semibold">
          {t("lockup_products")}
        </h2>
        {shelf.length === 0 ? (
          <Empty>{t("no_products")}</Empty>
        ) : (
          shelf.map((p) => <ProductCard key={p.id} product={p} />)
        )}
      </section>
      {confirm && <ExitSheet confirm={confirm} back="/lockup" cancelTo="/lockup" />}
    </div>
  );
}
