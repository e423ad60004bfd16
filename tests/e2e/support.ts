import { basename } from "node:path";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from "@playwright/test";
import type { Lang } from "../../platform/contract/languages.ts";
import { journeyLang } from "./journeys.ts";
import { literally, say } from "./say.ts";

export { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";

/**
 * Until the page's scripts run. The server paints a page before its scripts load
 * (app/.server/deferred-boot.ts), so "load" can come before hydration. A page whose loader never
 * ran (lite mode, the API docs, a context with JavaScript off) has nothing to wait for.
 */
export async function untilBooted(page: Page) {
  await page.waitForFunction(
    () => {
      const root = document.documentElement;
      return !root.dataset.boot || root.hasAttribute("data-hydrated");
    },
    undefined,
    // Bounded by the test's own timeout (longer in CI, see playwright.config.ts).
    { timeout: 0 },
  );
}

/**
 * A first visit from a phone of its own, signed in as `page` is: no service worker has the
 * scripts yet (the fixture's page would wait for them before typing), and the page's scripts
 * arrive only once `release` is called, so what is typed before then is typed before hydration.
 * `throttle` slows its CPU as a cheap phone's (JavaScript on only).
 */
export async function phoneWithHeldScripts(
  browser: Browser,
  page: Page,
  options: { throttle?: number } = {},
) {
  const own = await browser.newContext({
    storageState: await page.context().storageState(),
    serviceWorkers: "block",
  });
  const phone = await own.newPage();
  if (options.throttle) {
    const cdp = await own.newCDPSession(phone);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: options.throttle });
  }
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await phone.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { own, phone, release };
}

/** Holds the page's POSTs to `url` until `release` is called: a slow answer from the server. */
export async function holdPosts(page: Page, url: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  return release;
}

/**
 * How far a page reaches past the screen's side (px; 0 or less when it fits). Measured against
 * the layout's width: a phone zooms an overflowing page out, which widens window.innerWidth too.
 */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3111}`;

/** The language a visitor picked (the `lng` cookie the language screen sets), for a whole context. */
export const speak = (context: BrowserContext, lang: Lang) =>
  context.addCookies([
    { name: "lng", value: Buffer.from(JSON.stringify(lang)).toString("base64"), url: baseURL },
  ]);

/** The language a page's context speaks (its `lng` cookie; English without one). */
export async function langOf(page: Page): Promise<Lang> {
  const cookie = (await page.context().cookies(baseURL)).find((c) => c.name === "lng");
  if (!cookie) return "en";
  return JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString()) as Lang;
}

type Say = ReturnType<typeof say>;

/**
 * The journeys' `test`: the page's goto / reload / back / forward also wait until the page runs
 * (at once with JavaScript off), as a user waits for a page to be ready before relying on what its
 * scripts do. (A tap before that takes the page's no-JS path, which the nojs project covers.)
 *
 * `lang` is the journey's language: English in the `js` project, and in the `nojs` project the
 * one tests/e2e/journeys.ts gives the journey (English for a test it does not list), chosen for
 * the page's context before the journey starts. `t` says a key in it (tests/e2e/say.ts).
 */
export const test = base.extend<{ lang: Lang; t: Say }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from it
  lang: async ({}, use, info) => {
    const lang = info.project.name === "nojs" ? journeyLang(basename(info.file), info.title) : undefined;
    if (lang) info.annotations.push({ type: "language", description: lang });
    await use(lang ?? "en");
  },
  t: async ({ lang }, use) => {
    await use(say(lang));
  },
  page: async ({ page, lang }, use) => {
    if (lang !== "en") await speak(page.context(), lang);
    await use(bootAware(page));
  },
});

/** Makes a page's navigations wait until it runs (for pages a test opens itself). */
export function bootAware(page: Page): Page {
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await original(...args);
        await untilBooted(page);
        return response;
      },
    });
  }
  return page;
}

export const PASSWORD = "Secret123";
let n = 0;
export const uniqueEmail = (tag = "e2e") =>
  `${tag}.${Date.now().toString(36)}.${process.pid}.${++n}@example.com`;
/** A Singapore mobile number nobody else in this run uses (9[0-8]xxxxxx: 99… is not a mobile range). */
export const uniquePhone = () => `9${String((Date.now() + ++n) % 9_000_000).padStart(7, "0")}`;

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
  const t = say(await langOf(page));
  await page.goto("/resgister");
  await page.getByLabel(t("auth.email"), { exact: true }).fill(email);
  await page.getByLabel(literally(t("auth.agree_prefix"))).check();
  await page.getByRole("button", { name: t("auth.get_code") }).click();
  await expect(page).toHaveURL(/\/code$/);
  await page.getByLabel(t("auth.code"), { exact: true }).fill(await codeFor(page.request, email));
  await page.getByRole("button", { name: t("auth.next") }).click();
  await expect(page).toHaveURL(/\/register2$/);
  await page.getByLabel(t("auth.password"), { exact: true }).fill(PASSWORD);
  await page.getByLabel(t("auth.password_confirm"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: t("auth.create_account") }).click();
  await expect(page).toHaveURL(/\/resgistersuccess/);
  return email;
}

/** Registers with a Singapore mobile number through the screens, the dial code picked as a user does. */
export async function registerByPhone(page: Page, phone = uniquePhone()) {
  await page.goto("/resgister?type=phone");
  await page.getByRole("link", { name: /Country code/ }).click();
  await page.getByRole("searchbox").fill("Singapore");
  await page.getByRole("searchbox").press("Enter");
  await page.getByRole("link", { name: /Singapore/ }).click();
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Get code" }).click();
  await expect(page).toHaveURL(/\/code$/);
  await page.getByLabel("Verification code").fill(await codeFor(page.request, `+65${phone}`));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/register2$/);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/resgistersuccess/);
  return phone;
}

export async function login(page: Page, email: string, password = PASSWORD) {
  const t = say(await langOf(page));
  await page.goto("/login");
  await page.getByLabel(t("auth.email"), { exact: true }).fill(email);
  await page.getByLabel(t("auth.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: t("auth.login_submit"), exact: true }).click();
}
