import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { agentCode } from "./ops.ts";
import { literally, say } from "./say.ts";
import {
  codeFor,
  expect,
  langOf,
  login,
  PASSWORD,
  type Page,
  registerByEmail,
  test,
  uniqueEmail,
} from "./support.ts";

// Invitations and agents (JavaScript on and off); the journeys in English (js) and in their
// language (nojs, tests/e2e/journeys.ts). Journeys with several accounts take a while.
test.describe.configure({ timeout: 90_000 });

/** Logs in and waits until the session is there (with JS the form posts in the background). */
async function signIn(page: Page, email: string) {
  const t = say(await langOf(page));
  await login(page, email);
  await expect(page.getByRole("status")).toHaveText(t("auth.welcome_back"));
}

async function logout(page: Page) {
  const t = say(await langOf(page));
  await page.goto("/center");
  await page.getByRole("button", { name: t("account.logout") }).click();
  await expect(page.getByRole("status")).toHaveText(t("auth.logged_out"));
}

/** Registers through the screens, starting from a link (an invite link, say). */
async function registerFrom(page: Page, link: string, email = uniqueEmail("invited")) {
  const t = say(await langOf(page));
  await page.goto(link);
  await page.getByLabel(t("auth.email"), { exact: true }).fill(email);
  await page.getByLabel(literally(t("auth.agree_prefix"))).check();
  await page.getByRole("button", { name: t("auth.get_code") }).click();
  await page.getByLabel(t("auth.code"), { exact: true }).fill(await codeFor(page.request, email));
  await page.getByRole("button", { name: t("auth.next") }).click();
  await page.getByLabel(t("auth.password"), { exact: true }).fill(PASSWORD);
  await page.getByLabel(t("auth.password_confirm"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: t("auth.create_account") }).click();
  await expect(page).toHaveURL(/\/resgistersuccess/);
  return email;
}

test.describe("invitations", () => {
  test("an invite link prefills registration, and the inviter sees who joined", async ({ page, t }) => {
    const inviter = await registerByEmail(page);
    await page.goto("/center");
    await page.getByRole("link", { name: t("account.menu.share") }).click();
    await expect(page).toHaveURL(/\/share$/);
    const code = await page.getByLabel(t("referral.code_label"), { exact: true }).inputValue();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const link = await page.getByLabel(t("referral.link_label"), { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`^http://localhost:\\d+/resgister\\?invite=${code}$`));
    await expect(page.getByRole("img", { name: t("referral.qr_label") }).locator("svg")).toBeVisible();
    await expect(page.getByText(t("referral.invited_count", { count: 0 }))).toBeVisible();
    await logout(page);

    // The friend opens the link: the code is filled in for them.
    await page.goto(link);
    await expect(page.getByLabel(t("auth.invite_code"), { exact: true })).toHaveValue(code);
    const friend = await registerFrom(page, link);
    await logout(page);

    await signIn(page, inviter);
    await page.goto("/share");
    await expect(page.getByText(t("referral.invited_count", { count: 1 }))).toBeVisible();
    const people = page.getByRole("list", { name: t("referral.invited_title") });
    await expect(people.getByRole("listitem")).toHaveCount(1);
    await expect(people).toContainText(`${friend.slice(0, 2)}***@example.com`);
    await expect(people).toContainText(t("referral.status_registered"));
    await expect(people).not.toContainText(friend);
  });
});

test.describe("agents", () => {
  test("a user becomes an agent with an authorization code and a pasted wallet signature", async ({
    page,
    t,
  }) => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const agent = await registerByEmail(page);
    await page.goto("/center");
    await page.getByRole("link", { name: t("account.menu.authorization") }).click();
    await expect(page.getByRole("heading", { name: t("referral.state_user") })).toBeVisible();

    // A code nobody issued is refused, field by field.
    await page.getByLabel(t("referral.code"), { exact: true }).fill("AAAA-BBBB-CCCC");
    await page.getByLabel(t("referral.address"), { exact: true }).fill(wallet.address);
    await page.getByRole("button", { name: t("referral.get_message") }).click();
    await expect(page.getByText(t("messages.agent.code_unknown"))).toBeVisible();

    const code = agentCode();
    await page.getByLabel(t("referral.code"), { exact: true }).fill(code.toLowerCase());
    await page.getByLabel(t("referral.address"), { exact: true }).fill(wallet.address);
    await page.getByRole("button", { name: t("referral.get_message") }).click();
    const message = await page.getByLabel(t("referral.message"), { exact: true }).inputValue();
    expect(message).toContain(wallet.address);
    expect(message).toContain("Bind this wallet as the authorization address of my agent account.");

    // (The message itself is the platform's, in English: it is what the wallet signs.)
    // Signed by another wallet: refused, nothing changes.
    const stranger = privateKeyToAccount(generatePrivateKey());
    await page
      .getByLabel(t("referral.signature"), { exact: true })
      .fill(await stranger.signMessage({ message }));
    await page.getByRole("button", { name: t("referral.submit") }).click();
    await expect(page.getByText(t("messages.identity.wallet_signature_invalid"))).toBeVisible();

    await page
      .getByLabel(t("referral.signature"), { exact: true })
      .fill(await wallet.signMessage({ message }));
    await page.getByRole("button", { name: t("referral.submit") }).click();
    await expect(page.getByRole("status")).toHaveText(t("messages.agent.bound"));
    await expect(page).toHaveURL(/\/authorization$/);
    await expect(page.getByRole("heading", { name: t("referral.state_agent") })).toBeVisible();
    await expect(page.getByText(wallet.address.toLowerCase())).toBeVisible();

    // Agents see the users they invited, with their UIDs.
    await expect(page.getByText(t("referral.none"))).toBeVisible();
    const link = await page
      .goto("/share")
      .then(() => page.getByLabel(t("referral.link_label"), { exact: true }).inputValue());
    await logout(page);
    await registerFrom(page, link, uniqueEmail("client"));
    await page.goto("/center");
    const uid = (await page.getByText(/^UID \d+/).textContent())?.match(/UID (\d+)/)?.[1];
    expect(uid).toBeTruthy();
    await logout(page);
    await signIn(page, agent);
    await page.goto("/authorization");
    const clients = page.getByRole("list", { name: t("referral.clients_title") });
    await expect(clients.getByRole("listitem")).toHaveCount(1);
    await expect(clients).toContainText(`UID ${uid}`);
    await expect(clients).toContainText(t("referral.status_registered"));
  });

  test("the code works once", async ({ page }) => {
    const code = agentCode();
    const wallet = privateKeyToAccount(generatePrivateKey());
    await registerByEmail(page);
    await page.goto("/authorization");
    await page.getByLabel("Authorization code").fill(code);
    await page.getByLabel("Wallet authorization address").fill(wallet.address);
    await page.getByRole("button", { name: "Get the message to sign" }).click();
    const message = await page.getByLabel("Message to sign").inputValue();
    await page.getByLabel("Signature", { exact: true }).fill(await wallet.signMessage({ message }));
    await page.getByRole("button", { name: "Verify and become an agent" }).click();
    await expect(page.getByRole("heading", { name: "You are an agent" })).toBeVisible();
    await logout(page);

    await registerByEmail(page);
    await page.goto("/authorization");
    await page.getByLabel("Authorization code").fill(code);
    await page
      .getByLabel("Wallet authorization address")
      .fill(privateKeyToAccount(generatePrivateKey()).address);
    await page.getByRole("button", { name: "Get the message to sign" }).click();
    await expect(page.getByText("This authorization code has already been used")).toBeVisible();
  });

  test("a browser wallet fills the address and signs at the press of a button", async ({ page }, info) => {
    test.skip(info.project.name === "nojs", "the wallet buttons are client islands");
    const wallet = privateKeyToAccount(generatePrivateKey());
    await page.exposeFunction("__e2eSign", (hex: `0x${string}`) =>
      wallet.signMessage({ message: { raw: hex } }),
    );
    await page.addInitScript((address) => {
      const w = window as unknown as { ethereum: unknown; __e2eSign(hex: string): Promise<string> };
      w.ethereum = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === "eth_requestAccounts" || method === "eth_accounts") return [address];
          if (method === "eth_chainId") return "0x1";
          if (method === "personal_sign" && String(params?.[1]).toLowerCase() === address.toLowerCase())
            return w.__e2eSign(String(params?.[0]));
          throw new Error(`unsupported: ${method}`);
        },
      };
    }, wallet.address);
    await registerByEmail(page);
    await page.goto("/authorization");
    await page.getByLabel("Authorization code").fill(agentCode());
    await page.getByRole("button", { name: "Use my browser wallet's address" }).click();
    await expect(page.getByLabel("Wallet authorization address")).toHaveValue(wallet.address);
    await page.getByRole("button", { name: "Get the message to sign" }).click();
    await page.getByRole("button", { name: "Sign with my wallet" }).click();
    await expect(page.getByRole("status")).toHaveText("You are now an agent");
    await expect(page.getByText(wallet.address.toLowerCase())).toBeVisible();
  });
});
