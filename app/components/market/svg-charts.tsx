import type { Candle, Depth } from "../../../platform/contract/market.ts";

const W = 360;
/** How many of the latest candles the SVG draws: all a page needs to send for it. */
export const SVG_CANDLES = 72;
/**
 * Coordinates to 1/100 of a unit (a 360-unit-wide picture): no visible change, and the page no
 * longer carries 15 random digits per number (a third of the chart screen's HTML).
 */
const r = (v: number) => Math.round(v * 100) / 100;

/**
 * Candles drawn as SVG on the server: the chart without JavaScript (and in lite mode), and what
 * shows until the interactive chart has loaded.
 */
export function CandleSvg({
  candles,
  height = 240,
  label,
}: {
  candles: Candle[];
  height?: number;
  label: string;
}) {
  const shown = candles.slice(-SVG_CANDLES);
  if (shown.length === 0) return <svg viewBox={`0 0 ${W} ${height}`} role="img" aria-label={label} />;
  const highs = shown.map((c) => Number(c.high));
  const lows = shown.map((c) => Number(c.low));
  const max = Math.max(...highs);
  const min = Math.min(...lows);
  const volumeHeight = height * 0.2;
  const priceHeight = height - volumeHeight - 8;
  const y = (v: number) => (max === min ? priceHeight / 2 : ((max - v) / (max - min)) * priceHeight);
  const maxVolume = Math.max(...shown.map((c) => Number(c.volume)), 1e-12);
  const step = W / shown.length;
  const width = r(step * 0.7);
  // One path per colour and part (wicks, bodies, volume bars), not three elements per candle:
  // the same picture in about a third of the bytes on every chart page.
  const d = { up: { wicks: "", bodies: "", volume: "" }, down: { wicks: "", bodies: "", volume: "" } };
  const box = (left: number, top: number, h: number) => `M${left},${r(top)}h${width}v${r(h)}h-${width}z`;
  for (const [i, c] of shown.entries()) {
    const side = Number(c.close) >= Number(c.open) ? d.up : d.down;
    const x = i * step + step / 2;
    const top = y(Math.max(Number(c.open), Number(c.close)));
    const bottom = y(Math.min(Number(c.open), Number(c.close)));
    const vh = (Number(c.volume) / maxVolume) * volumeHeight;
    const left = r(x - step * 0.35);
    side.wicks += `M${r(x)},${r(y(Number(c.high)))}V${r(y(Number(c.low)))}`;
    side.bodies += box(left, top, Math.max(1, bottom - top));
    side.volume += box(left, height - vh, vh);
  }
  return (
    <svg
      viewBox={`0 0 ${W} ${height}`}
      role="img"
      aria-label={label}
      className="block w-full"
      preserveAspectRatio="none"
      data-candles={shown.length}
    >
      {(["up", "down"] as const).map((side) => (
        <g key={side} fill={`var(--${side})`} stroke={`var(--${side})`}>
          {d[side].wicks && <path d={d[side].wicks} strokeWidth="1" fill="none" />}
          {d[side].bodies && <path d={d[side].bodies} stroke="none" />}
          {d[side].volume && <path d={d[side].volume} stroke="none" opacity="0.35" />}
        </g>
      ))}
    </svg>
  );
}

/**
 * The depth chart: cumulative bids (green, left) and asks (red, right) as stepped areas. A pure
 * function of the book, so the server draws it and the live island redraws it on every update.
 */
export function DepthSvg({
  depth,
  height = 160,
  label,
}: {
  depth: Depth | undefined;
  height?: number;
  label: string;
}) {
  if (!depth || depth.bids.length === 0 || depth.asks.length === 0) {
    return <svg viewBox={`0 0 ${W} ${height}`} role="img" aria-label={label} />;
  }
  const bids = depth.bids.map((l) => [Number(l.price), Number(l.total)] as const);
  const asks = depth.asks.map((l) => [Number(l.price), Number(l.total)] as const);
  const minPrice = bids[bids.length - 1]?.[0] ?? 0;
  const maxPrice = asks[asks.length - 1]?.[0] ?? 1;
  const maxTotal = Math.max(bids[bids.length - 1]?.[1] ?? 0, asks[asks.length - 1]?.[1] ?? 0, 1e-12);
  const x = (p: number) => ((p - minPrice) / (maxPrice - minPrice || 1)) * W;
  const y = (t: number) => height - (t / maxTotal) * (height - 8);
  const path = (levels: readonly (readonly [number, number])[], fromRight: boolean) => {
    let d = `M${r(x(levels[0]?.[0] ?? 0))},${height}`;
    for (const [p, t] of levels) d += ` L${r(x(p))},${r(y(t))}`;
    const edge = fromRight ? 0 : W;
    const last = levels[levels.length - 1];
    d += ` L${fromRight ? edge : edge},${r(y(last?.[1] ?? 0))} L${edge},${height} Z`;
    return d;
  };
  return (
    <svg
      viewBox={`0 0 ${W} ${height}`}
      role="img"
      aria-label={label}
      className="block w-full"
      preserveAspectRatio="none"
    >
      <path d={path(bids, true)} fill="var(--up)" fillOpacity="0.25" stroke="var(--up)" strokeWidth="1.5" />
      <path
        d={path(asks, false)}
        fill="var(--down)"
        fillOpacity="0.25"
        stroke="var(--down)"
        strokeWidth="1.5"
      />
    </svg>
  );
}
