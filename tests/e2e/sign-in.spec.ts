import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { type BrowserContext, expect, test, uniqueEmail } from "./support.ts";

// Sign-in with Google and Apple against the local OpenID provider (tests/e2e/oidc-mock.ts, started
// by playwright.config.ts), and with an Ethereum wallet — JavaScript on and off. The journeys in
// English (js) and in their language (nojs, tests/e2e/journeys.ts); the browser wallet's button
// needs JavaScript, so that journey is English only.

const OIDC_ISSUER = `http://127.0.0.1:${process.env.E2E_OIDC_PORT ?? Number(process.env.E2E_PORT ?? 3111) + 1}`;

/** Who the browser is signed in as at the provider. */
async function atProvider(context: BrowserContext, claims: Record<string, unknown>) {
  await context.addCookies([
    {
      name: "mock_user",
      value: Buffer.from(JSON.stringify(claims)).toString("base64url"),
      url: OIDC_ISSUER,
    },
  ]);
}

const uniqueSub = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

test.describe("sign-in with Google and Apple", () => {
  test("Google: a new account, back where the visitor was going; the same account next time", async ({
    page,
    context,
    t,
  }) => {
    const email = uniqueEmail("google");
    await atProvider(context, { sub: uniqueSub(), email, email_verified: true });
    await page.goto("/download");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdownload/);
    await page.getByRole("link", { name: t("auth.continue_google") }).click();
    await expect(page).toHaveURL(/\/download$/);
    await expect(page.getByRole("status")).toHaveText(t("messages.identity.registered"));

    await page.goto("/center");
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole("button", { name: t("account.logout") }).click();
    await expect(page.getByRole("status")).toHaveText(t("auth.logged_out"));

    await page.goto("/login");
    await page.getByRole("link", { name: t("auth.continue_google") }).click();
    await expect(page.getByRole("status")).toHaveText(t("messages.identity.signed_in"));
    await page.goto("/center");
    await expect(page.getByText(email)).toBeVisible();
  });

  test("Apple: its answer arrives as a cross-site POST (form_post) and signs in", async ({
    page,
    context,
    t,
  }, info) => {
    const email = uniqueEmail("apple");
    await atProvider(context, { sub: uniqueSub(), email, email_verified: "true" });
    await page.goto("/login");
    await page.getByRole("link", { name: t("auth.continue_apple") }).click();
    // The provider's page (in English: it is not ours) posts the answer back; without JavaScript
    // the user presses its button.
    if (info.project.name === "nojs") await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("status")).toHaveText(t("messages.identity.registered"));
    await page.goto("/center");
    await expect(page.getByText(email)).toBeVisible();
  });

  test("an answer this browser did not ask for is refused, back on the login screen", async ({ page }) => {
    await page.goto("/auth/google/callback?code=stolen&state=forged");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText("That sign-in took too long");
    await page.goto("/auth/facebook");
    await expect(page.getByRole("status")).toHaveText("This sign-in method is not available");
  });

  test("only the callbacks skip the cross-site check", async ({ request }) => {
    const crossSite = { "sec-fetch-site": "cross-site", origin: "https://appleid.apple.com" };
    const callback = await request.post("/auth/apple/callback", {
      form: { code: "x", state: "forged" },
      headers: crossSite,
      maxRedirects: 0,
    });
    expect(callback.status()).toBe(302);
    expect(callback.headers().location).toBe("/login");
    const login = await request.post("/login", {
      form: { account: "a@b.c" },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(login.status()).toBe(403);
  });
});

test.describe("sign-in with a wallet", () => {
  test("paste the signature made in the wallet app (works without JavaScript)", async ({ page, t }) => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    await page.goto("/login");
    await page.getByRole("link", { name: t("auth.wallet_login") }).click();
    await expect(page).toHaveURL(/\/login\/wallet$/);
    await page.getByLabel(t("auth.wallet_address"), { exact: true }).fill("0x1234");
    await page.getByRole("button", { name: t("auth.wallet_get_message") }).click();
    await expect(page.getByText(t("messages.identity.wallet_address_invalid"))).toBeVisible();

    await page.getByLabel(t("auth.wallet_address"), { exact: true }).fill(wallet.address);
    await page.getByRole("button", { name: t("auth.wallet_get_message") }).click();
    const message = await page.getByLabel(t("auth.wallet_message"), { exact: true }).inputValue();
    expect(message).toContain(`wants you to sign in with your Ethereum account:\n${wallet.address}`);

    // A signature from another wallet does not do.
    const stranger = privateKeyToAccount(generatePrivateKey());
    await page
      .getByLabel(t("auth.wallet_signature"), { exact: true })
      .fill(await stranger.signMessage({ message }));
    await page.getByRole("button", { name: t("auth.wallet_submit"), exact: true }).click();
    await expect(page.getByText(t("messages.identity.wallet_signature_invalid"))).toBeVisible();

    await page
      .getByLabel(t("auth.wallet_signature"), { exact: true })
      .fill(await wallet.signMessage({ message }));
    await page.getByRole("button", { name: t("auth.wallet_submit"), exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(t("messages.identity.registered"));
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/center");
    await expect(page.getByText(wallet.address.toLowerCase())).toBeVisible();
  });

  test("a browser wallet signs in with one button", async ({ page }, info) => {
    test.skip(info.project.name === "nojs", "the wallet button is a client island");
    const wallet = privateKeyToAccount(generatePrivateKey());
    await page.exposeFunction("__e2eSign", (hex: `0x${string}`) =>
      wallet.signMessage({ message: { raw: hex } }),
    );
    // An EIP-1193 provider like MetaMask's, signing with the test's key.
    await page.addInitScript((address) => {
      const w = window as unknown as {
        ethereum: unknown;
        __e2eSign(hex: string): Promise<string>;
      };
      w.ethereum = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === "eth_requestAccounts" || method === "eth_accounts") return [address];
          if (method === "eth_chainId") return "0x1";
          if (method === "personal_sign" && params?.[1] === address) return w.__e2eSign(String(params[0]));
          throw new Error(`unsupported: ${method}`);
        },
      };
    }, wallet.address);
    await page.goto("/login/wallet?redirectTo=%2Fcenter");
    await page.getByRole("button", { name: "Sign with my wallet" }).click();
    // Three round trips (the message, the wallet's signature, the sign-in) and a new account.
    await expect(page).toHaveURL(/\/center$/, { timeout: 15_000 });
    await expect(page.getByRole("status")).toHaveText("Welcome! Your account is ready");
    await expect(page.getByText(wallet.address.toLowerCase())).toBeVisible();
  });
});
