import { type BrowserContext, expect, registerByEmail, test } from "./support.ts";

// Notices, news and the academy, read in the reader's language (JavaScript on and off).

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3111}`;
/** The language a visitor picked (the `lng` cookie the language screen sets). */
const useLanguage = (context: BrowserContext, lang: string) =>
  context.addCookies([
    { name: "lng", value: Buffer.from(JSON.stringify(lang)).toString("base64"), url: baseURL },
  ]);

test.describe("notices and academy", () => {
  test("a visitor sees the banners, the notice ticker and the daily-interest card on the home page", async ({
    page,
  }) => {
    await page.goto("/");
    const banners = page.getByRole("region", { name: "Highlights" });
    await expect(banners.getByRole("link")).toHaveCount(3);
    await expect(banners.getByText("Perpetuals up to 100x")).toBeVisible();
    const ticker = page.getByRole("region", { name: "Latest notices" });
    await expect(
      ticker.getByRole("link", { name: "Daily interest: earn 1% a day on your USDT" }),
    ).toHaveAttribute("href", /^\/notice\?id=\d+$/);
    await expect(page.getByRole("heading", { name: "Earn 1% a day on your USDT" })).toBeVisible();
    // The notice list is open to visitors; reading a notice asks them to log in (spec's guard).
    await ticker.getByRole("link", { name: "All notices" }).click();
    await expect(page).toHaveURL(/\/noticelist$/);
    await expect(
      page.getByRole("link", { name: /Security notice: we never ask for your codes/ }),
    ).toBeVisible();
    await page.getByRole("link", { name: /Security notice/ }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fnotice%3Fid%3D\d+/);
  });

  test("a user reads notices, news and academy articles in Japanese", async ({ page, context }) => {
    await registerByEmail(page);
    await useLanguage(context, "ja");

    await page.goto("/noticelist");
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("お知らせ");
    await page.getByRole("link", { name: /USDTの入金と出金：TRC20とERC20/ }).click();
    await expect(page).toHaveURL(/\/notice\?id=\d+$/);
    await expect(page.getByRole("heading", { name: "USDTの入金と出金：TRC20とERC20" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "0.0005 BTC" })).toBeVisible();
    await expect(page.getByText("すべての出金は送金前に審査されます。")).toBeVisible();

    await page.goto("/noticelist");
    await page.getByRole("link", { name: "ニュース" }).click();
    await expect(page).toHaveURL(/tab=news/);
    await expect(page.getByRole("link", { name: /最大100倍のUSDT建て無期限先物/ })).toBeVisible();
    // Signed in, the members' announcements are there too.
    await page.getByRole("link", { name: "会員向け" }).click();
    await expect(page.getByRole("link", { name: /3つのステップでアカウントを守る/ })).toBeVisible();

    await page.goto("/academy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("アカデミー");
    await expect(
      page
        .getByRole("list", { name: "まずはここから" })
        .getByRole("link", { name: /レバレッジとロスカットの仕組み/ }),
    ).toBeVisible();
    await page.getByRole("link", { name: /取引\s*記事：2/ }).click();
    await expect(page).toHaveURL(/\/academyList\?category=trading$/);
    await page.getByRole("link", { name: /手数料/ }).click();
    await expect(page.getByRole("heading", { name: "手数料", exact: true })).toBeVisible();
    await expect(page.getByRole("row", { name: /USDT建て先物 0\.02% 0\.05%/ })).toBeVisible();
    await page.getByRole("link", { name: /すべての記事/ }).click();
    await expect(page).toHaveURL(/\/academyList\?category=trading$/);

    await page.goto("/academy");
    await page
      .getByRole("link", { name: /レバレッジとロスカットの仕組み/ })
      .first()
      .click();
    await expect(
      page.getByText("最大レバレッジはBTCとETHで100倍、その他の通貨で50倍です。", { exact: false }),
    ).toBeVisible();
  });

  test("lists page through, and a missing post is a clear 404 in the reader's language", async ({
    page,
    context,
  }) => {
    await registerByEmail(page);
    await useLanguage(context, "es");
    await page.goto("/academyList");
    await expect(page.getByRole("link", { name: /Cómo depositar/ })).toBeVisible();
    const response = await page.goto("/notice?id=99999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("alert")).toContainText("Página no encontrada");
    const bad = await page.goto("/notice?id=abc");
    expect(bad?.status()).toBe(422);
  });
});
