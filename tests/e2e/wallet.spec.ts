import { ops } from "./ops.ts";
import { codeFor, expect, PASSWORD, type Page, registerByEmail, test, uniquePhone } from "./support.ts";

// The wallet with JavaScript on and off: a new user is credited by the operator CLI (through the
// e2e server's operator endpoint), sees the balance, transfers, converts, finds the deposit
// address, is held back from withdrawing until the preconditions are met, withdraws, and sees the
// record change when the operator approves.

const FUND = "Fund2026ok";

/** A new account with `amount` USDT credited as a confirmed deposit. */
async function creditedUser(page: Page, amount = "1000") {
  const email = await registerByEmail(page);
  expect(ops("deposit", "--account", email, "--coin", "USDT", "--amount", amount)).toMatch(/credited/);
  return email;
}

const row = (page: Page, coin: string) => page.getByRole("listitem", { name: coin, exact: true });

test("assets: the balance, the switches, a transfer and a conversion", async ({ page }) => {
  test.setTimeout(90_000);
  await creditedUser(page);
  await page.goto("/");
  await page.getByRole("link", { name: "Assets" }).click();
  await expect(page).toHaveURL(/\/asset$/);
  await expect(page.getByTestId("total-usdt")).toHaveText("1,000.00 USDT");
  await expect(row(page, "USDT")).toContainText("Available1,000.00");

  // Hide balances, then show them again; hide the small ones (the coins at zero).
  await page.getByRole("button", { name: "Hide balances" }).click();
  await expect(page.getByTestId("total-usdt")).toHaveText("**** USDT");
  await expect(row(page, "USDT")).not.toContainText("1000");
  await page.getByRole("button", { name: "Hide balances" }).click();
  await expect(page.getByTestId("total-usdt")).toHaveText("1,000.00 USDT");
  await expect(row(page, "BTC")).toBeVisible();
  // With JavaScript the switch turns at once and saves in the background: wait for the save.
  // (This switch's own post: the balance switch's may still be answering.)
  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && (r.request().postData() ?? "").includes("pref=small"),
  );
  await page.getByRole("switch", { name: "Hide small balances" }).click();
  await saved;
  await expect(row(page, "BTC")).toHaveCount(0);
  await expect(row(page, "USDT")).toBeVisible();
  // Kept in a cookie: still so on the next visit.
  await page.reload();
  await expect(page.getByRole("switch", { name: "Hide small balances" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(row(page, "BTC")).toHaveCount(0);
  await page.getByRole("switch", { name: "Hide small balances" }).click();
  await expect(row(page, "BTC")).toBeVisible();

  // Transfer 250 USDT to the contract account: too much first, then right.
  await page
    .getByRole("navigation", { name: "Wallet actions" })
    .getByRole("link", { name: "Transfer", exact: true })
    .click();
  await expect(page).toHaveURL(/\/transfer$/);
  await expect(page.getByTestId("transfer-from")).toHaveText("Spot account");
  await expect(page.getByTestId("transfer-to")).toHaveText("Contract account");
  await expect(page.getByText("Available: 1,000.00 USDT")).toBeVisible();
  await page.getByLabel("Amount (USDT)").fill("5000");
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Insufficient balance");
  await page.getByLabel("Amount (USDT)").fill("abc");
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(page.getByText("Enter an amount such as 100 or 0.5")).toBeVisible();
  await page.getByLabel("Amount (USDT)").fill("250");
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Transfer complete");
  await expect(page).toHaveURL(/\/asset\?wallet=contract$/);
  await expect(row(page, "USDT")).toContainText("Available250.00");
  // And back: the swap link turns the direction round.
  await page.goto("/transfer");
  await page.getByRole("link", { name: "Swap the direction" }).click();
  await expect(page.getByTestId("transfer-from")).toHaveText("Contract account");
  await expect(page.getByText("Available: 250.00 USDT")).toBeVisible();
  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page.getByLabel("Amount (USDT)")).toHaveValue(/^250(\.0+)?$/);
  await page.getByLabel("Amount (USDT)").fill("50");
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(page).toHaveURL(/\/asset\?wallet=spot$/);
  await expect(row(page, "USDT")).toContainText("Available800.00");

  // Convert 100 USDT to BTC: a quote, then the conversion at its price.
  await page
    .getByRole("navigation", { name: "Wallet actions" })
    .getByRole("link", { name: "Convert", exact: true })
    .click();
  await expect(page).toHaveURL(/\/exchange$/);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("USDT");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("BTC");
  await page.getByLabel("Amount", { exact: true }).fill("100");
  await page.getByRole("button", { name: "Get a quote" }).click();
  const quote = page.getByRole("region", { name: "Your quote" });
  await expect(quote).toContainText("100 USDT");
  await expect(quote).toContainText(/1 USDT ≈ [\d.]+ BTC/);
  await expect(quote).toContainText(/This quote (expires in \d+ s|is valid for 10 s)/);
  const receive = (await page.getByTestId("quote-receive").innerText()).trim();
  expect(receive).toMatch(/^0\.\d+ BTC$/);
  await quote.getByRole("button", { name: "Convert", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Conversion complete");
  await expect(page).toHaveURL(/\/walletrecord\?id=exchange(:|%3A)/);
  await expect(page.getByTestId("record-status")).toHaveText("Success");
  await expect(page.getByText(`100 USDT → ${receive}`)).toBeVisible();

  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText("Available700.00");
  await expect(row(page, "BTC")).toContainText(`Available${receive.replace(" BTC", "")}`);

  // The records: the deposit, and the transfers and the conversion under "Other".
  await page.getByRole("link", { name: "Records", exact: true }).click();
  await expect(page.getByRole("link", { name: /Deposit · USDT.*1,000\.00.*Success/ })).toBeVisible();
  await page.getByRole("link", { name: "Other", exact: true }).click();
  await expect(page.getByRole("link", { name: /Transfer · USDT/ })).toHaveCount(2);
  await page.getByRole("link", { name: /Conversion · USDT/ }).click();
  await expect(page.getByText("Conversion", { exact: true }).first()).toBeVisible();
  await page.goto("/walletrecord?kind=other");
  await page.getByRole("link", { name: /Transfer · USDT.*250\.00/ }).click();
  await expect(page.getByText("Spot account → Contract account")).toBeVisible();
  // Someone else's record, or none: not found.
  await page.goto("/walletrecord?id=withdrawal:999999");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("an expired quote is refused, and a new one is offered", async ({ page }, info) => {
  test.setTimeout(90_000);
  await creditedUser(page, "500");
  await page.goto("/exchange");
  await page.getByLabel("Amount", { exact: true }).fill("10");
  await page.getByRole("button", { name: "Get a quote" }).click();
  const quote = page.getByRole("region", { name: "Your quote" });
  await expect(quote).toBeVisible();
  await page.waitForTimeout(31_000);
  if (info.project.name === "js") {
    // The countdown ran out: the page says so and offers a new quote instead of converting.
    await expect(quote.getByText("This quote has expired, please get a new one")).toBeVisible();
    await expect(quote.getByRole("button", { name: "Convert", exact: true })).toHaveCount(0);
  } else {
    await quote.getByRole("button", { name: "Convert", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("This quote has expired, please get a new one");
  }
  await page.getByRole("button", { name: "Get a new quote" }).click();
  await expect(page.getByRole("region", { name: "Your quote" })).toContainText("10 USDT");
  await page
    .getByRole("region", { name: "Your quote" })
    .getByRole("button", { name: "Convert", exact: true })
    .click();
  await expect(page.getByRole("status")).toHaveText("Conversion complete");
});

test("deposit: address, QR code, memo, and a bank deposit waiting for review", async ({
  page,
  context,
}, info) => {
  test.setTimeout(60_000);
  await registerByEmail(page);
  await page.goto("/");
  await page.getByRole("link", { name: "Deposit", exact: true }).click();
  await expect(page).toHaveURL(/\/recharge$/);
  await expect(page.getByRole("link", { name: "USDT", exact: true })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("link", { name: "TRC20", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  const address = page.getByTestId("deposit-address");
  await expect(address).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(
    page.getByRole("img", { name: "QR code of your USDT deposit address on TRC20" }).locator("svg"),
  ).toBeVisible();
  await expect(page.getByText("Send only USDT on the TRC20 network to this address.")).toBeVisible();
  await expect(page.getByText("1 USDT", { exact: true })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^20$/ })).toBeVisible();
  // The same address on every visit; another network, another address.
  const trc20 = await address.innerText();
  await page.getByRole("link", { name: "ERC20", exact: true }).click();
  await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await page.getByRole("link", { name: "TRC20", exact: true }).click();
  await expect(address).toHaveText(trc20);

  if (info.project.name === "js") {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy the address" }).click();
    await expect(page.locator(".toast")).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trc20);
  } else {
    // No script: no copy button, the address is plain selectable text.
    await expect(page.getByRole("button", { name: "Copy the address" })).toHaveCount(0);
  }

  // XRP: one address for everyone, the memo tells deposits apart and is required.
  await page.getByRole("link", { name: "XRP", exact: true }).click();
  await expect(address).toHaveText(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
  await expect(page.getByTestId("deposit-memo")).toHaveText(/^\d+$/);
  await expect(page.getByText("Memo required.")).toBeVisible();

  // A bank deposit: a request waiting for the operator to confirm the payment.
  await page.getByRole("link", { name: "Bank or e-wallet" }).click();
  await page.getByLabel("E-wallet").check();
  await page.getByLabel("Amount (USD)").fill("5");
  await page.getByRole("button", { name: "Submit request" }).click();
  await expect(page.getByText("The minimum is 10")).toBeVisible();
  await page.getByLabel("Amount (USD)").fill("50");
  await page.getByLabel("Payment reference (optional)").fill("REF-2026");
  await page.getByRole("button", { name: "Submit request" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Recharge request submitted; it will be credited once your payment is confirmed",
  );
  await expect(page.getByTestId("record-status")).toHaveText("Under review");
  await expect(page.getByText("E-wallet", { exact: true })).toBeVisible();
  await expect(page.getByText("REF-2026")).toBeVisible();
});

test("withdraw: held back until the preconditions are met, then reviewed by the operator", async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  const email = await creditedUser(page);
  // The user's own deposit address is a valid TRC20 address to send to.
  await page.goto("/recharge");
  const target = (await page.getByTestId("deposit-address").innerText()).trim();

  // 1. A bound mobile number.
  await page.goto("/asset");
  await page
    .getByRole("navigation", { name: "Wallet actions" })
    .getByRole("link", { name: "Withdraw", exact: true })
    .click();
  await expect(page).toHaveURL(/\/withdraw$/);
  await expect(page.getByRole("alert")).toHaveText("Bind your mobile number first");
  await expect(page.getByLabel("Fund password")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to the security centre" })).toHaveAttribute(
    "href",
    "/security?bind=phone",
  );
  // Bound through the platform's API (the security centre's own screen has its own tests).
  const token = (
    await (await page.request.post("/api/login", { data: { account: email, password: PASSWORD } })).json()
  ).data.token as string;
  const authorization = `Bearer ${token}`;
  const phone = uniquePhone();
  const sent = await page.request.get(`/api/captcha?type=bind&area_code=65&phone=${phone}`, {
    headers: { authorization },
  });
  expect(sent.status()).toBe(200);
  const bound = await page.request.post("/api/security/phone", {
    headers: { authorization },
    data: { area_code: "65", phone, code: await codeFor(page.request, `+65${phone}`) },
  });
  expect((await bound.json()).message).toBe("Mobile number saved");

  // 2. Primary verification, approved by the operator.
  await page.goto("/withdraw");
  await expect(page.getByRole("alert")).toHaveText("Conduct primary authentication first");
  await page.getByRole("link", { name: "Verify your identity" }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await page
    .getByRole("region", { name: "Primary verification" })
    .getByRole("link", { name: "Verify now" })
    .click();
  await page.getByLabel("Issuing country").selectOption("SG");
  await page.getByLabel("Document type").selectOption("passport");
  await page.getByLabel("Full name").fill("Wei Tan");
  await page
    .getByLabel("Document number")
    .fill(`W${Date.now().toString().slice(-7)}${info.project.name === "js" ? "J" : "N"}`);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("status")).toHaveText("Submitted. Your verification is under review");
  const line = ops("kyc", "list", "--user", email)
    .split("\n")
    .find((l) => l.includes(email));
  ops("kyc", "approve", line?.trim().split(/\s+/)[0] ?? "");

  // 3. A fund password.
  await page.goto("/withdraw");
  await expect(page.getByRole("alert")).toHaveText("Set the fund password first");
  await page.getByRole("link", { name: "Set the fund password" }).click();
  await expect(page).toHaveURL(/\/modifyfundingpassword$/);
  await page.getByLabel("New fund password").fill(FUND);
  await page.getByLabel("Confirm fund password").fill(FUND);
  await page.getByRole("button", { name: "Set fund password" }).click();
  await expect(page.getByRole("status")).toHaveText("Fund password set");

  // Now the form: amount, minimum, fee and what arrives.
  await page.goto("/withdraw");
  await expect(page.getByText("Available: 1,000.00 USDT")).toBeVisible();
  await expect(page.getByText("10 USDT", { exact: true })).toBeVisible();
  await expect(page.getByText("1 USDT", { exact: true })).toBeVisible();
  await page.getByLabel("Address (TRC20)").fill("TNotAnAddress");
  await page.getByLabel("Amount (USDT)").fill("100");
  if (info.project.name === "js") {
    await expect(page.getByTestId("receive")).toHaveText("99 USDT");
    await expect(page.getByRole("button", { name: "Calculate what arrives" })).toHaveCount(0);
  } else {
    await page.getByRole("button", { name: "Calculate what arrives" }).click();
    await expect(page.getByTestId("receive")).toHaveText("99 USDT");
    await expect(page.getByLabel("Amount (USDT)")).toHaveValue("100");
  }
  await page.getByLabel("Fund password").fill(FUND);
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page.getByText("This is not a valid TRC20 address")).toBeVisible();
  await page.getByLabel("Address (TRC20)").fill(target);
  await page.getByLabel("Amount (USDT)").fill("5");
  await page.getByLabel("Fund password").fill(FUND);
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page.getByText("The minimum withdrawal is 10 USDT")).toBeVisible();
  await page.getByLabel("Address (TRC20)").fill(target);
  await page.getByLabel("Amount (USDT)").fill("100");
  await page.getByLabel("Fund password").fill("Wrong2026x");
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page.getByText("The fund password is incorrect")).toBeVisible();
  // The server never sends a fund password back into a page.
  if (info.project.name === "nojs") await expect(page.getByLabel("Fund password")).toHaveValue("");
  await page.getByLabel("Address (TRC20)").fill(target);
  await page.getByLabel("Amount (USDT)").fill("100");
  await page.getByLabel("Fund password").fill(FUND);
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Withdrawal submitted, please wait patiently for the review",
  );
  await expect(page).toHaveURL(/\/walletrecord\?id=withdrawal(:|%3A)\d+$/);
  await expect(page.getByTestId("record-status")).toHaveText("Under review");
  await expect(page.getByText(target)).toBeVisible();
  await expect(page.getByText("99.00 USDT", { exact: true })).toBeVisible();
  const id = /withdrawal(?::|%3A)(\d+)/.exec(page.url())?.[1] ?? "";

  // The amount is frozen while it waits.
  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText("Available900.00");
  await expect(row(page, "USDT")).toContainText("Frozen100.00");

  // The operator approves: the record says so, and the frozen amount has left.
  expect(ops("withdrawal", "approve", id, "--txid", `0xe2e${id}`)).toMatch(/approved/);
  await page.goto("/walletrecord?kind=withdraw");
  await page.getByRole("link", { name: /Withdrawal · USDT.*100\.00.*Success/ }).click();
  await expect(page.getByTestId("record-status")).toHaveText("Success");
  await expect(page.getByText(`0xe2e${id}`)).toBeVisible();
  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText("Frozen0.00");
  await expect(page.getByTestId("total-usdt")).toHaveText("900.00 USDT");

  // Fiat: the same withdrawal, paid out to a saved bank card; the operator rejects it.
  await page.goto("/withdraw?tab=fiat");
  await expect(page.getByText("You have no bank card or e-wallet yet.")).toBeVisible();
  const card = await page.request.post("/api/user/payment_methods/add", {
    headers: { authorization },
    data: { kind: "bank", holder: "Wei Tan", provider: "DBS", account: "1234567890", payment_password: FUND },
  });
  expect(card.status()).toBe(200);
  await page.goto("/withdraw?tab=fiat");
  await expect(page.getByRole("radio", { name: /DBS \*{4}7890/ })).toBeChecked();
  await page.getByLabel("Amount (USDT)").fill("10");
  await page.getByLabel("Fund password").fill(FUND);
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page.getByText("The minimum withdrawal is 20 USDT")).toBeVisible();
  await page.getByLabel("Amount (USDT)").fill("50");
  if (info.project.name === "js") await expect(page.getByTestId("receive")).toHaveText("48 USDT");
  await page.getByLabel("Fund password").fill(FUND);
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page).toHaveURL(/\/walletrecord\?id=withdrawal(:|%3A)\d+$/);
  await expect(page.getByTestId("record-status")).toHaveText("Under review");
  await expect(page.getByText("DBS ****7890")).toBeVisible();
  const fiatId = /withdrawal(?::|%3A)(\d+)/.exec(page.url())?.[1] ?? "";
  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText("Frozen50.00");
  expect(ops("withdrawal", "reject", fiatId, "--reason", "Name mismatch")).toMatch(/rejected/);
  await page.goto("/asset");
  await expect(row(page, "USDT")).toContainText("Frozen0.00");
  await expect(page.getByTestId("total-usdt")).toHaveText("900.00 USDT");
});
