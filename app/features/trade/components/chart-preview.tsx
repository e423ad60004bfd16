import { useMemo } from "react";
import { Link } from "react-router";
import type { Candle, Depth } from "../../../../platform/contract/market.ts";
import { chartHref } from "../../../components/market/links.ts";
import { useChannel } from "../../../components/market/live.ts";
import { type PackedCandles, unpackCandles } from "../../../components/market/packed-candles.ts";
import { CandleSvg, DepthSvg } from "../../../components/market/svg-charts.tsx";
import { useTranslation } from "../../../components/translation.ts";
import { CHART_INTERVAL } from "../state.ts";

/** The small K-line: the snapshot's candles, the last one replaced or extended by the live one. */
function useLiveCandles(code: string, initial: Candle[]): Candle[] {
  const live = useChannel<Candle | undefined>("kline", code, undefined, { interval: CHART_INTERVAL });
  const last = initial[initial.length - 1];
  if (!live || !last || live.time < last.time) return initial;
  return live.time === last.time ? [...initial.slice(0, -1), live] : [...initial.slice(1), live];
}

/** The small K-line and depth chart, live, a link to the full chart. */
export function ChartPreview({
  code,
  pair,
  candles: packed,
  depth,
}: {
  code: string;
  pair: string;
  candles: PackedCandles;
  depth: Depth | undefined;
}) {
  const { t } = useTranslation("trade");
  const { t: tm } = useTranslation("market");
  const initial = useMemo(() => unpackCandles(packed), [packed]);
  const candles = useLiveCandles(code, initial);
  return (
    <section className="mt-2 px-4" aria-label={t("chart_label", { pair, interval: CHART_INTERVAL })}>
      <Link
        to={chartHref(code, CHART_INTERVAL)}
        className="block rounded-lg border border-line"
        aria-label={t("open_chart", { pair })}
      >
        <CandleSvg
          candles={candles}
          height={90}
          label={t("chart_label", { pair, interval: CHART_INTERVAL })}
        />
        <DepthSvg depth={depth} height={36} label={tm("depth_chart")} />
        <span className="block px-2 py-1 text-right text-xs text-accent">{t("full_chart")} ›</span>
      </Link>
    </section>
  );
}
