import { Secret, TOTP } from "otpauth";
import { ops } from "./ops.ts";
import { literally } from "./say.ts";
import { bootAware, codeFor, expect, login, PASSWORD, type Page, test, uniqueEmail } from "./support.ts";

// The support chat (issue 19), with JavaScript on and off: a visitor is asked to log in (the
// e-mail fallback stays); a fresh customer writes with an image; an operator takes the chat in
// the console, sees the image, answers and closes it; the customer sees the reply (with
// JavaScript, on the open page without reloading it) and the unread badge. The customer in English
// (js) and in the journey's language (nojs, tests/e2e/journeys.ts); the console is in English.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function createOperator() {
  const email = uniqueEmail("op-support");
  const out = ops("admin", "create", email, "--role", "support");
  const password = /password: (\S+)/.exec(out)?.[1] ?? "";
  const secret = /totp secret: ([A-Z2-7]+)/.exec(out)?.[1] ?? "";
  return { email, password, secret };
}
const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

async function operatorSignIn(page: Page, op: { email: string; password: string; secret: string }) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(op.email);
  await page.getByLabel("Password").fill(op.password);
  await page.getByLabel("Authenticator code").fill(totp(op.secret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

/** A fresh account through the API, then signed in through the screens. */
async function freshCustomer(page: Page) {
  const email = uniqueEmail("chat");
  await page.request.post("/api/send_email", { data: { email, type: "register" } });
  const registered = await page.request.post("/api/register", {
    data: {
      type: "email",
      email,
      code: await codeFor(page.request, email),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree: true,
    },
  });
  expect(registered.status()).toBe(200);
  await login(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  return email;
}

/** Whether an <img> on the page has really loaded (a refused file shows as a broken image). */
const loaded = (page: Page, alt: string) =>
  page
    .getByAltText(alt)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test("a customer writes with an image, an operator answers from the console, the customer sees it", async ({
  page,
  browser,
  t,
}, info) => {
  test.setTimeout(150_000);
  /** A state line, from its start (it goes on to say more). */
  const state = (key: string) => literally(t(key).split(/[.。．]/)[0] ?? "");
  const js = info.project.name === "js";

  // A visitor: the offline e-mail and a prompt to log in to chat.
  await page.goto("/customerservice");
  await expect(page.getByRole("link", { name: t("content.chat.login") })).toBeVisible();
  await expect(page.getByRole("link", { name: literally(t("content.service.email")) })).toHaveAttribute(
    "href",
    /^mailto:/,
  );

  const email = await freshCustomer(page);
  await page.goto("/customerservice");
  await expect(page.getByTestId("support-state")).toContainText(state("content.chat.state_new"));
  // Nothing written: refused, with the reason.
  await page.getByRole("button", { name: t("content.chat.send"), exact: true }).click();
  await expect(page.getByText(t("messages.support.empty"))).toBeVisible();
  const question = `Where is my deposit? ${info.project.name} ${Date.now()}`;
  await page.getByLabel(t("content.chat.first_message"), { exact: true }).fill(question);
  await page
    .getByLabel(t("content.chat.image"), { exact: true })
    .setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: t("content.chat.send"), exact: true }).click();
  const messages = page.getByTestId("support-messages");
  await expect(messages.getByText(question)).toBeVisible();
  await expect(page.getByTestId("support-state")).toContainText(state("content.chat.state_waiting"));
  await expect.poll(() => loaded(page, t("content.chat.image_alt"))).toBe(true);
  // The form is empty again, ready for the next line.
  await expect(page.getByLabel(t("content.chat.message"), { exact: true })).toHaveValue("");

  // The operator, in a browser of their own (the same JavaScript setting).
  const console = await browser.newContext({
    baseURL: info.project.use.baseURL,
    javaScriptEnabled: js,
    viewport: { width: 1280, height: 800 },
  });
  const admin = bootAware(await console.newPage());
  try {
    await operatorSignIn(admin, createOperator());
    await admin.getByRole("link", { name: "Support chat" }).click();
    const row = admin.locator("tr", { hasText: email });
    await expect(row).toContainText(question.slice(0, 40));
    await row.getByRole("link", { name: "Open" }).click();
    await expect(admin.getByTestId("support-messages")).toContainText(question);
    // Not yet theirs: the image stays hidden.
    await expect(admin.getByText("An image: take the chat to see it")).toBeVisible();
    await admin.getByRole("button", { name: "Take this chat" }).click();
    await expect(admin.getByText("The conversation is yours now")).toBeVisible();
    await expect.poll(() => loaded(admin, "Image from the customer")).toBe(true);

    // The customer's page stays open (with JavaScript it must not reload for the reply).
    if (js) await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const answer = `Found it, credited now (${info.project.name})`;
    await admin.getByLabel("Reply").fill(answer);
    await admin.getByRole("button", { name: "Send reply" }).click();
    await expect(admin.getByTestId("support-messages")).toContainText(answer);

    if (js) {
      await expect(messages.getByText(answer)).toBeVisible({ timeout: 15_000 });
      expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
      await expect(page.getByTestId("support-state")).toContainText(state("content.chat.state_answered"));
    } else {
      // Without JavaScript: the badge on Mine says there is a reply, the page shows it.
      await page.goto("/center");
      await expect(page.getByTestId("support-unread")).toHaveText(t("account.unread", { count: 1 }));
      await page.getByRole("link", { name: t("account.menu.service") }).click();
      await expect(messages.getByText(answer)).toBeVisible();
    }
    // Seen: no badge any more.
    await page.goto("/center");
    await expect(page.getByTestId("support-unread")).toHaveCount(0);
    await page.goto("/customerservice");

    // The operator closes the chat; the customer is told, and a new message starts a new chat.
    await admin.goto(admin.url());
    await admin.getByRole("button", { name: "Close chat" }).click();
    await expect(admin.getByText("Conversation closed")).toBeVisible();
    if (!js) {
      // Without JavaScript the open page still shows the chat as it was: the message is refused
      // with the reason, and the page now shows the chat closed.
      await page.getByLabel(t("content.chat.message"), { exact: true }).fill("Are you there?");
      await page.getByRole("button", { name: t("content.chat.send"), exact: true }).click();
      await expect(page.getByText(literally(t("messages.support.closed")))).toBeVisible();
    }
    await expect(page.getByTestId("support-state")).toContainText(state("content.chat.state_closed"), {
      timeout: 15_000,
    });
    await expect(messages.getByText("Are you there?")).toHaveCount(0);
    await page.getByLabel(t("content.chat.first_message"), { exact: true }).fill("One more question");
    await page.getByRole("button", { name: t("content.chat.send"), exact: true }).click();
    await expect(messages.getByText("One more question")).toBeVisible();
    await expect(page.getByText(t("content.chat.history"))).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(answer.slice(0, 20)) })).toBeVisible();
    // A chat that is not the customer's (or does not exist) is not found, like a missing page.
    const missing = await page.goto("/customerservice?chat=2147483000");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: t("common.errors.not_found_title") })).toBeVisible();
  } finally {
    await console.close();
  }
});
