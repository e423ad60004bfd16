import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { agentCode } from "./ops.ts";
import {
  codeFor,
  expect,
  login,
  PASSWORD,
  type Page,
  registerByEmail,
  test,
  uniqueEmail,
} from "./support.ts";

// Invitations and agents (JavaScript on and off). Journeys with several accounts take a while.
test.describe.configure({ timeout: 90_000 });

/** Logs in and waits until the session is there (with JS the form posts in the background). */
async function signIn(page: Page, email: string) {
  await login(page, email);
  await expect(page.getByRole("status")).toHaveText("Welcome back!");
}

async function logout(page: Page) {
  await page.goto("/center");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("status")).toHaveText("You have logged out");
}

/** Registers through the screens, starting from a link (an invite link, say). */
async function registerFrom(page: Page, link: string, email = uniqueEmail("invited")) {
  await page.goto(link);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Get code" }).click();
  await page.getByLabel("Verification code").fill(await codeFor(page.request, email));
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/resgistersuccess/);
  return email;
}

test.describe("invitations", () => {
  test("an invite link prefills registration, and the inviter sees who joined", async ({ page }) => {
    const inviter = await registerByEmail(page);
    await page.goto("/center");
    await page.getByRole("link", { name: "Invite friends" }).click();
    await expect(page).toHaveURL(/\/share$/);
    const code = await page.getByLabel("Your invite code", { exact: true }).inputValue();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const link = await page.getByLabel("Your invite link", { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`^http://localhost:\\d+/resgister\\?invite=${code}$`));
    await expect(page.getByRole("img", { name: "QR code of your invite link" }).locator("svg")).toBeVisible();
    await expect(page.getByText("Invited: 0")).toBeVisible();
    await logout(page);

    // The friend opens the link: the code is filled in for them.
    await page.goto(link);
    await expect(page.getByLabel("Invite code (optional)")).toHaveValue(code);
    const friend = await registerFrom(page, link);
    await logout(page);

    await signIn(page, inviter);
    await page.goto("/share");
    await expect(page.getByText("Invited: 1")).toBeVisible();
    const people = page.getByRole("list", { name: "People you invited" });
    await expect(people.getByRole("listitem")).toHaveCount(1);
    await expect(people).toContainText(`${friend.slice(0, 2)}***@example.com`);
    await expect(people).toContainText("Registered");
    await expect(people).not.toContainText(friend);
  });
});

test.describe("agents", () => {
  test("a user becomes an agent with an authorization code and a pasted wallet signature", async ({
    page,
  }) => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const agent = await registerByEmail(page);
    await page.goto("/center");
    await page.getByRole("link", { name: "Agent authorization" }).click();
    await expect(page.getByRole("heading", { name: "Not an agent yet" })).toBeVisible();

    // A code nobody issued is refused, field by field.
    await page.getByLabel("Authorization code").fill("AAAA-BBBB-CCCC");
    await page.getByLabel("Wallet authorization address").fill(wallet.address);
    await page.getByRole("button", { name: "Get the message to sign" }).click();
    await expect(page.getByText("This authorization code does not exist")).toBeVisible();

    const code = agentCode();
    await page.getByLabel("Authorization code").fill(code.toLowerCase());
    await page.getByLabel("Wallet authorization address").fill(wallet.address);
    await page.getByRole("button", { name: "Get the message to sign" }).click();
    const message = await page.getByLabel("Message to sign").inputValue();
    expect(message).toContain(wallet.address);
    expect(message).toContain("Bind this wallet as the authorization address of my agent account.");

    // Signed by another wallet: refused, nothing changes.
    const stranger = privateKeyToAccount(generatePrivateKey());
    await page.getByLabel("Signature", { exact: true }).fill(await stranger.signMessage({ message }));
    await page.getByRole("button", { name: "Verify and become an agent" }).click();
    await expect(
      page.getByText("The signature does not match this message and wallet address"),
    ).toBeVisible();

    await page.getByLabel("Signature", { exact: true }).fill(await wallet.signMessage({ message }));
    await page.getByRole("button", { name: "Verify and become an agent" }).click();
    await expect(page.getByRole("status")).toHaveText("You are now an agent");
    await expect(page).toHaveURL(/\/authorization$/);
    await expect(page.getByRole("heading", { name: "You are an agent" })).toBeVisible();
    await expect(page.getByText(wallet.address.toLowerCase())).toBeVisible();

    // Agents see the users they invited, with their UIDs.
    await expect(page.getByText("No one has signed up with your link yet.")).toBeVisible();
    const link = await page
      .goto("/share")
      .then(() => page.getByLabel("Your invite link", { exact: true }).inputValue());
    await logout(page);
    await registerFrom(page, link, uniqueEmail("client"));
    await page.goto("/center");
    const uid = (await page.getByText(/^UID \d+/).textContent())?.match(/UID (\d+)/)?.[1];
    expect(uid).toBeTruthy();
    await logout(page);
    await signIn(page, agent);
    await page.goto("/authorization");
    const clients = page.getByRole("list", { name: "Your invited users" });
    await expect(clients.getByRole("listitem")).toHaveCount(1);
    await expect(clients).toContainText(`UID ${uid}`);
    await expect(clients).toContainText("Registered");
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
