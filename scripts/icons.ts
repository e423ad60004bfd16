// Draws the app icons (public/icons/*.png) from public/favicon.svg with Chromium:
//   node --import tsx scripts/icons.ts
// "any" icons keep the rounded square; "maskable" ones fill the square edge to edge and keep the
// mark inside the central safe zone (80 %), as Android crops them to its own shape.
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const svg = readFileSync("public/favicon.svg", "utf8");
const inner = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
const glyph = inner.replace(/<rect[^>]*\/>/, "");
const background = /<rect[^>]*fill="([^"]+)"/.exec(svg)?.[1] ?? "#0b0e11";

const icons: { file: string; size: number; maskable?: boolean }[] = [
  { file: "icon-192.png", size: 192 },
  { file: "icon-512.png", size: 512 },
  { file: "maskable-512.png", size: 512, maskable: true },
  { file: "apple-touch-icon.png", size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
for (const icon of icons) {
  const body = icon.maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${icon.size}" height="${icon.size}"><rect width="64" height="64" fill="${background}"/><g transform="translate(9.6 9.6) scale(0.7)">${glyph}</g></svg>`
    : svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${body}</body></html>`);
  const png = await page.locator("svg").screenshot({ omitBackground: true });
  writeFileSync(`public/icons/${icon.file}`, png);
  console.log(`public/icons/${icon.file}`);
}
await browser.close();
