import { createECDH, randomBytes } from "node:crypto";
import { expect, PASSWORD, registerByEmail, test } from "./support.ts";

// Notifications (Web Push, issue 21) in the personal centre. Turning them on needs the browser's
// PushManager, which headless Chromium under Playwright does not offer (its contexts are
// incognito, where Chrome has no Push API; and it would need Google's push service): that part
// is covered by the integration suite's push-service stand-in (platform/push/push.int.test.ts),
// and alerts.spec.ts subscribes through the API to prove a price alert's push end to end.
// Here: the section with and without script, and turning a device off with a plain form.

// Signing up and then in again (two password hashes) can take most of the default 30 s on a
// loaded machine.
test.describe.configure({ timeout: 60_000 });

test("the personal centre's notifications: on with script, said to need it without, devices turned off", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const email = await registerByEmail(page);
  await page.goto("/center");
  const section = page.getByTestId("push-settings");
  await expect(section.getByRole("heading", { name: "Notifications" })).toBeVisible();
  if (javaScriptEnabled) {
    await expect(section.getByTestId("push-needs-js")).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Turn on notifications" })).toBeEnabled();
  } else {
    await expect(section.getByTestId("push-needs-js")).toHaveText(
      "Notifications need JavaScript: turn it on in your browser to receive them on this device.",
    );
  }
  await expect(section.getByRole("list")).toHaveCount(0);

  // A phone that turned them on (its subscription as a browser makes one, through the API).
  const login = await page.request.post("/api/login", { data: { account: email, password: PASSWORD } });
  const authorization = `Bearer ${(await login.json()).data.token}`;
  const ecdh = createECDH("prime256v1");
  const subscribed = await page.request.post("/api/push/subscribe", {
    headers: { authorization, "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile" },
    data: {
      // At this project's push-service stand-in, the only kind of endpoint the e2e server takes
      // (PUSH_SERVICES); nothing is sent to it here.
      endpoint: `http://127.0.0.1:${testInfo.project.metadata.pushPort}/push/e2e-${randomBytes(8).toString("hex")}`,
      p256dh: ecdh.generateKeys().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  });
  expect(subscribed.status()).toBe(200);
  await page.reload();
  const devices = section.getByRole("list");
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices).toContainText("Chrome · Android");
  await devices.getByRole("button", { name: "Turn off notifications on Chrome · Android" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Notifications are off for this device" }),
  ).toBeVisible();
  await expect(section.getByRole("list")).toHaveCount(0);
});
