import { numbers } from "../../app/components/numbers.tsx";
import { sayPattern } from "./say.ts";
import { expect, type Page, registerByEmail, test } from "./support.ts";

// Issue 19, defect 4: with nothing in the wallet, the order confirmation opened with "Available
// 0.00 USDT" and refused only after Confirm. Every screen that spends says it before, with a
// Deposit / Transfer action, and the review step refuses short funds up front. JS on and off,
// in English and in the journey's language (tests/e2e/journeys.ts).

test.describe.configure({ timeout: 90_000 });

const notice = (page: Page) => page.getByTestId("funds-notice");

test("an empty wallet is said before an order, and the review refuses it before the confirmation", async ({
  page,
  lang,
  t,
}) => {
  const like = sayPattern(lang);
  const n = numbers(lang);
  /** "Not enough USDT: 0.00 available, this needs …", the amounts as the language writes them. */
  const refused = (needed: string | RegExp) =>
    like("common.funds.refused", { coin: "USDT", amount: n.amount("0"), needed });
  const saysEmpty = async (coin: string, transfer: boolean) => {
    await expect(notice(page)).toContainText(t("common.funds.empty", { coin }));
    await expect(
      notice(page).getByRole("link", { name: t("common.funds.deposit", { coin }) }),
    ).toHaveAttribute("href", `/recharge?coin=${coin}`);
    await expect(notice(page).getByRole("link", { name: t("common.funds.transfer") })).toHaveCount(
      transfer ? 1 : 0,
    );
  };

  await registerByEmail(page);
  // Contracts: the contract wallet is empty; a transfer from the spot wallet is offered.
  await page.goto("/tradeing?code=btc/usdt&mode=contract");
  await saysEmpty("USDT", true);
  await expect(notice(page).getByRole("link", { name: t("common.funds.transfer") })).toHaveAttribute(
    "href",
    "/transfer?coin=USDT&from=spot",
  );
  await page.getByLabel(t("trade.quantity_label", { coin: "BTC" }), { exact: true }).fill("0.01");
  await page.getByRole("button", { name: t("trade.buy_long") }).click();
  await expect(page.getByText(refused(/[\d.,\s\u00a0\u202f]+/))).toBeVisible();
  await expect(page.getByRole("dialog", { name: t("trade.confirm_title") })).toHaveCount(0);

  // Spot: buying spends USDT, selling spends the coin (no transfer offered for it).
  await page.goto("/tradeing?code=btc/usdt&mode=spot&side=buy");
  await saysEmpty("USDT", true);
  await page.getByLabel(t("trade.quantity_label", { coin: "BTC" }), { exact: true }).fill("0.001");
  await page.getByRole("button", { name: t("trade.buy_coin", { coin: "BTC" }) }).click();
  await expect(page.getByText(refused(/[\d.,\s\u00a0\u202f]+/))).toBeVisible();
  await expect(page.getByRole("dialog", { name: t("trade.confirm_title") })).toHaveCount(0);
  await page.goto("/tradeing?code=btc/usdt&mode=spot&side=sell");
  await saysEmpty("BTC", false);

  // Timed contracts.
  await page.goto("/tradeing?mode=timed");
  await saysEmpty("USDT", true);
  await page.getByLabel(t("timed.amount_label"), { exact: true }).fill("10");
  await page.getByRole("button", { name: t("timed.bullish") }).click();
  // The bet and its 1 % fee.
  await expect(page.getByText(refused(n.amount("10.1")))).toBeVisible();

  // Earn: a mining pool's subscription.
  const pool = t("earn.products.usdt_mining");
  await page.goto("/coinlist");
  await page
    .getByRole("article", { name: pool })
    .getByRole("link", { name: t("earn.join_name", { name: pool }) })
    .click();
  await saysEmpty("USDT", true);

  // Transfer, convert.
  await page.goto("/transfer?coin=USDT&from=spot");
  await saysEmpty("USDT", false);
  await page.goto("/exchange?from=USDT&to=BTC");
  await saysEmpty("USDT", true);
  await page.getByLabel(t("wallet.amount"), { exact: true }).fill("50");
  await page.getByRole("button", { name: t("wallet.get_quote") }).click();
  await expect(page.getByText(refused(n.amount("50")))).toBeVisible();
});
