import { gzipSync } from "node:zlib";

export type PageWeight = {
  route: string;
  js: number;
  css: number;
  html: number;
  /** The translation files the page preloads (/locales/…, one per namespace; cached across pages). */
  locales: number;
  liteJs: number;
  files: number;
  /** Whether the chart library is part of the first load (allowed on chart and trade screens only). */
  charts: boolean;
  /**
   * The interactive chart's file (and what it imports beyond the first load), which the page
   * loads right after boot: counted in `js` as well, since the visitor downloads it at once.
   */
  chartJs: number;
};

const gz = (body: Uint8Array | string) => gzipSync(body, { level: 9 }).length;

/**
 * What a browser fetches for a page: its stylesheets, the modules it preloads, and the modules
 * its inline scripts import. (The inline route manifest also names modules of routes the page
 * links to; those load only if the visitor goes there, so they do not count.)
 */
export function firstLoadAssets(html: string): Set<string> {
  const found = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    const href = /href="(\/assets\/[^"]+)"/.exec(tag)?.[1];
    if (href && /rel="(modulepreload|stylesheet)"/.test(tag)) found.add(href);
  }
  // The deferred boot (app/.server/deferred-boot.ts) names the preloads in its loader and keeps
  // the module script inert until the page has painted: the same downloads, a frame later.
  for (const m of html.matchAll(/<script\b[^>]*>(\(function\(p\)[\s\S]*?)<\/script>/g)) {
    for (const href of (m[1] ?? "").matchAll(/"(\/assets\/[^"]+\.js)"/g)) if (href[1]) found.add(href[1]);
  }
  for (const m of html.matchAll(
    /<script\b[^>]*type="(?:module|text\/x-deferred-module)"[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    const body = m[1] ?? "";
    for (const i of body.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?\(?\s*"(\/assets\/[^"]+\.js)"/g)) {
      if (i[1]) found.add(i[1]);
    }
  }
  return found;
}

/**
 * What a first visit to `route` downloads: the HTML, every script module it loads or preloads
 * (/assets/*.js named in the page, and the chart file it loads on boot) and its stylesheets,
 * each counted gzipped; and the script a
 * lite-mode visit (Save-Data: on) downloads, which must be none.
 */
export async function pageWeight(
  base: string,
  route: string,
  headers: Record<string, string> = {},
): Promise<PageWeight> {
  const html = await (await fetch(base + route, { headers })).text();
  const assets = firstLoadAssets(html);
  let js = 0;
  let css = 0;
  const bodies = new Map<string, Uint8Array>();
  for (const asset of assets) {
    const body = new Uint8Array(await (await fetch(base + asset)).arrayBuffer());
    bodies.set(asset, body);
    if (asset.endsWith(".js")) js += gz(body);
    else css += gz(body);
  }
  // The chart file a first-load module imports on boot (`import("./kline-chart….js")`), with the
  // modules it imports that the first load has not already fetched.
  let chartJs = 0;
  const pending = [...bodies.values()].flatMap((body) =>
    [...new TextDecoder().decode(body).matchAll(/"(?:\.\/|\/?assets\/)(kline-chart[\w.-]*\.js)"/g)].map(
      (m) => `/assets/${m[1]}`,
    ),
  );
  const loaded = new Set(assets);
  while (pending.length > 0) {
    const asset = pending.pop() as string;
    if (loaded.has(asset)) continue;
    loaded.add(asset);
    const body = new Uint8Array(await (await fetch(base + asset)).arrayBuffer());
    chartJs += gz(body);
    for (const m of new TextDecoder().decode(body).matchAll(/from\s*"\.\/([\w.-]+\.js)"/g))
      pending.push(`/assets/${m[1]}`);
  }
  js += chartJs;
  let locales = 0;
  for (const m of html.matchAll(/<link\b[^>]*rel="preload"[^>]*href="(\/locales\/[^"]+)"/g)) {
    const href = (m[1] ?? "").replaceAll("&amp;", "&");
    locales += gz(new Uint8Array(await (await fetch(base + href)).arrayBuffer()));
  }
  const lite = await (await fetch(base + route, { headers: { ...headers, "Save-Data": "on" } })).text();
  let liteJs = 0;
  for (const m of lite.matchAll(/\/assets\/[\w.-]+\.js/g))
    liteJs += gz(new Uint8Array(await (await fetch(base + m[0])).arrayBuffer()));
  liteJs += [...lite.matchAll(/<script(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
    (n, m) => n + (m[1] ? gz(m[1]) : 0),
    0,
  );
  const charts = chartJs > 0 || [...assets].some((a) => /kline-chart|lightweight-charts/.test(a));
  return { route, js, css, html: gz(html), locales, liteJs, files: loaded.size, charts, chartJs };
}
