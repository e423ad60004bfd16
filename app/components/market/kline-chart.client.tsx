import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import type { Candle } from "../../../platform/contract/market.ts";
import { subscribe } from "./live.ts";

const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

function movingAverage(candles: Candle[], period: number) {
  const out: { time: UTCTimestamp; value: number }[] = [];
  let sum = 0;
  for (let i = 0; i < candles.length; i++) {
    sum += Number(candles[i]?.close);
    if (i >= period) sum -= Number(candles[i - period]?.close);
    if (i >= period - 1) out.push({ time: candles[i]?.time as UTCTimestamp, value: sum / period });
  }
  return out;
}

/**
 * The interactive K-line chart (lightweight-charts): candles, volume, MA7 and MA25, updated from
 * the `kline` channel. Loaded only on the chart screen, only in the browser.
 */
export default function KlineChart({
  code,
  interval,
  candles,
  precision,
  height = 260,
}: {
  code: string;
  interval: string;
  candles: Candle[];
  precision: number;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart: IChartApi = createChart(element, {
      height,
      layout: {
        background: { type: ColorType.Solid, color: css("--bg") },
        textColor: css("--muted"),
        fontSize: 11,
      },
      grid: { vertLines: { color: css("--line") }, horzLines: { color: css("--line") } },
      rightPriceScale: { borderColor: css("--line") },
      timeScale: { borderColor: css("--line"), timeVisible: interval !== "1d" && interval !== "1w" },
      autoSize: true,
    });
    // Candles, volume and the two averages, then the live updates; returns the unsubscribe.
    function addData() {
      const up = css("--up");
      const down = css("--down");
      const priceFormat = { type: "price" as const, precision, minMove: 10 ** -precision };
      const series: ISeriesApi<"Candlestick"> = chart.addSeries(CandlestickSeries, {
        upColor: up,
        downColor: down,
        borderVisible: false,
        wickUpColor: up,
        wickDownColor: down,
        priceFormat,
      });
      const volume = chart.addSeries(HistogramSeries, { priceScaleId: "", priceFormat: { type: "volume" } });
      volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
      const ma7 = chart.addSeries(LineSeries, {
        color: "#f0b90b",
        lineWidth: 1,
        priceLineVisible: false,
        lastValueVisible: false,
      });
      const ma25 = chart.addSeries(LineSeries, {
        color: "#c99bff",
        lineWidth: 1,
        priceLineVisible: false,
        lastValueVisible: false,
      });

      const data = [...candles];
      const toBar = (c: Candle) => ({
        time: c.time as UTCTimestamp,
        open: Number(c.open),
        high: Number(c.high),
        low: Number(c.low),
        close: Number(c.close),
      });
      const toVolume = (c: Candle) => ({
        time: c.time as UTCTimestamp,
        value: Number(c.volume),
        color: Number(c.close) >= Number(c.open) ? `${up}80` : `${down}80`,
      });
      series.setData(data.map(toBar));
      volume.setData(data.map(toVolume));
      ma7.setData(movingAverage(data, 7));
      ma25.setData(movingAverage(data, 25));
      chart.timeScale().scrollToRealTime();

      return subscribe({ channel: "kline", code, interval }, (message) => {
        const candle = message as Candle;
        const last = data[data.length - 1];
        if (last && candle.time < last.time) return;
        if (last && candle.time === last.time) data[data.length - 1] = candle;
        else data.push(candle);
        series.update(toBar(candle));
        volume.update(toVolume(candle));
        const m7 = movingAverage(data.slice(-7), 7)[0];
        const m25 = movingAverage(data.slice(-25), 25)[0];
        if (m7) ma7.update(m7);
        if (m25) ma25.update(m25);
      });
    }
    // The chart's frame first, its series and data in the next task: on a slow phone each is a
    // long task of its own, and the page answers a tap between them.
    let off: (() => void) | undefined;
    const fill = setTimeout(() => {
      off = addData();
    }, 0);
    return () => {
      clearTimeout(fill);
      off?.();
      chart.remove();
    };
  }, [code, interval, candles, precision, height]);
  return <div ref={box} style={{ height }} />;
}
