import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { agentCode } from "./ops.ts";
import { literally } from "./say.ts";
import { expect, PASSWORD, registerByEmail, test } from "./support.ts";

// The message centre (JavaScript on and off): messages the platform sends on real events — a
// sign-in from a new device, becoming an agent — listed, opened, marked read one by one and all.
// In English (js) and in the journey's language (nojs, tests/e2e/journeys.ts): the messages are
// worded when they are read, in the reader's language.

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test("a user reads and clears their messages", async ({ page, javaScriptEnabled, t }) => {
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
  const entry = page.getByRole("link", { name: literally(t("account.menu.messages")) });
  await expect(entry).toContainText(t("account.unread", { count: 3 }));
  // The Mine tab carries the count on every page.
  const badge = page.getByRole("navigation", { name: t("common.tabs.label") }).getByTestId("unread-badge");
  await expect(badge).toHaveText("3");
  await entry.click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByText(t("inbox.unread_count", { count: 3 }))).toBeVisible();
  const list = page.getByRole("list", { name: t("inbox.list_label") });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").first()).toContainText(t("messages.inbox.agent_approved.title"));
  await expect(list).toContainText(/Safari\W+iOS/);

  // Opening a message reads it.
  await list.getByRole("link", { name: literally(t("messages.inbox.agent_approved.title")) }).click();
  await expect(page).toHaveURL(/\/messages\?id=\d+$/);
  await expect(page.getByRole("heading", { name: t("messages.inbox.agent_approved.title") })).toBeVisible();
  await expect(page.getByText(wallet.address.toLowerCase())).toBeVisible();
  await page.getByRole("link", { name: literally(t("inbox.all")) }).click();
  await expect(page.getByText(t("inbox.unread_count", { count: 2 }))).toBeVisible();

  // One marked read from the list…
  await list
    .getByRole("button", {
      name: t("inbox.mark_read_of", { title: t("messages.inbox.security_new_login.title") }),
    })
    .first()
    .click();
  await expect(page.getByText(t("inbox.unread_count", { count: 1 }))).toBeVisible();
  // …then the rest at once.
  await page.getByRole("button", { name: t("inbox.mark_all") }).click();
  await expect(page.getByRole("status")).toHaveText(t("messages.inbox_status.all_read", { count: 1 }));
  await expect(page.getByText(t("inbox.unread_count", { count: 0 }))).toBeVisible();
  await expect(page.getByRole("button", { name: t("inbox.mark_all") })).toHaveCount(0);
  await expect(list.getByRole("button")).toHaveCount(0);

  await page.goto("/center");
  await expect(page.getByRole("link", { name: literally(t("account.menu.messages")) })).not.toContainText(
    t("account.unread", { count: 3 }).replace("3", "").trim(),
  );
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
