import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Candle } from "../../../platform/contract/market.ts";
import { CandleSvg } from "./svg-charts.tsx";

const candle = (time: number, open: string, high: string, low: string, close: string, volume: string) =>
  ({ time, open, high, low, close, volume }) as Candle;

const paths = (html: string) => [...html.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]);

describe("the server-drawn candle chart", () => {
  it("draws each candle's wick, body and volume where its prices put them, by colour", () => {
    // Two candles on a 360 × 100 picture: 20 for volume, 72 for prices (8 between), 180 each.
    // Prices from 90 (bottom, y 72) to 110 (top, y 0): a unit is 3.6.
    const html = renderToStaticMarkup(
      createElement(CandleSvg, {
        candles: [candle(1, "95", "110", "90", "105", "10"), candle(2, "105", "106", "100", "101", "5")],
        height: 100,
        label: "chart",
      }),
    );
    expect(html).toContain('data-candles="2"');
    // The rising candle (up colour): wick at x 90 from 110 to 90, body 105 → 95, full volume bar.
    // The falling one (down colour): wick at x 270 from 106 to 100, body 105 → 101, half a bar.
    expect(paths(html)).toEqual([
      "M90,0V72",
      "M27,18h126v36h-126z",
      "M27,80h126v20h-126z",
      "M270,14.4V36",
      "M207,18h126v14.4h-126z",
      "M207,90h126v10h-126z",
    ]);
    expect(html.indexOf("var(--up)")).toBeLessThan(html.indexOf("var(--down)"));
  });

  it("draws nothing but its frame without candles, and a flat market as a line across the middle", () => {
    expect(paths(renderToStaticMarkup(createElement(CandleSvg, { candles: [], label: "x" })))).toEqual([]);
    const flat = renderToStaticMarkup(
      createElement(CandleSvg, { candles: [candle(1, "5", "5", "5", "5", "0")], height: 100, label: "x" }),
    );
    // A body is at least one unit tall, so a flat candle still shows.
    expect(paths(flat)[1]).toBe("M54,36h252v1h-252z");
  });
});
