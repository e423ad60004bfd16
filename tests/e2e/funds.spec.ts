import { expect, type Page, registerByEmail, test } from "./support.ts";

// Issue 19, defect 4: with nothing in the wallet, the order confirmation opened with "Available
// 0.00 USDT" and refused only after Confirm. Every screen that spends says it before, with a
// Deposit / Transfer action, and the review step refuses short funds up front. JS on and off.

test.describe.configure({ timeout: 90_000 });

const notice = (page: Page) => page.getByTestId("funds-notice");

async function saysEmpty(page: Page, coin: string, transfer: boolean) {
  await expect(notice(page)).toContainText(`You have no ${coin} available here yet.`);
  await expect(notice(page).getByRole("link", { name: `Deposit ${coin}` })).toHaveAttribute(
    "href",
    `/recharge?coin=${coin}`,
  );
  await expect(notice(page).getByRole("link", { name: "Transfer from another wallet" })).toHaveCount(
    transfer ? 1 : 0,
  );
}

test("an empty wallet is said before an order, and the review refuses it before the confirmation", async ({
  page,
}) => {
  await registerByEmail(page);
  // Contracts: the contract wallet is empty; a transfer from the spot wallet is offered.
  await page.goto("/tradeing?code=btc/usdt&mode=contract");
  await saysEmpty(page, "USDT", true);
  await expect(notice(page).getByRole("link", { name: "Transfer from another wallet" })).toHaveAttribute(
    "href",
    "/transfer?coin=USDT&from=spot",
  );
  await page.getByLabel("Quantity (BTC)").fill("0.01");
  await page.getByRole("button", { name: "Buy / Long" }).click();
  await expect(page.getByText(/^Not enough USDT: 0\.00 available, this needs [\d.,]+\.$/)).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Confirm order" })).toHaveCount(0);

  // Spot: buying spends USDT, selling spends the coin (no transfer offered for it).
  await page.goto("/tradeing?code=btc/usdt&mode=spot&side=buy");
  await saysEmpty(page, "USDT", true);
  await page.getByLabel("Quantity (BTC)").fill("0.001");
  await page.getByRole("button", { name: "Buy BTC" }).click();
  await expect(page.getByText(/^Not enough USDT: 0\.00 available/)).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Confirm order" })).toHaveCount(0);
  await page.goto("/tradeing?code=btc/usdt&mode=spot&side=sell");
  await saysEmpty(page, "BTC", false);

  // Timed contracts.
  await page.goto("/tradeing?mode=timed");
  await saysEmpty(page, "USDT", true);
  await page.getByLabel("Amount (USDT)").fill("10");
  await page.getByRole("button", { name: /Bullish/ }).click();
  await expect(page.getByText(/^Not enough USDT: 0\.00 available, this needs 10/)).toBeVisible();

  // Earn: a mining pool's subscription.
  await page.goto("/coinlist");
  await page
    .getByRole("article", { name: "USDT mining pool" })
    .getByRole("link", { name: "Join USDT mining pool" })
    .click();
  await saysEmpty(page, "USDT", true);

  // Transfer, convert.
  await page.goto("/transfer?coin=USDT&from=spot");
  await saysEmpty(page, "USDT", false);
  await page.goto("/exchange?from=USDT&to=BTC");
  await saysEmpty(page, "USDT", true);
  await page.getByLabel("Amount", { exact: true }).fill("50");
  await page.getByRole("button", { name: "Get a quote" }).click();
  await expect(page.getByText(/^Not enough USDT: 0\.00 available, this needs 50/)).toBeVisible();
});
