import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { data, Link } from "react-router";
import type { ApiData } from "../../platform/contract/api.ts";
import type { Envelope } from "../../platform/contract/envelope.ts";
import { INTERVALS, type Interval } from "../../platform/contract/intervals.ts";
import type { Candle, Trade } from "../../platform/contract/market.ts";
import { apiClient } from "../.server/api.ts";
import { useDates } from "../components/dates.tsx";
import { subscribe, useChannel } from "../components/market/live.ts";
import { changeClass } from "../components/market/market-list.tsx";
import { CandleSvg, DepthSvg, SVG_CANDLES } from "../components/market/svg-charts.tsx";
import { useNumbers } from "../components/numbers.tsx";
import { useTranslation } from "../components/translation.ts";
import type { RouteHandle } from "../handle.ts";
import { useHydrated } from "../hooks.ts";
import type { Route } from "./+types/linegraph";

export const handle: RouteHandle = {
  title: "market:chart_title",
  back: "/markets",
  hideNav: true,
  i18n: ["market"],
};

const loadChart = () => import("../components/market/kline-chart.client.tsx");
const KlineChart = lazy(loadChart);
/** The history the interactive chart starts with (it scrolls back through it). */
const CHART_CANDLES = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const code = (url.searchParams.get("code") ?? "btc/usdt").toLowerCase();
  const asked = url.searchParams.get("interval") as Interval;
  const interval: Interval = INTERVALS.includes(asked) ? asked : "1h";
  const api = apiClient(request, context);
  const instruments = await api.data("/market/instruments");
  const instrument = instruments.find((i) => i.code === code);
  if (!instrument) throw data(null, { status: 404 });
  const [tickers, depth, trades, candles] = await Promise.all([
    api.data("/market/tickers"),
    api.get("/market/depth", { code }),
    api.data("/market/trades", { code, limit: 20 }),
    // Only what the page draws (the SVG): the interactive chart fetches its longer history itself.
    api.data("/market/kline", { code, interval, limit: SVG_CANDLES }),
  ]);
  return {
    instrument,
    interval,
    ticker: tickers.find((t) => t.code === code),
    depth: depth.status_code === 200 ? depth.data : undefined,
    trades,
    candles,
  };
}

/**
 * The interactive chart's history, fetched once the page runs (the chart's module loads at the
 * same time), so the page's HTML carries only the candles its SVG draws. Until it arrives, and
 * for good if it fails, the chart shows what the page came with.
 */
function useChartHistory(code: string, interval: Interval, hydrated: boolean, initial: Candle[]) {
  const key = `${code}|${interval}`;
  const [loaded, setLoaded] = useState<{ key: string; candles: Candle[] } | null>(null);
  // The latest page's candles, for a failed fetch; a revalidation does not fetch again.
  const fallback = useRef(initial);
  fallback.current = initial;
  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    loadChart().catch(() => {});
    const query = new URLSearchParams({ code, interval, limit: String(CHART_CANDLES) });
    fetch(`/api/market/kline?${query}`)
      .then((res) => res.json() as Promise<Envelope<ApiData<"GET", "/market/kline">>>)
      .then((body) => {
        if (body.status_code !== 200 || !Array.isArray(body.data)) throw new Error(body.message);
        if (live) setLoaded({ key, candles: body.data });
      })
      .catch(() => {
        if (live) setLoaded({ key, candles: fallback.current });
      });
    return () => {
      live = false;
    };
  }, [hydrated, code, interval, key]);
  return loaded?.key === key ? loaded.candles : null;
}

/** Recent trades, newest first: the snapshot, then every batch from the `trades` channel. */
function useTrades(code: string, initial: Trade[]) {
  const [trades, setTrades] = useState(initial);
  useEffect(() => setTrades(initial), [initial]);
  useEffect(
    () =>
      subscribe({ channel: "trades", code }, (batch) => {
        setTrades((current) => [...(batch as Trade[]).slice().reverse(), ...current].slice(0, 20));
      }),
    [code],
  );
  return trades;
}

export default function Linegraph({ loaderData }: Route.ComponentProps) {
  const n = useNumbers();
  const dates = useDates();
  const { t } = useTranslation("market");
  const { instrument, interval, candles } = loaderData;
  const code = instrument.code;
  const p = instrument.price_precision;
  const ticker = useChannel("price", code, loaderData.ticker);
  const depth = useChannel("depth", code, loaderData.depth);
  const trades = useTrades(code, loaderData.trades);
  const hydrated = useHydrated();
  const history = useChartHistory(code, interval, hydrated, candles);
  const pair = `${instrument.base}/${instrument.quote}`;
  const falling = ticker?.change.startsWith("-");
  const chartLabel = t("chart_label", { pair, interval });
  return (
    <div className="pb-6">
      <section className="px-4 pt-3">
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-lg font-bold">{pair}</h2>
          <Link to={`/pricealerts?code=${encodeURIComponent(code)}`} className="text-sm text-accent">
            {t("alerts_link")}
          </Link>
        </div>
        <div className="mt-1 flex items-end justify-between gap-3">
          <div>
            <p className={`text-3xl font-bold tabular-nums ${falling ? "down" : "up"}`} aria-live="off">
              {ticker ? n.price(ticker.price, p) : "-"}
            </p>
            <p className="text-sm text-muted tabular-nums">
              ¥{ticker ? n.cny(ticker.cnyPrice) : "-"}{" "}
              <span className={`ml-1 rounded px-1.5 py-0.5 ${changeClass(ticker?.change)}`}>
                {ticker ? n.change(ticker.change) : "-"}
              </span>
            </p>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-3 text-xs">
            <dt className="text-muted">{t("high_24h")}</dt>
            <dd className="text-right tabular-nums">{ticker ? n.price(ticker.high, p) : "-"}</dd>
            <dt className="text-muted">{t("low_24h")}</dt>
            <dd className="text-right tabular-nums">{ticker ? n.price(ticker.low, p) : "-"}</dd>
            <dt className="text-muted">{t("volume_24h", { coin: instrument.base })}</dt>
            <dd className="text-right tabular-nums">{ticker ? n.compact(ticker.volume) : "-"}</dd>
          </dl>
        </div>
      </section>

      {/* One equal column each: all eight fit a 360 px screen, nothing hides behind a scroll. */}
      <nav className="mt-3 grid grid-cols-8 gap-0.5 px-2" aria-label={t("intervals")}>
        {INTERVALS.map((value) => (
          <Link
            key={value}
            to={`?code=${encodeURIComponent(code)}&interval=${value}`}
            replace
            preventScrollReset
            className={
              value === interval
                ? "flex min-h-9 items-center justify-center rounded bg-line text-sm font-semibold"
                : "flex min-h-9 items-center justify-center text-sm text-muted"
            }
            aria-current={value === interval ? "true" : undefined}
          >
            {value}
          </Link>
        ))}
      </nav>

      <section className="mt-2" aria-label={chartLabel}>
        {history ? (
          <Suspense fallback={<CandleSvg candles={candles} label={chartLabel} height={260} />}>
            <KlineChart code={code} interval={interval} candles={history} precision={p} height={260} />
          </Suspense>
        ) : (
          <CandleSvg candles={candles} label={chartLabel} height={260} />
        )}
      </section>

      <section className="mt-4 px-4" aria-labelledby="depth-title">
        <h3 id="depth-title" className="mb-2 font-semibold">
          {t("depth_chart")}
        </h3>
        <DepthSvg depth={depth} label={t("depth_chart")} />
      </section>

      <section className="mt-4 px-4" aria-labelledby="book-title">
        <h3 id="book-title" className="mb-2 font-semibold">
          {t("order_book")}
        </h3>
        <div className="grid grid-cols-2 gap-3 text-xs tabular-nums">
          <table className="w-full">
            <caption className="sr-only">{t("buy")}</caption>
            <thead>
              <tr className="text-muted">
                <th className="text-left font-normal">{t("amount", { coin: instrument.base })}</th>
                <th className="text-right font-normal">{t("price", { coin: instrument.quote })}</th>
              </tr>
            </thead>
            <tbody>
              {(depth?.bids ?? []).slice(0, 12).map((level) => (
                <tr key={level.price}>
                  <td>{n.depth(level.totalSize)}</td>
                  <td className="text-right up">{n.price(level.price, p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="w-full">
            <caption className="sr-only">{t("sell")}</caption>
            <thead>
              <tr className="text-muted">
                <th className="text-left font-normal">{t("price", { coin: instrument.quote })}</th>
                <th className="text-right font-normal">{t("amount", { coin: instrument.base })}</th>
              </tr>
            </thead>
            <tbody>
              {(depth?.asks ?? []).slice(0, 12).map((level) => (
                <tr key={level.price}>
                  <td className="down">{n.price(level.price, p)}</td>
                  <td className="text-right">{n.depth(level.totalSize)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="mt-4 px-4" aria-labelledby="trades-title">
        <h3 id="trades-title" className="mb-2 font-semibold">
          {t("recent_trades")}
        </h3>
        <table className="w-full text-xs tabular-nums">
          <thead>
            <tr className="text-muted">
              <th className="text-left font-normal">{t("time")}</th>
              <th className="text-right font-normal">{t("price", { coin: instrument.quote })}</th>
              <th className="text-right font-normal">{t("amount", { coin: instrument.base })}</th>
            </tr>
          </thead>
          <tbody>
            {trades.map((trade) => (
              <tr key={`${trade.time}-${trade.price}-${trade.amount}-${trade.direction}`}>
                <td className="text-muted">{dates.time(trade.time)}</td>
                <td className={`text-right ${trade.direction === "buy" ? "up" : "down"}`}>
                  {n.price(trade.price, p)}
                </td>
                <td className="text-right">{n.depth(trade.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
