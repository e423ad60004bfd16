import { readNumber } from "./say.ts";
import { expect, registerByEmail, test } from "./support.ts";

// Market data with JavaScript on and off; the journeys in English (js) and in their language
// (nojs, tests/e2e/journeys.ts).

test.describe("market data", () => {
  test("home shows every tracked market with a price and its 24 h change", async ({ page }) => {
    await page.goto("/");
    const markets = page.getByRole("table", { name: "Markets" });
    const btc = markets.getByRole("row").filter({ hasText: "BTC" });
    await expect(btc.getByRole("cell").nth(1)).toContainText(/\d{1,3}(,\d{3})*\.\d{2}/);
    await expect(btc.getByRole("cell").nth(2)).toContainText(/[+-]?\d+\.\d{2}%/);
    for (const coin of ["ETH", "BCH", "LTC", "EOS", "ETC", "XRP"])
      await expect(markets.getByText(coin, { exact: true })).toBeVisible();
  });

  test("prices move on the home page while it is open", async ({ page }, info) => {
    test.skip(info.project.name === "nojs", "without JavaScript the page is the server's snapshot");
    await page.goto("/");
    const cells = page
      .getByRole("table", { name: "Markets" })
      .getByRole("row")
      .filter({ hasText: /BTC|ETH|SOL|XRP/ });
    const before = await cells.allTextContents();
    await expect
      .poll(async () => (await cells.allTextContents()).join("|"), { timeout: 15_000 })
      .not.toBe(before.join("|"));
  });

  test("the markets screen searches, sorts and keeps favorites", async ({ page, lang, t }) => {
    await registerByEmail(page);
    await page.goto("/markets");
    await page.getByRole("searchbox").fill("sol");
    await page.getByRole("searchbox").press("Enter");
    const rows = page.getByRole("table", { name: t("market.spot") }).getByRole("row");
    await expect(rows).toHaveCount(2); // the header and SOL
    await page.goto("/markets?sort=change&dir=desc");
    const changes = await page
      .getByRole("table")
      .getByRole("row")
      .locator("[role=cell]:last-child") // the 24h change (a favourite star leads each row)
      .allTextContents();
    const values = changes.map((c) => readNumber(lang, c));
    // Sorted by the server's snapshot; with JavaScript the figures then move a little live.
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThanOrEqual((values[i - 1] ?? 0) + 0.3);

    await page.getByRole("button", { name: t("market.star", { pair: "ETH/USDT" }) }).click();
    await expect(page.getByRole("status")).toHaveText(t("market.favorite_added"));
    await page.goto("/markets?tab=favorites");
    await expect(
      page.getByRole("table", { name: t("market.favorites") }).getByText("ETH", { exact: true }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: t("market.unstar", { pair: "ETH/USDT" }) })).toBeVisible();
  });

  test("the chart screen draws months of candles, the depth chart, the book and trades", async ({
    page,
    lang,
    t,
  }, info) => {
    await registerByEmail(page);
    await page.goto("/linegraph?code=eth/usdt&interval=1d");
    await expect(page.getByRole("heading", { name: "ETH/USDT" })).toBeVisible();
    await expect(page.getByRole("link", { name: "1d" })).toHaveAttribute("aria-current", "true");
    const chart = page.getByRole("region", {
      name: t("market.chart_label", { pair: "ETH/USDT", interval: "1d" }),
    });
    if (info.project.name === "js") {
      await expect(chart.locator("canvas").first()).toBeVisible();
    } else {
      // The server-drawn chart: more than 50 candles (one path per colour and part).
      const drawn = await chart.locator("svg[data-candles]").first().getAttribute("data-candles");
      expect(Number(drawn)).toBeGreaterThan(50);
      await expect(chart.locator("svg[data-candles] path").first()).toBeVisible();
    }
    await expect(page.getByRole("img", { name: t("market.depth_chart") }).locator("path")).toHaveCount(2);
    const book = page
      .getByRole("region", { name: t("market.order_book") })
      .getByRole("table")
      .first();
    expect(await book.getByRole("row").count()).toBeGreaterThan(10);
    const last = page.locator("p.text-3xl");
    expect(readNumber(lang, await last.textContent())).toBeGreaterThan(100);
  });
});
