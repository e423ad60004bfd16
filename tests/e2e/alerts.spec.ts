import { type Received, startPushService } from "../support/push-service.ts";
import { expect, PASSWORD, type Page, registerByEmail, test } from "./support.ts";

// Price alerts (issue 21), with JavaScript on and off: a fresh customer sets alerts from a
// market's chart, one goes off when the (simulated) market reaches it, the message arrives in
// Messages, on the Mine tab and as a Web Push (verified and decrypted by a push-service
// stand-in), once; a fired alert is deleted.

test.describe.configure({ timeout: 120_000 });

const priceNow = async (page: Page) =>
  Number((await page.getByTestId("alert-price-now").textContent())?.replace(/[^\d.]/g, ""));

/** Sets an alert a hair away from the price now (the market may move past it meanwhile: try again). */
async function setNear(page: Page, kind: "Price rises to" | "Price falls to") {
  await page.getByRole("link", { name: kind }).click();
  await expect(page).toHaveURL(kind === "Price rises to" ? /kind=above/ : /kind=below/);
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.reload();
    const now = await priceNow(page);
    expect(now).toBeGreaterThan(0);
    // About two seconds of the simulated market's usual move.
    const level = kind === "Price rises to" ? now * 1.0002 : now * 0.9998;
    await page.getByLabel("Price (USDT)").fill(level.toFixed(2));
    await page.getByRole("button", { name: "Set alert" }).click();
    const done = page.getByRole("status").filter({ hasText: "Alert set" });
    const refused = page.getByText(/^The price is already/);
    await expect(done.or(refused)).toBeVisible();
    // The refusal stays on the field; "Alert set" fades after 5 s, which a loaded machine can
    // pass before this line (and a second alert would then be set).
    if (!(await refused.isVisible())) return level;
  }
  throw new Error("the market kept moving past the level");
}

/** The number on the Mine tab (none shown: nothing unread). */
async function badgeCount(page: Page) {
  const badge = page.getByTestId("unread-badge");
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

type Payload = { title: string; body: string; url: string; kind: string };

test("a price alert set from the chart goes off once, arrives in Messages, on the Mine tab and as a push", async ({
  page,
}, testInfo) => {
  // The server may POST only to this project's stand-in origin (PUSH_SERVICES, playwright.config.ts).
  const push = await startPushService(testInfo.project.metadata.pushPort);
  try {
    await journey(page, push);
  } finally {
    await push.close();
  }
});

async function journey(page: Page, push: Awaited<ReturnType<typeof startPushService>>) {
  const email = await registerByEmail(page);
  // Notifications on for this customer, subscribed through the API as the browser's PushManager
  // would: Playwright's Chromium contexts are incognito, where Chrome has no Push API (and a real
  // subscription would point at Google's push service). The endpoint is the stand-in's, with the
  // browser's keys it decrypts with.
  const login = await page.request.post("/api/login", { data: { account: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const device = push.subscription();
  const subscribed = await page.request.post("/api/push/subscribe", {
    headers: { authorization: `Bearer ${(await login.json()).data.token}` },
    data: { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
  });
  expect(subscribed.status()).toBe(200);
  const pushes = (): Received[] => push.received.filter((r) => r.path === device.path);
  const alertPushes = (kind: string) =>
    pushes()
      .map((r) => r.payload as Payload | undefined)
      .filter((p): p is Payload => p?.kind === kind);

  // What the Mine tab counts before any alert goes off (a new account may have a welcome message).
  await page.goto("/markets");
  const unreadBefore = await badgeCount(page);
  await page.goto("/linegraph?code=btc/usdt");
  await page.getByRole("link", { name: "Set a price alert" }).click();
  await expect(page).toHaveURL(/\/pricealerts\?code=btc%2Fusdt/);
  await expect(page.getByLabel("Market")).toHaveValue("btc/usdt");
  await expect(page.getByText("No alerts yet.", { exact: false })).toBeVisible();

  // A level on the wrong side of the price is refused on the field, and nothing is set.
  await page.getByLabel("Price (USDT)").fill("1000");
  await page.getByRole("button", { name: "Set alert" }).click();
  await expect(
    page.getByText(/^The price is already [\d,.]+: an alert for a rise must be higher$/),
  ).toBeVisible();

  // One just above and one just below: the market meets one of them within seconds.
  await setNear(page, "Price rises to");
  await setNear(page, "Price falls to");
  const list = page.getByRole("list", { name: "Your alerts" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect
    .poll(
      async () => {
        await page.reload();
        return list
          .getByTestId("alert-status")
          .filter({ hasText: /^Went off at/ })
          .count();
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBeGreaterThanOrEqual(1);
  const fired = list.getByRole("listitem").filter({ hasText: "Went off at" }).first();
  const name = (await fired.getAttribute("aria-label")) ?? "";
  expect(name).toMatch(/^BTC\/USDT (rises|falls) to [\d,]+\.\d{2}$/);

  // Pushed to the subscribed device: the stand-in checked its VAPID signature and decrypted it.
  const kind = name.includes(" rises to ") ? "price_alert_above" : "price_alert_below";
  await expect.poll(() => alertPushes(kind).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const pushedAt = Date.now();
  const [pushed] = alertPushes(kind);
  if (!pushed) throw new Error("no push");
  expect(pushed.url).toBe("/pricealerts");
  expect(pushed.title).toMatch(/^BTC\/USDT (rose|fell) to your price$/);
  expect(pushed.body).toMatch(/^BTC\/USDT reached [\d,.]+ \(your alert: (rises|falls) to [\d,.]+\)\.$/);
  // About this alert: its level.
  const level = (text: string) => Number(/ to (\d[\d,]*\.\d+)\)?\.?$/.exec(text)?.[1]?.replaceAll(",", ""));
  expect(level(pushed.body)).toBe(level(name));

  // In Messages with the push's words (the customer's language), and counted on the Mine tab.
  await page.goto("/markets");
  await expect(page.getByTestId("unread-badge")).toBeVisible();
  expect(await badgeCount(page)).toBeGreaterThan(unreadBefore);
  await page.goto("/messages");
  await expect(page.getByRole("link", { name: `${pushed.title} (unread) ${pushed.body}` })).toBeVisible();

  // Once: nothing more for it some seconds on. Each alert (one rises, one falls) pushes at most
  // once, whichever of them the market meets meanwhile, and every push was accepted.
  await page.waitForTimeout(Math.max(0, pushedAt + 5_000 - Date.now()));
  expect(alertPushes(kind)).toHaveLength(1);
  expect(alertPushes("price_alert_above").length).toBeLessThanOrEqual(1);
  expect(alertPushes("price_alert_below").length).toBeLessThanOrEqual(1);
  expect(pushes().filter((r) => r.status !== 201 || r.error)).toEqual([]);

  // A fired alert can be deleted (or armed again).
  await page.goto("/pricealerts?code=btc/usdt");
  await expect(list.getByRole("button", { name: `Arm again: “${name}”` })).toBeVisible();
  const before = await list.getByRole("listitem").count();
  await list.getByRole("button", { name: `Delete the alert “${name}”` }).click();
  await expect(page.getByRole("status")).toHaveText("Alert deleted");
  await expect(list.getByRole("listitem")).toHaveCount(before - 1);
}
