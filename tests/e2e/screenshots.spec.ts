import { ops } from "./ops.ts";
import { expect, registerByEmail, test } from "./support.ts";

// The asset, trade and security screens at 360×740 in Chinese, Japanese, Russian and Spanish,
// saved for people to look at (docs/screenshots/), with the figures checked against Intl. Run on
// demand only (they are pictures, not a journey): SCREENSHOTS=1 … --project js screenshots.spec.ts
test.skip(!process.env.SCREENSHOTS, "pictures on demand: set SCREENSHOTS=1");
test.use({ viewport: { width: 360, height: 740 } });

const LANGS = [
  { name: "简体中文", tag: "zh-CN", code: "zh" },
  { name: "日本語", tag: "ja", code: "ja" },
  { name: "Русский", tag: "ru", code: "ru" },
  { name: "Español", tag: "es", code: "es" },
] as const;

test("asset, trade and security screens in zh, ja, ru and es", async ({ page }, info) => {
  test.skip(info.project.name !== "js", "one set of pictures");
  test.setTimeout(180_000);
  const email = await registerByEmail(page);
  expect(ops("deposit", "--account", email, "--coin", "USDT", "--amount", "57309.7")).toMatch(/credited/);
  expect(ops("deposit", "--account", email, "--coin", "BTC", "--amount", "0.04123456")).toMatch(/credited/);
  for (const lang of LANGS) {
    await page.goto("/language");
    await page.getByRole("button", { name: lang.name }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", lang.tag);

    await page.goto("/asset");
    // The total (the coins' value moves with the market) is written as Intl writes it here.
    const total = page.getByTestId("total-usdt");
    await expect(total).not.toHaveText("-");
    const shown = (await total.innerText()).replace(" USDT", "");
    const digits = shown.replace(/\D/g, "");
    const value = `${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
    expect(shown).toBe(
      new Intl.NumberFormat(lang.tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value),
    );
    await page.screenshot({ path: `docs/screenshots/asset-${lang.code}.jpg`, type: "jpeg", quality: 70 });

    await page.goto("/tradeing");
    await expect(page.getByTestId("last-price")).not.toHaveText("-");
    await page.screenshot({ path: `docs/screenshots/trade-${lang.code}.jpg`, type: "jpeg", quality: 70 });

    await page.goto("/security");
    await page.screenshot({ path: `docs/screenshots/security-${lang.code}.jpg`, type: "jpeg", quality: 70 });
  }
});
