// Screenshots of screens at a 360×740 phone viewport, for looking at them:
//   node --import tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots [lang] [js|nojs] /route...
// LOGIN=email:password signs in first (through the login form).
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

const [base = "http://localhost:3000", out = "/tmp/shots", lang = "en", js = "js", ...routes] =
  process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const context = await browser.newContext({
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 1,
  javaScriptEnabled: js !== "nojs",
  isMobile: true,
  hasTouch: true,
});
// React Router cookies hold base64 JSON.
await context.addCookies([
  { name: "lng", value: Buffer.from(JSON.stringify(lang)).toString("base64"), url: base },
]);
const page = await context.newPage();
if (process.env.LOGIN) {
  const [email, password] = process.env.LOGIN.split(":");
  await page.goto(`${base}/login`);
  await page.locator("input[name=account]").fill(email ?? "");
  await page.locator("input[name=password]").fill(password ?? "");
  await page.locator("form button[type=submit]").last().click();
  await page.waitForLoadState("networkidle");
}
for (const route of routes.length ? routes : ["/"]) {
  await page.goto(base + route);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(Number(process.env.WAIT ?? 300));
  const file = `${out}/${lang}-${js}-${route.replace(/[^a-z0-9]+/gi, "_") || "home"}.png`;
  await page.screenshot({ path: file, fullPage: process.env.FULL === "1" });
  console.log(file);
}
await browser.close();
