import { type APIRequestContext, expect, type Page, test } from "@playwright/test";

export const PASSWORD = "Secret123";
let n = 0;
export const uniqueEmail = (tag = "e2e") =>
  `${tag}.${Date.now().toString(36)}.${process.pid}.${++n}@example.com`;
/** A Singapore mobile number nobody else in this run uses (9[0-8]xxxxxx: 99… is not a mobile range). */
export const uniquePhone = () => `9${String((Date.now() + ++n) % 9_000_000).padStart(7, "0")}`;

/**
 * Opens a page and, with JavaScript, waits until it runs: a value picked in a select before
 * hydration is set back by React, as it would be for a quick user on a slow phone.
 */
export async function open(page: Page, url: string) {
  await page.goto(url);
  if (test.info().project.name === "js") await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/** The newest code the local outbox holds for an address. */
export async function codeFor(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      code = (await res.json()).data?.find((m: { code: string | null }) => m.code)?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** Registers through the screens (works with JavaScript on and off). */
export async function registerByEmail(page: Page, email = uniqueEmail()) {
  await page.goto("/resgister");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Get code" }).click();
  await expect(page).toHaveURL(/\/code$/);
  await page.getByLabel("Verification code").fill(await codeFor(page.request, email));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/register2$/);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/resgistersuccess/);
  return email;
}

export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}
