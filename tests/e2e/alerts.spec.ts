import { expect, type Page, registerByEmail, test } from "./support.ts";

// Price alerts (issue 21), with JavaScript on and off: a fresh customer sets alerts from a
// market's chart, one goes off when the (simulated) market reaches it, the message arrives in
// Messages and the Mine tab counts it; a fired alert is deleted.

test.describe.configure({ timeout: 120_000 });

const priceNow = async (page: Page) =>
  Number((await page.getByTestId("alert-price-now").textContent())?.replace(/[^\d.]/g, ""));

/** Sets an alert a hair away from the price now (the market may move past it meanwhile: try again). */
async function setNear(page: Page, kind: "Price rises to" | "Price falls to") {
  await page.getByRole("link", { name: kind }).click();
  await expect(page).toHaveURL(kind === "Price rises to" ? /kind=above/ : /kind=below/);
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.reload();
    const now = await priceNow(page);
    expect(now).toBeGreaterThan(0);
    // About two seconds of the simulated market's usual move.
    const level = kind === "Price rises to" ? now * 1.0002 : now * 0.9998;
    await page.getByLabel("Price (USDT)").fill(level.toFixed(2));
    await page.getByRole("button", { name: "Set alert" }).click();
    const done = page.getByRole("status").filter({ hasText: "Alert set" });
    const refused = page.getByText(/^The price is already/);
    await expect(done.or(refused)).toBeVisible();
    if (await done.isVisible()) return level;
  }
  throw new Error("the market kept moving past the level");
}

test("a price alert set from the chart goes off once, arrives in Messages and on the Mine tab", async ({
  page,
}) => {
  await registerByEmail(page);
  await page.goto("/linegraph?code=btc/usdt");
  await page.getByRole("link", { name: "Set a price alert" }).click();
  await expect(page).toHaveURL(/\/pricealerts\?code=btc%2Fusdt/);
  await expect(page.getByLabel("Market")).toHaveValue("btc/usdt");
  await expect(page.getByText("No alerts yet.", { exact: false })).toBeVisible();

  // A level on the wrong side of the price is refused on the field, and nothing is set.
  await page.getByLabel("Price (USDT)").fill("1000");
  await page.getByRole("button", { name: "Set alert" }).click();
  await expect(
    page.getByText(/^The price is already [\d,.]+: an alert for a rise must be higher$/),
  ).toBeVisible();

  // One just above and one just below: the market meets one of them within seconds.
  await setNear(page, "Price rises to");
  await setNear(page, "Price falls to");
  const list = page.getByRole("list", { name: "Your alerts" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect
    .poll(
      async () => {
        await page.reload();
        return list
          .getByTestId("alert-status")
          .filter({ hasText: /^Went off at/ })
          .count();
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBeGreaterThanOrEqual(1);
  const fired = list.getByRole("listitem").filter({ hasText: "Went off at" }).first();
  const name = (await fired.getAttribute("aria-label")) ?? "";
  expect(name).toMatch(/^BTC\/USDT (rises|falls) to [\d,]+\.\d{2}$/);

  // In Messages, and counted on the Mine tab.
  await page.goto("/markets");
  await expect(page.getByTestId("unread-badge")).toBeVisible();
  await page.goto("/messages");
  await expect(
    page
      .getByRole("link", {
        name: /^BTC\/USDT (rose|fell) to your price \(unread\) BTC\/USDT reached [\d.]+ \(your alert: (rises|falls) to [\d.]+\)/,
      })
      .first(),
  ).toBeVisible();

  // A fired alert can be deleted (or armed again).
  await page.goto("/pricealerts?code=btc/usdt");
  await expect(list.getByRole("button", { name: `Arm again: “${name}”` })).toBeVisible();
  const before = await list.getByRole("listitem").count();
  await list.getByRole("button", { name: `Delete the alert “${name}”` }).click();
  await expect(page.getByRole("status")).toHaveText("Alert deleted");
  await expect(list.getByRole("listitem")).toHaveCount(before - 1);
});
