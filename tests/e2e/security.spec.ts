import { Secret, TOTP } from "otpauth";
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
// adds, withdrawal addresses, payment methods, and changing the login password.

const FUND = "Fund2026ok";

async function setFundPassword(page: Page) {
  await page.goto("/modifyfundingpassword");
  await page.getByLabel("New fund password").fill(FUND);
  await page.getByLabel("Confirm fund password").fill(FUND);
  await page.getByRole("button", { name: "Set fund password" }).click();
  await expect(page.getByRole("status")).toHaveText("Fund password set");
}

test.describe("security centre", () => {
  // Each journey registers an account and hashes several passwords (argon2id): give it time.
  test.describe.configure({ timeout: 90_000 });

  test("sets and changes the fund password, with every message", async ({ page }) => {
    await registerByEmail(page);
    await page.goto("/security");
    await expect(page.getByRole("link", { name: /Fund password\s+Not set/ })).toBeVisible();
    await page.getByRole("link", { name: /Fund password/ }).click();
    await expect(page).toHaveURL(/\/modifyfundingpassword$/);

    const rule = "The fund password must be 8–20 letters and digits, with at least one of each";
    await page.getByLabel("New fund password").fill("abc12");
    await page.getByLabel("Confirm fund password").fill("abc12");
    await page.getByRole("button", { name: "Set fund password" }).click();
    await expect(page.getByText(rule)).toBeVisible();
    await page.getByLabel("New fund password").fill("Fund2026!");
    await page.getByLabel("Confirm fund password").fill("Fund2026!");
    await page.getByRole("button", { name: "Set fund password" }).click();
    await expect(page.getByText(rule)).toBeVisible();
    await page.getByLabel("New fund password").fill(FUND);
    await page.getByLabel("Confirm fund password").fill("Fund2026ko");
    await page.getByRole("button", { name: "Set fund password" }).click();
    await expect(page.getByText("The fund password entered twice is inconsistent")).toBeVisible();
    await page.getByLabel("New fund password").fill(FUND);
    await page.getByLabel("Confirm fund password").fill(FUND);
    await page.getByRole("button", { name: "Set fund password" }).click();
    await expect(page.getByRole("status")).toHaveText("Fund password set");
    await expect(page).toHaveURL(/\/security$/);
    await expect(page.getByRole("link", { name: /Fund password\s+Set/ })).toBeVisible();

    await page.goto("/modifyfundingpassword");
    await expect(page.getByRole("heading", { name: "Change your fund password" })).toBeVisible();
    await page.getByLabel("Current fund password").fill("Wrong2026x");
    await page.getByLabel("New fund password").fill("Next2026ok");
    await page.getByLabel("Confirm fund password").fill("Next2026ok");
    await page.getByRole("button", { name: "Change fund password" }).click();
    await expect(page.getByText("The fund password is incorrect")).toBeVisible();
    await page.getByLabel("Current fund password").fill(FUND);
    await page.getByLabel("New fund password").fill("Next2026ok");
    await page.getByLabel("Confirm fund password").fill("Next2026ko");
    await page.getByRole("button", { name: "Change fund password" }).click();
    await expect(page.getByText("The fund password entered twice is inconsistent")).toBeVisible();
    await page.getByLabel("Current fund password").fill(FUND);
    await page.getByLabel("New fund password").fill("Next2026ok");
    await page.getByLabel("Confirm fund password").fill("Next2026ok");
    await page.getByRole("button", { name: "Change fund password" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Fund password changed. Withdrawals are locked for 24 hours",
    );
    // The security centre says until when.
    await expect(page.getByRole("note")).toContainText("withdrawals are locked until");
  });

  test("binds Google Authenticator with the key shown, and then signing in asks for a code", async ({
    page,
  }) => {
    const email = await registerByEmail(page);
    await page.goto("/googlevalidator");
    const key = (await page.getByTestId("google-secret").innerText()).trim();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expect(
      page.getByRole("img", { name: "QR code to add this account to your authenticator" }),
    ).toBeVisible();
    const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
    await page.getByLabel("Google Authenticator code").fill("12345");
    await page.getByRole("button", { name: "Bind" }).click();
    await expect(page.getByText("Enter the 6-digit Google Authenticator code")).toBeVisible();
    await page.getByLabel("Google Authenticator code").fill(totp.generate());
    await page.getByRole("button", { name: "Bind" }).click();
    await expect(page.getByRole("status")).toHaveText("Google Authenticator binding saved");
    await expect(page.getByRole("link", { name: /Google Authenticator\s+Bound/ })).toBeVisible();

    await page.goto("/center");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("status")).toHaveText("You have logged out");
    await login(page, email);
    await expect(page).toHaveURL(/\/passwordvalidation$/);
    await expect(page.getByRole("heading", { name: "Enter your Google Authenticator code" })).toBeVisible();
    // The code that bound it is spent; the next step's code is accepted (±30 s).
    await page
      .getByLabel("Google Authenticator code")
      .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole("button", { name: "Verify and log in" }).click();
    await expect(page.getByRole("status")).toHaveText("Welcome back!");
    await page.goto("/security");
    await expect(page.getByRole("heading", { name: "Recent sign-ins" })).toBeVisible();
  });

  test("adds and deletes a withdrawal address", async ({ page }) => {
    await registerByEmail(page);
    await page.goto("/addressbook");
    await expect(page.getByText("Set the fund password first.")).toBeVisible();
    await setFundPassword(page);
    await page.goto("/security");
    await page.getByRole("link", { name: "Withdrawal addresses" }).click();
    await expect(page.getByText("No saved addresses yet.")).toBeVisible();
    await page.getByRole("link", { name: "Add address" }).click();
    await expect(page).toHaveURL(/\/addressbook/);
    await page.getByRole("link", { name: "BTC" }).click();
    await expect(page.getByLabel("Network")).toHaveValue("BTC");
    await page.getByRole("link", { name: "USDT" }).click();
    await page.getByLabel("Network").selectOption("TRC20");
    await page.getByLabel("Address", { exact: true }).fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u");
    await page.getByLabel("Remark (optional)").fill("Cold wallet");
    await page.getByLabel("Fund password").fill(FUND);
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByText("This is not a valid address for this network")).toBeVisible();
    await page.getByLabel("Address", { exact: true }).fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    await page.getByLabel("Fund password").fill("Wrong2026x");
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByText("The fund password is incorrect")).toBeVisible();
    await page.getByLabel("Fund password").fill(FUND);
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByRole("status")).toHaveText("Withdrawal address added");
    await expect(page).toHaveURL(/\/withdrawaladdress$/);
    await expect(page.getByText("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBeVisible();
    await expect(page.getByText("Cold wallet")).toBeVisible();
    await page.getByRole("button", { name: "Delete the address TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }).click();
    await expect(page.getByRole("status")).toHaveText("Withdrawal address deleted");
    await expect(page.getByText("No saved addresses yet.")).toBeVisible();
  });

  test("adds and deletes a bank card and an e-wallet", async ({ page }) => {
    await registerByEmail(page);
    await page.goto("/paymentmethod");
    await expect(page.getByText("Set the fund password first.")).toBeVisible();
    await setFundPassword(page);
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

  test("changes a forgotten fund password with a code sent to the e-mail", async ({ page }) => {
    const email = await registerByEmail(page);
    await setFundPassword(page);
    await page.goto("/modifyfundingpassword");
    await page.getByRole("link", { name: "Forgot it? Use a code" }).click();
    await expect(page.getByText(`The code is sent to ${email}.`)).toBeVisible();
    await page.getByLabel("New fund password").fill("Next2026ok");
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
