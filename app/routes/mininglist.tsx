import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { PARTICIPATION_STATES } from "../../platform/contract/earn-kinds.ts";
import { apiClient } from "../.server/api.ts";
import { allProducts, exitConfirmation, myParticipations } from "../.server/earn.ts";
import { getI18n } from "../.server/i18n.ts";
import { flashToast } from "../.server/session.ts";
import { ExitSheet, ParticipationBody, ParticipationList } from "../components/earn/participations.tsx";
import type { ParticipationItem } from "../components/earn/types.ts";
import { Empty } from "../components/earn/ui.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import { Tabs } from "../components/wallet.tsx";
import { exitForm } from "../forms/earn.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/mininglist";

// Every participation of the user (pools, staking, lock-up), participating or exited, each with
// its cumulative income; ?id=ID one record with its daily income; ?exit=ID the exit confirmation.
export const handle: RouteHandle = {
  title: "earn:records_title",
  back: "/coinlist",
  hideNav: true,
  i18n: ["earn"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiClient(request, context);
  const [products, confirm] = await Promise.all([allProducts(api), exitConfirmation(api, url)]);
  const id = url.searchParams.get("id");
  if (id) {
    const result = await api.get("/user/miningitem", { id });
    if (result.status_code !== 200) {
      throw data({ message: getI18n(context).t("messages:errors.not_found") }, { status: 404 });
    }
    return { products, confirm, item: result.data, list: [], status: "participating" as const };
  }
  const status = url.searchParams.get("status") === "exited" ? "exited" : "participating";
  const list = await myParticipations(api, { status });
  return { products, confirm, item: null, list, status };
}

/** Leaves a participation (POST, never GET: it moves money), then back where it was asked. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: exitForm });
  if (submission.status !== "success") {
    flashToast(context, { kind: "error", message: getI18n(context).t("messages:earn.not_participating") });
    return redirect("/mininglist");
  }
  const result = await apiClient(request, context).post("/user/miningout", { id: submission.value.id });
  flashToast(context, { kind: result.status_code === 200 ? "success" : "error", message: result.message });
  return redirect(submission.value.back);
}

export default function MiningList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("earn");
  const { products, confirm, item, list, status } = loaderData;
  if (item) {
    const here = `/mininglist?id=${item.participation.id}`;
    return (
      <>
        <Record item={item} />
        {confirm && <ExitSheet confirm={confirm} back={here} cancelTo={here} />}
      </>
    );
  }
  const here = `/mininglist?status=${status}`;
  return (
    <div>
      <Tabs
        label={t("states_label")}
        options={PARTICIPATION_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        current={status}
        href={(s) => `?status=${s}`}
      />
      <div className="px-4 pb-6">
        <ParticipationList
          list={list}
          products={products}
          exitHref={(id) => `${here}&exit=${id}`}
          label={t(`states.${status}`)}
          showKind
          empty={
            <Empty
              action={
                status === "participating" ? { to: "/coinlist", label: t("browse_products") } : undefined
              }
            >
              {t(`no_records.${status}`)}
            </Empty>
          }
        />
      </div>
      {confirm && <ExitSheet confirm={confirm} back="/mininglist" cancelTo={here} />}
    </div>
  );
}

/** One participation: its figures and every day's income. */
function Record({ item }: { item: ParticipationItem }) {
  const n = useNumbers();
  const { t } = useTranslation("earn");
  const { participation: p, product, income } = item;
  return (
    <div className="px-4 pb-6">
      <section className="card mt-4" aria-labelledby="record-name">
        <ParticipationBody p={p} product={product} headingId="record-name" showKind />
        {p.status === "participating" && (
          <Link
            to={`?id=${p.id}&exit=${p.id}`}
            replace
            preventScrollReset
            className="btn btn-secondary btn-block mt-3 text-down"
          >
            {t("exit")}
          </Link>
        )}
      </section>
      <h2 className="mt-6 mb-2 font-semibold">{t("income_history")}</h2>
      {income.length === 0 ? (
        <p className="card text-sm text-muted">{t("no_income")}</p>
      ) : (
        <ul className="card py-1" aria-label={t("income_history")}>
          {income.map((i) => (
            <li key={i.day} className="flex justify-between border-b border-line py-2 text-sm last:border-0">
              <span className="text-muted">{i.day}</span>
              <span className="up">
                +{n.amount(i.amount, 0)} {p.coin}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
