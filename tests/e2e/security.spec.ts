import { Secret, TOTP } from "otpauth";
import { literally, type say, sayPattern } from "./say.ts";
import {
  codeFor,
  expect,
  login,
  PASSWORD,
  type Page,
  registerByEmail,
  registerByPhone,
  test,
  uniqueEmail,
  uniquePhone,
} from "./support.ts";

// The security centre with JavaScript on and off: the fund password with every spec message,
// Google Authenticator (the code computed from the key the page shows) and the sign-in step it
// adds, withdrawal addresses, payment methods, and changing the login password. The journeys in
// English (js) and in their language (nojs, tests/e2e/journeys.ts).

const FUND = "Fund2026ok";

async function setFundPassword(page: Page, t: ReturnType<typeof say>) {
  await page.goto("/modifyfundingpassword");
  await page.getByLabel(t("security.fund_new"), { exact: true }).fill(FUND);
  await page.getByLabel(t("security.fund_confirm"), { exact: true }).fill(FUND);
  await page.getByRole("button", { name: t("security.fund_set_submit") }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.security.fund_password_set"));
}

/** A row of the security centre: its title, then its state ("Fund password  Not set"). */
const securityRow = (title: string, state: string) =>
  new RegExp(`${literally(title).source}\\s+${literally(state).source}`);

test.describe("security centre", () => {
  // Each journey registers an account and hashes several passwords (argon2id): give it time.
  test.describe.configure({ timeout: 90_000 });

  test("sets and changes the fund password, with every message", async ({ page, lang, t }) => {
    await registerByEmail(page);
    await page.goto("/security");
    await expect(
      page.getByRole("link", { name: securityRow(t("security.row_fund_password"), t("security.not_set")) }),
    ).toBeVisible();
    await page.getByRole("link", { name: literally(t("security.row_fund_password")) }).click();
    await expect(page).toHaveURL(/\/modifyfundingpassword$/);

    const rule = t("messages.security.fund_password_rule");
    await page.getByLabel(t("security.fund_new"), { exact: true }).fill("abc12");
    await page.getByLabel(t("security.fund_confirm"), { exact: true }).fill("abc12");
    await page.getByRole("button", { name: t("security.fund_set_submit") }).click();
    await expect(page.getByText(rule)).toBeVisible();
    await page.getByLabel(t("security.fund_new"), { exact: true }).fill("Fund2026!");
    await page.getByLabel(t("security.fund_confirm"), { exact: true }).fill("Fund2026!");
    await page.getByRole("button", { name: t("security.fund_set_submit") }).click();
    await expect(page.getByText(rule)).toBeVisible();
    await page.getByLabel(t("security.fund_new"), { exact: true }).fill(FUND);
    await page.getByLabel(t("security.fund_confirm"), { exact: true }).fill("Fund2026ko");
    await page.getByRole("button", { name: t("security.fund_set_submit") }).click();
    await expect(page.getByText(t("messages.security.fund_password_differ"))).toBeVisible();
    await page.getByLabel(t("security.fund_new"), { exact: true }).fill(FUND);
    await page.getByLabel(t("security.fund_confirm"), { exact: true }).fill(FUND);
    await page.getByRole("button", { name: t("security.fund_set_submit") }).click();
    await expect(page.getByRole("status")).toHaveText(t("messages.security.fund_password_set"));
    await expect(page).toHaveURL(/\/security$/);
    await expect(
      page.getByRole("link", { name: securityRow(t("security.row_fund_password"), t("security.set")) }),
    ).toBeVisible();

    await page.goto("/modifyfundingpassword");
    await expect(page.getByRole("heading", { name: t("security.fund_change_heading") })).toBeVisible();
    await page.getByLabel(t("security.fund_old"), { exact: true }).fill("Wrong2026x");
    await page.getByLabel(t("security.fund_new"), { exact: true }).fill("Next2026ok");
    await page.getByLabel(t("security.fund_confirm"), { exact: true }).fill("Next2026ok");
    await page.getByRole("button", { name: t("security.fund_change_submit") }).click();
    await expect(page.getByText(t("messages.security.fund_password_wrong"))).toBeVisible();
    await page.getByLabel(t("security.fund_old"), { exact: true }).fill(FUND);
    await page.getByLabel(t("security.fund_new"), { exact: true }).fill("Next2026ok");
    await page.getByLabel(t("security.fund_confirm"), { exact: true }).fill("Next2026ko");
    await page.getByRole("button", { name: t("security.fund_change_submit") }).click();
    await expect(page.getByText(t("messages.security.fund_password_differ"))).toBeVisible();
    await page.getByLabel(t("security.fund_old"), { exact: true }).fill(FUND);
    await page.getByLabel(t("security.fund_new"), { exact: true }).fill("Next2026ok");
    await page.getByLabel(t("security.fund_confirm"), { exact: true }).fill("Next2026ok");
    await page.getByRole("button", { name: t("security.fund_change_submit") }).click();
    await expect(page.getByRole("status")).toHaveText(t("messages.security.fund_password_changed"));
    // The security centre says until when.
    await expect(page.getByRole("note")).toContainText(
      new RegExp(sayPattern(lang)("security.locked_until", { time: /.+/ }).source.slice(1, -1)),
    );
  });

  test("binds Google Authenticator with the key shown, and then signing in asks for a code", async ({
    page,
    t,
  }) => {
    const email = await registerByEmail(page);
    await page.goto("/googlevalidator");
    const key = (await page.getByTestId("google-secret").innerText()).trim();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.getByRole("img", { name: t("security.google_qr_label") })).toBeVisible();
    const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
    await page.getByLabel(t("security.google_code"), { exact: true }).fill("12345");
    await page.getByRole("button", { name: t("security.google_bind"), exact: true }).click();
    await expect(page.getByText(t("messages.security.google_code_format"))).toBeVisible();
    await page.getByLabel(t("security.google_code"), { exact: true }).fill(totp.generate());
    await page.getByRole("button", { name: t("security.google_bind"), exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(t("messages.security.google_bound"));
    await expect(
      page.getByRole("link", { name: securityRow(t("security.row_google"), t("security.bound")) }),
    ).toBeVisible();

    await page.goto("/center");
    await page.getByRole("button", { name: t("account.logout") }).click();
    await expect(page.getByRole("status")).toHaveText(t("auth.logged_out"));
    await login(page, email);
    await expect(page).toHaveURL(/\/passwordvalidation$/);
    await expect(page.getByRole("heading", { name: t("security.two_factor_heading") })).toBeVisible();
    // The code that bound it is spent; the next step's code is accepted (±30 s).
    await page
      .getByLabel(t("security.google_code"), { exact: true })
      .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole("button", { name: t("security.two_factor_submit") }).click();
    await expect(page.getByRole("status")).toHaveText(t("auth.welcome_back"));
    await page.goto("/security");
    await expect(page.getByRole("heading", { name: t("security.history_title") })).toBeVisible();
  });

  test("adds and deletes a withdrawal address", async ({ page, t }) => {
    await registerByEmail(page);
    await page.goto("/addressbook");
    await expect(page.getByText(t("security.fund_first"))).toBeVisible();
    await setFundPassword(page, t);
    await page.goto("/security");
    await page.getByRole("link", { name: t("security.row_addresses") }).click();
    await expect(page.getByText(t("security.addresses_empty"))).toBeVisible();
    await page.getByRole("link", { name: t("security.address_add") }).click();
    await expect(page).toHaveURL(/\/addressbook/);
    await page.getByRole("link", { name: "BTC" }).click();
    await expect(page.getByLabel(t("security.network"), { exact: true })).toHaveValue("BTC");
    await page.getByRole("link", { name: "USDT" }).click();
    await page.getByLabel(t("security.network"), { exact: true }).selectOption("TRC20");
    await page.getByLabel(t("security.address"), { exact: true }).fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u");
    await page.getByLabel(t("security.remark"), { exact: true }).fill("Cold wallet");
    await page.getByLabel(t("security.fund_password"), { exact: true }).fill(FUND);
    await page.getByRole("button", { name: t("security.address_add") }).click();
    await expect(page.getByText(t("messages.security.address_invalid"))).toBeVisible();
    await page.getByLabel(t("security.address"), { exact: true }).fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    await page.getByLabel(t("security.fund_password"), { exact: true }).fill("Wrong2026x");
    await page.getByRole("button", { name: t("security.address_add") }).click();
    await expect(page.getByText(t("messages.security.fund_password_wrong"))).toBeVisible();
    await page.getByLabel(t("security.fund_password"), { exact: true }).fill(FUND);
    await page.getByRole("button", { name: t("security.address_add") }).click();
    await expect(page.getByRole("status")).toHaveText(t("messages.security.address_added"));
    await expect(page).toHaveURL(/\/withdrawaladdress$/);
    await expect(page.getByText("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBeVisible();
    await expect(page.getByText("Cold wallet")).toBeVisible();
    // Delete asks first, showing the address in full; Cancel keeps it.
    const deleteLink = page.getByRole("link", {
      name: t("security.address_delete_of", { address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }),
    });
    await deleteLink.click();
    const sheet = page.getByRole("dialog", { name: t("security.address_delete_title") });
    await expect(sheet.getByTestId("delete-address")).toHaveText("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    await sheet.getByRole("link", { name: t("security.address_keep") }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBeVisible();
    await deleteLink.click();
    await page
      .getByRole("dialog", { name: t("security.address_delete_title") })
      .getByRole("button", { name: t("security.delete") })
      .click();
    await expect(page.getByRole("status")).toHaveText(t("messages.security.address_deleted"));
    await expect(page).toHaveURL(/\/withdrawaladdress$/);
    await expect(page.getByText(t("security.addresses_empty"))).toBeVisible();
  });

  test("adds and deletes a bank card and an e-wallet", async ({ page, t }) => {
    await registerByEmail(page);
    await page.goto("/paymentmethod");
    await expect(page.getByText("Set the fund password first.")).toBeVisible();
    await setFundPassword(page, t);
    await page.goto("/security");
    await page.getByRole("link", { name: /Payment methods/ }).click();
    await expect(page).toHaveURL(/\/paymentmethod$/);
    await expect(page.getByText("No payment methods yet.")).toBeVisible();
    await page.getByLabel("Type").selectOption("bank");
    await page.getByLabel("Account holder").fill("Ana Lim");
    await page.getByLabel("Bank or e-wallet").fill("DBS Bank");
    await page.getByLabel("Card or account number").fill("12");
    await page.getByLabel("Branch (optional)").fill("Orchard");
    await page.getByLabel("Fund password").fill(FUND);
    await page.getByRole("button", { name: "Add a payment method" }).click();
    await expect(page.getByText("Enter the account: 4–40 letters, digits or . @ _ + -")).toBeVisible();
    await page.getByLabel("Card or account number").fill("4111111111111111");
    await page.getByLabel("Fund password").fill("Wrong2026x");
    await page.getByRole("button", { name: "Add a payment method" }).click();
    await expect(page.getByText("The fund password is incorrect")).toBeVisible();
    await expect(page.getByText("No payment methods yet.")).toBeVisible();
    await page.getByLabel("Fund password").fill(FUND);
    await page.getByRole("button", { name: "Add a payment method" }).click();
    await expect(page.getByRole("status")).toHaveText("Payment method added");
    // The full number is never shown again, only its last four digits.
    await expect(page.getByText("Ana Lim · ****1111 · Orchard")).toBeVisible();
    await expect(page.getByText("4111111111111111")).toHaveCount(0);

    await page.getByLabel("Type").selectOption("ewallet");
    await page.getByLabel("Account holder").fill("Ana Lim");
    await page.getByLabel("Bank or e-wallet").fill("PayPal");
    await page.getByLabel("Card or account number").fill("ana@example.com");
    await page.getByLabel("Branch (optional)").fill("");
    await page.getByLabel("Fund password").fill(FUND);
    await page.getByRole("button", { name: "Add a payment method" }).click();
    await expect(page.getByRole("status")).toHaveText("Payment method added");
    await expect(page.getByText("PayPal E-wallet")).toBeVisible();
    await expect(page.getByText("Ana Lim · ****.com")).toBeVisible();
    // A fresh visit, so the next toast is not confused with the one still on screen.
    await page.goto("/paymentmethod");
    await expect(page.getByText("DBS Bank Bank card")).toBeVisible();

    await page.getByRole("button", { name: "Delete DBS Bank ****1111" }).click();
    await expect(page.getByRole("status")).toHaveText("Payment method deleted");
    await expect(page.getByText("DBS Bank Bank card")).toHaveCount(0);
    await expect(page.getByText("PayPal E-wallet")).toBeVisible();
    // The same toast again may still be fading out from the first delete: the list tells.
    await page.getByRole("button", { name: /^Delete PayPal / }).click();
    await expect(page.getByText("No payment methods yet.")).toBeVisible();
  });

  test("changes the login password and logs in again with it", async ({ page }) => {
    const email = await registerByEmail(page);
    await page.goto("/security");
    await page.getByRole("link", { name: /Login password/ }).click();
    await expect(page).toHaveURL(/\/resetpassword3$/);
    await page.getByLabel("Current password").fill("Wrong2026");
    await page.getByLabel("New password", { exact: true }).fill("Changed2026");
    await page.getByLabel("Confirm new password").fill("Changed2026");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The current password is incorrect")).toBeVisible();
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("Changed2026");
    await page.getByLabel("Confirm new password").fill("Changed2027");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The two passwords entered differ")).toBeVisible();
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("Changed2026");
    await page.getByLabel("Confirm new password").fill("Changed2026");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toHaveText("Login password changed, please log in again");
    await expect(page).toHaveURL(/\/login/);
    await login(page, email, PASSWORD);
    await expect(page.getByText("The account or password is incorrect").first()).toBeVisible();
    await login(page, email, "Changed2026");
    await expect(page.getByRole("status")).toHaveText("Welcome back!");
  });

  // Issue 19, defect 1: with JavaScript, "Send code" was held back by the check of the empty code
  // field, so no customer with JavaScript could bind a phone, the first step to a withdrawal.
  test("binds a mobile number from a fresh account, and withdrawing asks for the next step", async ({
    page,
  }) => {
    await registerByEmail(page);
    await page.goto("/withdraw");
    await expect(page.getByRole("alert")).toHaveText("Bind your mobile number first");
    await page.getByRole("link", { name: "Go to the security centre" }).click();
    await expect(page.getByRole("heading", { name: "Bind a mobile number" })).toBeVisible();
    await page.getByRole("link", { name: /Country code/ }).click();
    await page.getByRole("searchbox").fill("Singapore");
    await page.getByRole("searchbox").press("Enter");
    await page.getByRole("link", { name: /Singapore/ }).click();
    await expect(page.getByRole("link", { name: /Country code \+65/ })).toBeVisible();
    const phone = uniquePhone();
    await page.getByLabel("New mobile number").fill(phone);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("Verification code sent")).toBeVisible();
    // What was typed stays, and nothing is flagged before the code has been asked for.
    await expect(page.getByLabel("New mobile number")).toHaveValue(phone);
    await expect(page.getByText("Cannot be empty")).toHaveCount(0);
    await page.getByLabel("Verification code").fill(await codeFor(page.request, `+65${phone}`));
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Mobile number saved");
    await expect(
      page.getByRole("link", { name: new RegExp(`Mobile number\\s+\\+65 \\*{4}${phone.slice(-4)}`) }),
    ).toBeVisible();
    await page.goto("/withdraw");
    await expect(page.getByRole("alert")).toHaveText("Conduct primary authentication first");
  });

  test("changes a forgotten fund password with a code sent to the e-mail", async ({ page, t }) => {
    const email = await registerByEmail(page);
    await setFundPassword(page, t);
    await page.goto("/modifyfundingpassword");
    await page.getByRole("link", { name: "Forgot it? Use a code" }).click();
    await expect(page.getByText(`The code is sent to ${email}.`)).toBeVisible();
    await page.getByLabel("New fund password").fill("Next2026ok");
    // The sign-up code went to this address moments ago: one code per address per resend
    // interval (2 s on the e2e server), which a fast machine's steps so far may not have taken.
    await page.waitForTimeout(2100);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("Verification code sent")).toBeVisible();
    await expect(page.getByText("Cannot be empty")).toHaveCount(0);
    await page.getByLabel("Verification code").fill(await codeFor(page.request, email));
    await page.getByLabel("New fund password").fill("Next2026ok");
    await page.getByLabel("Confirm fund password").fill("Next2026ok");
    await page.getByRole("button", { name: "Change fund password" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Fund password changed. Withdrawals are locked for 24 hours",
    );
  });

  test("binds an e-mail to an account opened with a mobile number", async ({ page }) => {
    await registerByPhone(page);
    await page.goto("/security");
    await page.getByRole("link", { name: /E-mail\s+Not bound/ }).click();
    await expect(page.getByRole("heading", { name: "Bind an e-mail" })).toBeVisible();
    const email = uniqueEmail("bind");
    await page.getByLabel("New e-mail").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("Verification code sent")).toBeVisible();
    await expect(page.getByText("Cannot be empty")).toHaveCount(0);
    await page.getByLabel("Verification code").fill(await codeFor(page.request, email));
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("E-mail saved");
    await expect(
      page.getByRole("link", { name: new RegExp(`E-mail\\s+${email.slice(0, 2)}\\*{3}@example\\.com`) }),
    ).toBeVisible();
  });

  test("sets a nickname and an avatar, and the anti-phishing code", async ({ page }) => {
    await registerByEmail(page);
    await page.goto("/center");
    await page.getByRole("link", { name: "Account settings" }).click();
    await page.getByLabel("Nickname").fill("Ana");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Nickname saved");
    await page.getByLabel("New avatar").setInputFiles({
      name: "me.txt",
      mimeType: "image/png",
      buffer: Buffer.from("not really an image"),
    });
    await page.getByRole("button", { name: "Upload avatar" }).click();
    await expect(page.getByText("Upload a JPEG, PNG or WebP image")).toBeVisible();
    await page.getByLabel("New avatar").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Upload avatar" }).click();
    await expect(page.getByRole("status")).toHaveText("Avatar saved");
    const avatar = page.getByRole("img", { name: "Your avatar" });
    await expect(avatar).toBeVisible();
    // The image itself, served to its owner: a real 1×1 picture once loaded.
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    await page.goto("/security?bind=antiphishing");
    await page.getByLabel("Your code").fill("no");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Use 4–20 letters, digits or _")).toBeVisible();
    await page.getByLabel("Your code").fill("Blue_Heron7");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Anti-phishing code saved");
    await expect(page.getByRole("link", { name: /Anti-phishing code\s+Set/ })).toBeVisible();
  });
});

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
