import { expect, type Page, registerByEmail, test } from "./support.ts";

// The Content-Security-Policy (app/.server/security-headers.ts) must not break a page: every
// inline script React Router emits carries the response's nonce, and the browser reports no
// violation. Chromium logs each refusal to the console ("Refused to … Content Security Policy"),
// but not one a script caught (zod's probe for eval was one): the page's own
// `securitypolicyviolation` events are logged too.
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.warn(`Content Security Policy violation: ${event.violatedDirective} by ${event.sourceFile}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (/Content Security Policy/i.test(error.message)) violations.push(error.message);
  });
  return violations;
}

test.describe("security headers", () => {
  test("pages carry the CSP with a fresh nonce on every inline script", async ({ page }) => {
    const first = await page.goto("/");
    const csp = first?.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(first?.headers()["x-content-type-options"]).toBe("nosniff");
    // Every executable inline script in the served HTML names the header's nonce.
    const html = (await first?.text()) ?? "";
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    const second = await page.goto("/markets");
    expect(/'nonce-([^']+)'/.exec(second?.headers()["content-security-policy"] ?? "")?.[1]).not.toBe(nonce);
  });

  test("public pages work with no CSP violation in the console", async ({ page }, info) => {
    test.setTimeout(60_000);
    const violations = await watchViolations(page);
    for (const path of ["/", "/markets", "/tradeing", "/login", "/language", "/noticelist"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
    }
    if (info.project.name === "js") {
      // Hydrated: a client-side navigation happens without a full page load.
      await page.goto("/areacode");
      await page.getByRole("link", { name: /Singapore/ }).click();
      await expect(page).toHaveURL(/\//);
      // The API docs' viewer ran (its script is a file, not inline).
      await page.goto("/api/docs");
      await expect(page.getByText("/about/content").first()).toBeVisible({ timeout: 20_000 });
    }
    expect(violations).toEqual([]);
  });

  test("signed-in pages work with no CSP violation in the console", async ({ page }) => {
    test.setTimeout(60_000);
    const violations = await watchViolations(page);
    await registerByEmail(page);
    for (const path of ["/center", "/asset", "/security", "/share", "/messages"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
    }
    expect(violations).toEqual([]);
  });
});
