import { ops } from "./ops.ts";
import { expect, type Page, registerByEmail, test } from "./support.ts";

// The block exchange desk (/bossex) with JavaScript on and off: a credited user finds it from the
// standard convert screen, sees its terms, is refused below the desk's minimum with the reason,
// then converts a large amount at the quoted price with the desk's lower fee.

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
}) => {
  test.setTimeout(90_000);
  await creditedUser(page, "20000");
  await page.goto("/exchange");
  await page.getByRole("link", { name: "Converting a large amount? Use the block exchange desk" }).click();
  await expect(page).toHaveURL(/\/bossex\?from=USDT&to=BTC$/);
  await expect(page.getByRole("heading", { name: "Block exchange desk" })).toBeVisible();
  await expect(page.getByTestId("desk-minimum")).toHaveText(
    "The block desk takes 10,000 USDT's worth or more",
  );
  await expect(page.getByTestId("desk-terms")).toHaveText("Fee 0.05% · quotes valid 20 s");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("USDT");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("BTC");

  // Below the desk's minimum: refused by the platform, with the reason on the amount, no quote.
  const amount = page.getByLabel("Amount", { exact: true });
  await amount.fill("9999");
  await page.getByRole("button", { name: "Get a quote" }).click();
  await expect(amount).toHaveAccessibleDescription("The block desk takes 10000 USDT's worth or more");
  await expect(page.getByRole("region", { name: "Your quote" })).toHaveCount(0);

  await page.getByLabel("Amount", { exact: true }).fill("12000");
  await page.getByRole("button", { name: "Get a quote" }).click();
  const quote = page.getByRole("region", { name: "Your quote" });
  await expect(quote).toContainText("12,000 USDT");
  await expect(quote).toContainText(/1 USDT ≈ [\d.]+ BTC/);
  await expect(quote).toContainText(/This quote (expires in \d+ s|is valid for 20 s)/);
  const receive = (await page.getByTestId("quote-receive").innerText()).trim();
  const fee = (await page.getByTestId("quote-fee").innerText()).trim();
  expect(receive).toMatch(/^0\.\d+ BTC$/);
  // The desk's 0.05 % of what the amount buys (rounded up to the coin's decimals), not 0.1 %.
  const [got, kept] = [receive, fee].map((v) => Number.parseFloat(v.replaceAll(",", ""))) as [number, number];
  expect(kept / (got + kept)).toBeGreaterThan(0.0004);
  expect(kept / (got + kept)).toBeLessThan(0.0006);
  await quote.getByRole("button", { name: "Convert", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Conversion complete");
  await expect(page).toHaveURL(/\/walletrecord\?id=exchange(:|%3A)/);
  await expect(page.getByTestId("record-status")).toHaveText("Success");
  await expect(page.getByText(`12000 USDT → ${receive}`)).toBeVisible();

  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText("Available8,000.00");
  await expect(row(page, "BTC")).toContainText(`Available${receive.replace(" BTC", "")}`);
});
