import { data, Link } from "react-router";
import type { OptionProduct, OptionRound } from "../../platform/contract/timed.ts";
import { apiClient } from "../.server/api.ts";
import { getI18n } from "../.server/i18n.ts";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import { ResultBadge } from "../features/trade/components/timed-screen.tsx";
import { Segmented, Time } from "../features/trade/components/ui.tsx";
import { resultsHref, timedHref } from "../features/trade/timed-links.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/previousresults";

export const handle: RouteHandle = {
  title: "timed:results_title",
  back: "/tradeing?mode=timed",
  i18n: ["timed", "trade"],
};

const PAGE_SIZE = 20;
// The tick log is asked from a minute before the round: its open price is the last tick at or
// before the start, which may come a little earlier (platform/options/service.ts tickAt).
const LOOKBACK_MS = 60_000;

/**
 * The results of past rounds of one timed contract (instrument and period), newest first and
 * paged; `?round=` opens one round with the two ticks that decided it and a link to the tick log,
 * so anyone can recompute the result.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const api = apiClient(request, context);
  const [products, instruments] = await Promise.all([
    api.data("/option/products"),
    api.data("/market/instruments"),
  ]);
  const product = products.find((p) => p.id === Number(q.get("product"))) ?? products[0];
  if (!product) throw data({ message: getI18n(context).t("messages:errors.not_found") }, { status: 404 });
  const precision = instruments.find((i) => i.code === product.code)?.price_precision ?? 2;
  const round = q.get("round");
  if (round) {
    const result = await api.get("/option/round", { product_id: product.id, period: round });
    if (result.status_code !== 200)
      throw data({ message: getI18n(context).t("messages:errors.not_found") }, { status: 404 });
    return { products, product, precision, detail: result.data, results: null };
  }
  const page = Math.min(10_000, Math.max(1, Number.parseInt(q.get("page") ?? "1", 10) || 1));
  const results = await api.data("/option/results", {
    product_id: product.id,
    page,
    limit: PAGE_SIZE,
  });
  return { products, product, precision, detail: null, results };
}

const periodText = (t: (k: string, o?: Record<string, unknown>) => string, p: OptionProduct) =>
  p.period_seconds % 60 === 0
    ? t("minutes", { count: p.period_seconds / 60 })
    : t("seconds", { count: p.period_seconds });

export default function PreviousResults({ loaderData }: Route.ComponentProps) {
  const n = useNumbers();
  const { t } = useTranslation("timed");
  const { products, product, precision, detail, results } = loaderData;
  const codes = [...new Set(products.map((p) => p.code))];
  const price = (v: string | null) => (v ? n.price(v, precision) : "-");
  return (
    <div className="grid gap-3 px-4 py-3">
      <Segmented
        label={t("instrument")}
        size="sm"
        options={codes.map((c) => ({ value: c, label: c.toUpperCase() }))}
        current={product.code}
        href={(c) => {
          const same = products.find((p) => p.code === c && p.period_seconds === product.period_seconds);
          return resultsHref((same ?? products.find((p) => p.code === c) ?? product).id);
        }}
      />
      <Segmented
        label={t("period_label")}
        size="sm"
        options={products
          .filter((p) => p.code === product.code)
          .map((p) => ({ value: String(p.id), label: periodText(t, p) }))}
        current={String(product.id)}
        href={(id) => resultsHref(Number(id))}
      />
      {detail ? (
        <RoundDetail round={detail} product={product} price={price} />
      ) : results ? (
        <section
          aria-label={t("results_label", {
            pair: product.code.toUpperCase(),
            period: periodText(t, product),
          })}
        >
          {results.list.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted">{t("no_results")}</p>
          ) : (
            <table className="w-full text-sm tabular-nums">
              <thead>
                {/* Open over close in one column: four columns side by side did not fit 360 px
                    in Russian ("Открытие", "Закрытие", "Аннулирован"). */}
                <tr className="text-left text-xs text-muted">
                  <th className="py-1 font-normal">{t("period")}</th>
                  <th className="py-1 text-right font-normal">
                    <span className="block">{t("open")}</span>
                    <span className="block">{t("close")}</span>
                  </th>
                  <th className="py-1 pl-2 text-right font-normal">{t("result")}</th>
                </tr>
              </thead>
              <tbody>
                {results.list.map((r) => (
                  <tr key={r.period_no} className="border-t border-line">
                    <td className="py-1.5">
                      <Link to={resultsHref(product.id, { round: r.period_no })} className="text-accent">
                        {r.period_no}
                      </Link>
                    </td>
                    <td className="py-1.5 text-right">
                      <span className="block">{price(r.open_price)}</span>
                      <span className="block">{price(r.close_price)}</span>
                    </td>
                    <td className="py-1.5 pl-2 text-right">
                      <ResultBadge result={r.result} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {(results.page > 1 || results.has_more) && (
            <nav className="flex justify-between pt-3 text-sm" aria-label={t("results_pages")}>
              {results.page > 1 ? (
                <Link
                  to={resultsHref(product.id, { page: String(results.page - 1) })}
                  className="text-accent"
                >
                  ‹ {t("newer")}
                </Link>
              ) : (
                <span />
              )}
              {results.has_more && (
                <Link
                  to={resultsHref(product.id, { page: String(results.page + 1) })}
                  className="text-accent"
                >
                  {t("older")} ›
                </Link>
              )}
            </nav>
          )}
          <p className="pt-3 text-center">
            <Link to={timedHref(product.code, product.period_seconds)} className="text-sm text-accent">
              {t("place_bet")} ›
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}

/** One round: its times, the two ticks that decided it and where to check them. */
function RoundDetail({
  round,
  product,
  price,
}: {
  round: OptionRound;
  product: OptionProduct;
  price: (v: string | null) => string;
}) {
  const { t } = useTranslation("timed");
  const from = Date.parse(round.start) - LOOKBACK_MS;
  const to = Date.parse(round.end);
  const ticks = `/api/option/ticks?${new URLSearchParams({ code: product.code, from: String(from), to: String(to) })}`;
  const tick = (
    label: string,
    id: number | null,
    time: string | null,
    value: string | null,
    testId: string,
  ) => (
    <div className="rounded-lg bg-card p-3" data-testid={testId}>
      <h3 className="text-sm font-semibold">{label}</h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted">{t("price")}</dt>
        <dd className="text-right tabular-nums" data-testid={`${testId}-price`}>
          {price(value)}
        </dd>
        <dt className="text-muted">{t("tick_id")}</dt>
        <dd className="text-right tabular-nums" data-testid={`${testId}-id`}>
          {id ?? "-"}
        </dd>
        <dt className="text-muted">{t("tick_time")}</dt>
        <dd className="text-right tabular-nums">{time ? <Time value={time} ms /> : "-"}</dd>
      </dl>
    </div>
  );
  return (
    <section className="grid gap-3" aria-label={t("round_detail", { period: round.period_no })}>
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-bold tabular-nums">
          {product.code.toUpperCase()} · {round.period_no}
        </h2>
        <span data-testid="round-result">
          <ResultBadge result={round.result} />
        </span>
      </div>
      <p className="text-xs text-muted">
        <Time value={round.start} /> → <Time value={round.end} />
      </p>
      {tick(t("open_tick"), round.open_tick_id, round.open_tick_time, round.open_price, "open-tick")}
      {tick(t("close_tick"), round.close_tick_id, round.close_tick_time, round.close_price, "close-tick")}
      <p className="text-xs text-muted">{t("verify_note")}</p>
      <a href={ticks} className="text-sm break-all text-accent">
        {t("verify_link")}
      </a>
      <Link to={resultsHref(product.id)} className="text-sm text-accent">
        ‹ {t("back_to_results")}
      </Link>
    </section>
  );
}
