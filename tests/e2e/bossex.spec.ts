import { percent } from "../../app/components/earn/calc.ts";
import { numbers } from "../../app/components/numbers.tsx";
import { ops } from "./ops.ts";
import { literally, readNumber } from "./say.ts";
import { expect, type Page, registerByEmail, test } from "./support.ts";

// The block exchange desk (/bossex) with JavaScript on and off: a credited user finds it from the
// standard convert screen, sees its terms, is refused below the desk's minimum with the reason,
// then converts a large amount at the quoted price with the desk's lower fee. In English (js) and
// in the journey's language (nojs, tests/e2e/journeys.ts).

/** A text matched literally but for the part marked "\u0000" (a figure), which matches `part`. */
const pattern = (text: string, part = "") => new RegExp(literally(text).source.split("\u0000").join(part));

/** A new account with `amount` USDT credited as a confirmed deposit. */
async function creditedUser(page: Page, amount: string) {
  const email = await registerByEmail(page);
  expect(ops("deposit", "--account", email, "--coin", "USDT", "--amount", amount)).toMatch(/credited/);
  return email;
}

const row = (page: Page, coin: string) => page.getByRole("listitem", { name: coin, exact: true });

test.afterEach(() => {
  expect(ops("audit")).toMatch(/Ledger audit passed/);
});

test("block desk: found from Convert, its minimum refused with the reason, a large conversion at its fee", async ({
  page,
  lang,
  t,
}) => {
  test.setTimeout(90_000);
  const n = numbers(lang);
  await creditedUser(page, "20000");
  await page.goto("/exchange");
  await page.getByRole("link", { name: t("wallet.bossex_link") }).click();
  await expect(page).toHaveURL(/\/bossex\?from=USDT&to=BTC$/);
  await expect(page.getByRole("heading", { name: t("wallet.bossex_heading") })).toBeVisible();
  await expect(page.getByTestId("desk-minimum")).toHaveText(
    t("messages.wallet.desk_minimum", { minimum: n.amount("10000", 0) }),
  );
  await expect(page.getByTestId("desk-terms")).toHaveText(
    t("wallet.desk_terms", { fee: percent("0.0005", 1, lang), seconds: 20 }),
  );
  await expect(page.getByLabel(t("wallet.from_coin"), { exact: true })).toHaveValue("USDT");
  await expect(page.getByLabel(t("wallet.to_coin"), { exact: true })).toHaveValue("BTC");

  // Below the desk's minimum: refused by the platform, with the reason on the amount, no quote
  // (the platform writes the minimum in the customer's language too).
  const amount = page.getByLabel(t("wallet.amount"), { exact: true });
  await amount.fill("9999");
  await page.getByRole("button", { name: t("wallet.get_quote") }).click();
  await expect(amount).toHaveAccessibleDescription(
    t("messages.wallet.desk_minimum", { minimum: n.amount("10000", 0) }),
  );
  await expect(page.getByRole("region", { name: t("wallet.quote_title") })).toHaveCount(0);

  await amount.fill("12000");
  await page.getByRole("button", { name: t("wallet.get_quote") }).click();
  const quote = page.getByRole("region", { name: t("wallet.quote_title") });
  await expect(quote).toContainText(`${n.qty("12000")} USDT`);
  await expect(quote).toContainText(
    pattern(t("wallet.rate_value", { from: "USDT", rate: "\u0000", to: "BTC" }), "[\\d.,\\s]+"),
  );
  await expect(quote).toContainText(
    new RegExp(
      `${pattern(t("wallet.expires_in", { seconds: "\u0000" }), "\\d+").source}|${pattern(t("wallet.valid_until", { seconds: 20, time: "\u0000" }), ".+").source}`,
    ),
  );
  const receive = (await page.getByTestId("quote-receive").innerText()).trim();
  const fee = (await page.getByTestId("quote-fee").innerText()).trim();
  expect(receive).toMatch(/^0[.,]\d+ BTC$/);
  // The desk's 0.05 % of what the amount buys (rounded up to the coin's decimals), not 0.1 %.
  const [got, kept] = [receive, fee].map((v) => readNumber(lang, v)) as [number, number];
  expect(kept / (got + kept)).toBeGreaterThan(0.0004);
  expect(kept / (got + kept)).toBeLessThan(0.0006);
  await quote.getByRole("button", { name: t("wallet.convert"), exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.wallet.exchanged"));
  await expect(page).toHaveURL(/\/walletrecord\?id=exchange(:|%3A)/);
  await expect(page.getByTestId("record-status")).toHaveText(t("wallet.status_names.success"));
  await expect(page.getByText(`${n.qty("12000")} USDT → ${receive}`)).toBeVisible();

  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText(`${t("wallet.available")}${n.amount("8000")}`);
  await expect(row(page, "BTC")).toContainText(`${t("wallet.available")}${receive.replace(" BTC", "")}`);
});
