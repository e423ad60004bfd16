import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { agentCode } from "./ops.ts";
import { expect, PASSWORD, registerByEmail, test } from "./support.ts";

// The message centre (JavaScript on and off): messages the platform sends on real events — a
// sign-in from a new device, becoming an agent — listed, opened, marked read one by one and all.

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test("a user reads and clears their messages", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const email = await registerByEmail(page);
  const api = page.request;
  // Two sign-ins from devices this account has not used: each sends a security notice.
  let token = "";
  for (const ua of [FIREFOX_WINDOWS, SAFARI_IPHONE]) {
    const res = await api.post("/api/login", {
      data: { account: email, password: PASSWORD },
      headers: { "user-agent": ua },
    });
    expect(res.status(), await res.text()).toBe(200);
    token = (await res.json()).data.token;
  }
  // Becoming an agent sends the third.
  const wallet = privateKeyToAccount(generatePrivateKey());
  const code = agentCode();
  const auth = { authorization: `Bearer ${token}` };
  const issued = await api.post("/api/agent/message", {
    data: { code, address: wallet.address },
    headers: auth,
  });
  const { message } = (await issued.json()).data;
  const bound = await api.post("/api/agent/bind", {
    data: { code, message, signature: await wallet.signMessage({ message }) },
    headers: auth,
  });
  expect(bound.status()).toBe(200);

  await page.goto("/center");
  const entry = page.getByRole("link", { name: /Messages/ });
  await expect(entry).toContainText("3 unread");
  // The Mine tab carries the count on every page.
  const badge = page.getByRole("navigation", { name: "Main sections" }).getByTestId("unread-badge");
  await expect(badge).toHaveText("3");
  await entry.click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByText("Unread: 3")).toBeVisible();
  const list = page.getByRole("list", { name: "Your messages" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").first()).toContainText("You are now an agent");
  await expect(list).toContainText(/Safari\W+iOS/);

  // Opening a message reads it.
  await list.getByRole("link", { name: /You are now an agent/ }).click();
  await expect(page).toHaveURL(/\/messages\?id=\d+$/);
  await expect(page.getByRole("heading", { name: "You are now an agent" })).toBeVisible();
  await expect(page.getByText(wallet.address.toLowerCase())).toBeVisible();
  await page.getByRole("link", { name: /All messages/ }).click();
  await expect(page.getByText("Unread: 2")).toBeVisible();

  // One marked read from the list…
  await list
    .getByRole("button", { name: /Mark “New sign-in” as read/ })
    .first()
    .click();
  await expect(page.getByText("Unread: 1")).toBeVisible();
  // …then the rest at once.
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByRole("status")).toHaveText("1 message(s) marked as read");
  await expect(page.getByText("Unread: 0")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
  await expect(list.getByRole("button")).toHaveCount(0);

  await page.goto("/center");
  await expect(page.getByRole("link", { name: /Messages/ })).not.toContainText("unread");
  await expect(badge).toHaveCount(0);

  // A new message while the page is open: counted at once with JavaScript, on the next page without.
  const again = await api.post("/api/login", {
    data: { account: email, password: PASSWORD },
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0" },
  });
  expect(again.status()).toBe(200);
  if (!javaScriptEnabled) await page.reload();
  await expect(badge).toHaveText("1");
});
