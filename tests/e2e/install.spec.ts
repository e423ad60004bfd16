import { expect, type Page, test } from "./support.ts";

// The install-as-app banner (spec §4), with a faked install prompt and a fake clock: shown when
// the browser offers to install and the app is not standalone, and only if never dismissed or
// dismissed over 24 hours ago. Dismissing, or declining the browser's prompt, records the time.
// A client island: nothing to test without JavaScript.

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the banner needs JavaScript");

const HOUR = 60 * 60 * 1000;
const START = new Date("2026-03-02T08:00:00Z").getTime();

/** What Chrome does when the app can be installed: a `beforeinstallprompt` event. */
async function offerInstall(page: Page, outcome: "accepted" | "dismissed") {
  await page.evaluate((choice) => {
    const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
      prompt(): Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const w = window as unknown as { __prompts: number };
    w.__prompts = 0;
    event.prompt = async () => {
      w.__prompts++;
    };
    event.userChoice = Promise.resolve({ outcome: choice });
    window.dispatchEvent(event);
  }, outcome);
}

/** The visitor's first touch of the page (a key here): the banner waits for it. */
const engage = (page: Page) => page.keyboard.press("Shift");

const banner = (page: Page) => page.getByRole("region", { name: "Install the app" });
const decision = (page: Page) => page.locator("html").getAttribute("data-install");
const dismissedAt = (page: Page) =>
  page.evaluate(() => Number(localStorage.getItem("beacon:install-dismissed-at")) || null);

// The inline script in <head> keeps a prompt that comes before the app is up, so the page need
// not be hydrated yet when the prompt is offered.
const openHome = (page: Page) => page.goto("/");

/** The recorded dismissal time, within a minute of `near` (the fake clock keeps running). */
async function expectDismissedNear(page: Page, near: number) {
  const at = await dismissedAt(page);
  expect(at).not.toBeNull();
  expect(at as number).toBeGreaterThanOrEqual(near);
  expect(at as number).toBeLessThan(near + 60_000);
  return at as number;
}

test("the banner follows the 24-hour rule", async ({ page }) => {
  await page.clock.install({ time: START });
  await openHome(page);
  await expect(banner(page)).toHaveCount(0); // no prompt offered, no banner

  await offerInstall(page, "dismissed");
  // Offered on arrival, it waits for the visitor to do something, then shows.
  await expect.poll(() => decision(page)).toBe("offered");
  await expect(banner(page)).toHaveCount(0);
  await engage(page);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText("Install Beacon");
  await banner(page).getByRole("button", { name: "Not now" }).click();
  await expect(banner(page)).toHaveCount(0);
  const first = await expectDismissedNear(page, START);

  // 23 hours later: the prompt comes again, the banner does not.
  await page.clock.setSystemTime(first + 23 * HOUR);
  await openHome(page);
  await offerInstall(page, "dismissed");
  await expect.poll(() => decision(page)).toBe("snoozed");
  await expect(banner(page)).toHaveCount(0);

  // Just under 24 hours: still not.
  await page.clock.setSystemTime(first + 24 * HOUR - 60_000);
  await openHome(page);
  await offerInstall(page, "dismissed");
  await expect.poll(() => decision(page)).toBe("snoozed");

  // Over 24 hours after the dismissal: back.
  await page.clock.setSystemTime(first + 24 * HOUR + 1000);
  await openHome(page);
  await engage(page); // engaged before the prompt comes: it shows at once
  await offerInstall(page, "dismissed");
  await expect(banner(page)).toBeVisible();

  // Declining the browser's own prompt records the time too.
  await banner(page).getByRole("button", { name: "Install", exact: true }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(1);
  const second = await expectDismissedNear(page, first + 24 * HOUR + 1000);
  await openHome(page);
  await offerInstall(page, "dismissed");
  await expect.poll(() => decision(page)).toBe("snoozed");

  // A day later the user accepts: no dismissal is recorded.
  await page.clock.setSystemTime(second + 25 * HOUR);
  await openHome(page);
  await offerInstall(page, "accepted");
  await engage(page);
  await banner(page).getByRole("button", { name: "Install", exact: true }).click();
  await expect.poll(() => decision(page)).toBe("accepted");
  await expect(banner(page)).toHaveCount(0);
  expect(await dismissedAt(page)).toBe(second);
});

test("running as an installed app, the banner never shows", async ({ page }) => {
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query === "(display-mode: standalone)" ? ({ matches: true } as MediaQueryList) : original(query);
  });
  await openHome(page);
  await offerInstall(page, "dismissed");
  await expect.poll(() => decision(page)).toBe("standalone");
  await expect(banner(page)).toHaveCount(0);
});

test("the app is installable: a manifest, icons and a service worker with an offline page", async ({
  page,
}) => {
  await page.goto("/");
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = await (await page.request.get(manifestHref ?? "")).json();
  expect(manifest).toMatchObject({ display: "standalone", start_url: "/?source=pwa" });
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
    expect.arrayContaining(["192x192", "512x512"]),
  );

  // The service worker takes control, keeps the shell; offline, a page shows the offline page.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state))
    .toBe("activated");
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.context().setOffline(true);
  await page.goto("/markets").catch(() => {});
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await page.context().setOffline(false);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);
});
