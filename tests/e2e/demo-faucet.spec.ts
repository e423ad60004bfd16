import { expect, login, registerByEmail, test } from "./support.ts";

// A new customer on a local try-out (the embedded database the e2e server runs on) can get test
// money at once: the demo account starts with some, and every account has the demo faucet.

test("the demo account starts with test USDT", async ({ page }) => {
  await login(page, "demo@example.com", "Demo2026");
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/walletrecord?kind=recharge");
  const list = page.getByRole("list", { name: "Deposits" });
  await expect(list.getByRole("link", { name: /Demo funds · USDT.*10,000\.00/ })).toBeVisible();
});

test("a new account claims test USDT from the clearly labelled demo faucet", async ({ page }) => {
  await registerByEmail(page);
  await page.goto("/asset");
  await expect(page.getByTestId("total-usdt")).toHaveText("0.00 USDT");
  const faucet = page.getByRole("region", { name: "Demo funds" });
  await expect(faucet).toContainText("Demo install");
  await expect(faucet).toContainText("It has no value and exists only on this server.");
  await expect(faucet.getByTestId("faucet-left")).toHaveText(
    "0 of 50,000 USDT received; 50,000 left for this account.",
  );
  await faucet.getByRole("button", { name: "Get 10,000 test USDT" }).click();
  await expect(page.getByRole("status")).toHaveText("Test USDT added to your spot wallet");
  await expect(page).toHaveURL(/\/asset\?wallet=spot$/);
  await expect(page.getByTestId("total-usdt")).toHaveText("10,000.00 USDT");
  await expect(faucet.getByTestId("faucet-left")).toHaveText(
    "10,000 of 50,000 USDT received; 40,000 left for this account.",
  );

  // The deposit screen offers it too, and the credit is in the deposit records.
  await page.goto("/recharge");
  await expect(page.getByRole("region", { name: "Demo funds" })).toBeVisible();
  await page.goto("/walletrecord?kind=recharge");
  await page.getByRole("link", { name: /Demo funds · USDT/ }).click();
  await expect(page.getByRole("heading", { name: "Demo funds" })).toBeVisible();
  await expect(page.getByTestId("record-status")).toHaveText("Success");
});

test("money moved into Earn still counts in the total, shows as the Earn account, and is in the records", async ({
  page,
}) => {
  await registerByEmail(page);
  await page.goto("/asset");
  await page
    .getByRole("region", { name: "Demo funds" })
    .getByRole("button", { name: "Get 10,000 test USDT" })
    .click();
  await expect(page.getByTestId("total-usdt")).toHaveText("10,000.00 USDT");

  await page.goto("/fortune");
  await page.getByLabel("Amount to add (USDT)").fill("3000");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByTestId("fortune-balance")).toHaveText("3,000.00");

  // The total is still everything the customer has; the accounts say where it is.
  await page.goto("/asset");
  await expect(page.getByTestId("total-usdt")).toHaveText("10,000.00 USDT");
  const accounts = page.getByRole("list", { name: "Value by account" });
  await expect(accounts.getByTestId("account-spot")).toContainText(/Spot account\s*≈ 7,000\.00 USDT/);
  await expect(accounts.getByTestId("account-contract")).toContainText(/Contract account\s*≈ 0\.00 USDT/);
  await expect(accounts.getByTestId("account-earn")).toContainText(/Earn account\s*≈ 3,000\.00 USDT/);
  await accounts.getByRole("link", { name: /Earn account/ }).click();
  await expect(page).toHaveURL(/\/asset\?wallet=earn$/);
  const usdt = page.getByRole("listitem", { name: "USDT", exact: true });
  await expect(usdt).toContainText("≈ 3,000.00 USDT");
  await expect(usdt).toContainText("In Earn3,000.00");

  // The move is a wallet record, with its sign.
  await page.goto("/walletrecord?kind=other");
  await page
    .getByRole("list", { name: "Other" })
    .getByRole("link", { name: /Daily-interest wallet: deposit · USDT.*-3,000\.00/ })
    .click();
  await expect(page.getByRole("heading", { name: "Daily-interest wallet: deposit" })).toBeVisible();
  await expect(page.getByTestId("record-amount")).toHaveText("-3,000.00 USDT");
});
