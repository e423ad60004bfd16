import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionStorage } from "../app/.server/session.ts";
import { fundedCustomer } from "./support/accounts.ts";
import { type TestPlatform, testPlatform } from "./support/platform.ts";
import { createScriptedFeed } from "./support/scripted-feed.ts";

// The contract trade screen shows, estimates from and confirms closes on the book contract orders
// fill against (the contract's own), not the spot market's. The web app runs in-process on the
// test's platform, as in form-fuzz: the production build when it is newer than app/, else app/
// compiled by Vite. The scripted feed's book: best ask 60,010, best bid 59,990 (spread 10).
const ORIGIN = "http://beacon.test";
const SECRET = "contract-screen-secret-0000000000000000";
type WebHandler = (request: Request, info: { clientIp: string; requestId: string }) => Promise<Response>;

const feed = createScriptedFeed({ "btc/usdt": 60000 });
let t: TestPlatform;
let web: WebHandler;
let closeVite: (() => Promise<void>) | undefined;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  return newest;
}

async function loadWebApp(options: Record<string, unknown>): Promise<WebHandler> {
  const serverBuild = resolve(process.env.BUILD_DIR || "build", "server", "index.js");
  type WebModule = { createWebHandler(o: Record<string, unknown>): WebHandler };
  if (
    existsSync(serverBuild) &&
    statSync(serverBuild).mtimeMs >= Math.max(newestMtime("app"), newestMtime("platform/contract"))
  )
    return ((await import(pathToFileURL(serverBuild).href)) as WebModule).createWebHandler(options);
  const { createServer } = await import("vite");
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
  closeVite = () => vite.close();
  return ((await vite.ssrLoadModule("./app/.server/web.ts")) as WebModule).createWebHandler(options);
}

const sessions = createSessionStorage(SECRET, false);
async function sessionCookie(token: string) {
  const session = await sessions.getSession();
  session.set("token", token);
  return (await sessions.commitSession(session)).split(";")[0] as string;
}

let requests = 0;
async function page(path: string, o: { cookie?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers({
    accept: "text/html",
    "user-agent": "Mozilla/5.0 (Linux; Android 10) Mobile",
  });
  if (o.cookie) headers.set("cookie", o.cookie);
  if (o.form) headers.set("origin", ORIGIN);
  const n = ++requests;
  const response = await web(
    new Request(`${ORIGIN}${path}`, {
      method: o.form ? "POST" : "GET",
      headers,
      body: o.form ? new URLSearchParams(o.form) : undefined,
    }),
    { clientIp: `10.78.0.${n}`, requestId: `contract-screen-${n}` },
  );
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The prices in the order book's section, as the page shows them. */
function bookPrices(html: string): string[] {
  const book = html.match(/<section aria-labelledby="book-title"[\s\S]*?<\/section>/)?.[0] ?? "";
  return [...book.matchAll(/<span class="relative">([^<]+)<\/span>/g)].map((m) => m[1] as string);
}
const bestPrice = (html: string) =>
  html
    .match(/data-testid="best-price"[^>]*>([\s\S]*?)<\/span>/)?.[1]
    ?.replace(/<!-- -->/g, "")
    .trim();

beforeAll(async () => {
  t = await testPlatform({}, { marketFeed: feed });
  web = await loadWebApp({
    platformFetch: t.platform.fetch,
    sessionSecret: SECRET,
    secureCookies: false,
    mode: "production",
  });
  await t.marketReady();
}, 240_000);
afterAll(async () => {
  await closeVite?.();
  await t?.close();
});

describe("the contract trade screen", () => {
  it("shows the contract's book, estimates from it and confirms a close at its price", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const maker = await fundedCustomer(t, "contract", { USDT: "10000" });
    const contract = (token: string, body: Record<string, string>) =>
      t.api("/contract/order", {
        method: "POST",
        json: { code: "btc/usdt", contract_type: "perpetual", leverage: 10, ...body },
        token,
      });
    await contract(maker.token, { type: "limit", side: "sell", quantity: "0.02", price: "60003" });
    await contract(maker.token, { type: "limit", side: "buy", quantity: "0.03", price: "59997" });
    const spotMaker = await fundedCustomer(t, "spot", { USDT: "10000", BTC: "1" });
    const spot = (body: Record<string, string>) =>
      t.api("/spot/order", {
        method: "POST",
        json: { code: "btc/usdt", type: "limit", ...body },
        token: spotMaker.token,
      });
    await spot({ side: "sell", quantity: "0.04", price: "60006" });
    await spot({ side: "buy", quantity: "0.05", price: "59994" });

    const contractPage = await page("/tradeing?code=btc/usdt&mode=contract");
    const shown = bookPrices(contractPage);
    expect(shown).toContain("60,003.00");
    expect(shown).toContain("59,997.00");
    expect(shown).not.toContain("60,006.00");
    expect(shown).not.toContain("59,994.00");
    // A market order's estimate: the contract book's best ask, not the last price or the spot's.
    expect(bestPrice(contractPage)).toBe("≈ 60,003.00");

    const spotPage = await page("/tradeing?code=btc/usdt&mode=spot");
    expect(bookPrices(spotPage)).toContain("60,006.00");
    expect(bookPrices(spotPage)).not.toContain("60,003.00");
    expect(bestPrice(spotPage)).toBe("≈ 60,006.00");

    // A long opened on the contract's book, then a close asked for: the confirmation prices it at
    // that book's best bid (the maker's 59,997), not the spot market's 59,994.
    const trader = await fundedCustomer(t, "contract", { USDT: "10000" });
    const opened = await contract(trader.token, { type: "market", side: "buy", quantity: "0.01" });
    expect(opened.body.data.order).toMatchObject({ status: "filled", fill_price: "60003" });
    const confirm = await page("/tradeing?code=btc/usdt&mode=contract", {
      cookie: await sessionCookie(trader.token),
      form: { intent: "close", position_id: String(opened.body.data.position.id) },
    });
    expect(confirm).toContain("≈ 59,997.00");
    expect(confirm).not.toContain("≈ 59,994.00");
  });
});
