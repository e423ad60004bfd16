import { formatDate } from "../../app/components/dates.tsx";
import { protocolPages } from "../../platform/content/seed/protocol.ts";
import { LANGUAGE_INFO, LANGUAGES } from "../../platform/contract/languages.ts";
import { literally, say } from "./say.ts";
import { expect, sidewaysOverflow, speak, test } from "./support.ts";

// The shell, languages, lite mode and the site's pages, with JavaScript on and off; the journeys
// in English (js) and in their language (nojs, tests/e2e/journeys.ts).

const jsOn = (project: string) => project === "js";

test.describe("the app shell", () => {
  test("home shows the header, the shortcut grid and the five tabs, with no sideways scroll", async ({
    page,
    lang,
    t,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", LANGUAGE_INFO[lang].tag);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    const tabs = page.getByRole("navigation", { name: t("common.tabs.label") }).getByRole("link");
    await expect(tabs).toHaveText(
      (["home", "trades", "staking", "assets", "mine"] as const).map((tab) => t(`common.tabs.${tab}`)),
    );
    await expect(tabs.first()).toHaveAttribute("href", "/");
    await expect(tabs.nth(1)).toHaveAttribute("href", "/tradeing");
    await expect(
      page
        .getByRole("navigation", { name: t("home.shortcuts_label") })
        .getByRole("link")
        .first(),
    ).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test("screens that hide the tab bar hide it, with a back arrow in the header", async ({ page }) => {
    await page.goto("/areacode");
    await expect(page.getByRole("navigation", { name: "Main sections" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Country or region");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an unknown path is a 404 page inside the shell", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main sections" })).toBeVisible();
  });

  test("a private screen sends a visitor without a session to login, remembering the way back", async ({
    page,
  }) => {
    const response = await page.goto("/download?from=test");
    expect(response?.url()).toContain("/login?redirectTo=%2Fdownload%3Ffrom%3Dtest");
  });

  test("every new navigation starts at the top of the page", async ({ page }, info) => {
    test.skip(!jsOn(info.project.name), "without JS every navigation is a fresh page anyway");
    await page.goto("/areacode");
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("link", { name: /Singapore/ }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("languages", () => {
  test("switching language is a plain form post that sticks, in all ten languages", async ({ page, t }) => {
    await page.goto("/language");
    // It starts in the journey's language (English with JavaScript on).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("common.titles.language"));
    await expect(page.getByRole("button")).toContainText([
      "English",
      "简体中文",
      "繁體中文",
      "日本語",
      "Español",
      "Русский",
      "한국어",
      "Tiếng Việt",
      "Bahasa Indonesia",
      "Português",
    ]);
    await page.getByRole("button", { name: "日本語" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.getByRole("status")).toContainText("日本語");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.getByRole("navigation").last().getByRole("link").first()).not.toHaveText("Home");

    for (const [name, tag] of [
      ["繁體中文", "zh-TW"],
      ["Tiếng Việt", "vi"],
      ["English", "en"],
    ] as const) {
      await page.goto("/language");
      await page.getByRole("button", { name }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", tag);
    }
  });
});

test.describe("translations", () => {
  test("a page names its translations instead of carrying them; the script loads each file once, then runs", async ({
    page,
    baseURL,
  }, info) => {
    await speak(page.context(), "ru");
    const fetched: string[] = [];
    const errors: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/locales/")) fetched.push(r.url());
    });
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") errors.push(m.text());
    });
    const html = await (await page.goto("/areacode"))?.text();
    // Not one Russian word of the shell's catalog in the page's data, only what the screen shows.
    const named = JSON.parse((await page.locator("script#i18n").textContent()) ?? "{}");
    expect(named).toEqual({
      lng: "ru",
      version: expect.any(String),
      namespaces: ["common", "messages", "content"],
    });
    expect(html).not.toContain(JSON.stringify(say("ru")("common.errors.unexpected")).slice(1, -1));
    const preloads = await page
      .locator('head link[rel="preload"][as="fetch"][crossorigin="anonymous"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
    expect(preloads).toEqual(named.namespaces.map((ns: string) => `/locales/ru/${ns}?v=${named.version}`));
    for (const href of preloads) {
      const res = await page.request.get(href);
      expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(Object.keys(await res.json()).length).toBeGreaterThan(0);
    }
    if (!jsOn(info.project.name)) return;
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // Each file once: the script's fetch is served by the preload, not asked for again.
    expect(fetched.sort()).toEqual(preloads.map((href) => `${baseURL}${href}`).sort());
    expect(errors).toEqual([]);
    // A screen reached in the page later loads its own namespace, in the same language.
    await page.getByRole("link", { name: say("ru")("common.actions.back") }).click();
    await expect(page.getByRole("navigation", { name: say("ru")("home.shortcuts_label") })).toBeVisible();
    await expect.poll(() => fetched.some((url) => url.includes("/locales/ru/home?"))).toBe(true);
    // ...once too: the first screen's preloads stay as they were, none is added after the fact.
    expect(new Set(fetched).size).toBe(fetched.length);
    expect(errors).toEqual([]);
  });
});

test.describe("lite mode", () => {
  test("Save-Data: on serves pages with no script at all, still working", async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "Save-Data": "on" } });
    const page = await context.newPage();
    await page.goto("/areacode");
    expect(await page.locator("script:not([type='application/json'])").count()).toBe(0);
    await page.getByRole("searchbox").fill("japan");
    await page.getByRole("searchbox").press("Enter");
    await expect(page.getByRole("link", { name: /Japan/ })).toHaveAttribute("href", /area_code=81/);
    await context.close();
  });

  test("can be switched on and off on /language", async ({ page }) => {
    await page.goto("/language");
    const toggle = page.getByRole("button", { name: "Lite mode" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(toggle).toHaveText("On");
    expect(await page.locator("script").count()).toBe(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
  });
});

test.describe("up and down colours", () => {
  const upColour = (page: import("@playwright/test").Page) =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--up").trim());

  test("red up where customers expect it, and each visitor's own choice sticks", async ({ page }) => {
    await page.goto("/language");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-updown", "green-up"); // English: green up
    const green = await upColour(page);
    await page.getByRole("button", { name: "Red up, green down" }).click();
    await expect(html).toHaveAttribute("data-updown", "red-up");
    expect(await upColour(page)).not.toBe(green);
    await page.goto("/markets");
    await expect(html).toHaveAttribute("data-updown", "red-up");
    await page.goto("/language");
    await page.getByRole("button", { name: "Green up, red down" }).click();
    await expect(html).toHaveAttribute("data-updown", "green-up");
    expect(await upColour(page)).toBe(green);

    // A visitor in Simplified Chinese who never chose: red means up.
    await page.context().clearCookies();
    await page.goto("/language");
    await page.getByRole("button", { name: "简体中文" }).click();
    await expect(html).toHaveAttribute("data-updown", "red-up");
    await expect(page.getByRole("button", { name: /红涨绿跌/ })).toHaveAttribute("aria-pressed", "true");
  });
});

test.describe("time zone", () => {
  test("dates follow the zone the browser reports, or the one the customer picks", async ({
    browser,
  }, info) => {
    const context = await browser.newContext({
      ...info.project.use,
      timezoneId: "Asia/Tokyo",
    });
    const page = await context.newPage();
    const zone = page.getByLabel("Time zone");
    await page.goto("/language");
    if (info.project.name === "js") {
      // The first page reported the zone; the next is rendered in it.
      await page.goto("/language");
      await expect(zone.locator("option:checked")).toContainText("GMT+9");
    } else {
      await expect(zone.locator("option:checked")).toContainText("UTC");
    }
    await zone.selectOption("Asia/Kolkata");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(zone).toHaveValue("Asia/Kolkata");
    await expect(zone.locator("option:checked")).toContainText("GMT+5:30");
    await context.close();
  });
  // The zones' names come from the ICU data of whoever formats them: Node 20's and Chromium's
  // name the US zones differently in Korean ("미 태평양 시간" / "북미 태평양 시간"), and a
  // customer's phone may carry yet another version. Hydration must keep the server's words, not
  // fail over them (a failed hydration renders the page again and drops what was typed).
  test("the zone list hydrates cleanly in every language", async ({ page, context }, info) => {
    test.skip(info.project.name === "nojs", "hydration needs JavaScript");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    for (const lang of LANGUAGES) {
      await speak(context, lang);
      await page.goto("/language");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      expect(errors, lang).toEqual([]);
    }
  });
});

test.describe("content screens", () => {
  test("the dial-code picker returns the chosen code to the form that asked", async ({ page }) => {
    await page.goto("/areacode?returnTo=%2Flanguage");
    await page.getByRole("searchbox").fill("+65");
    await page.getByRole("button", { name: /Search/ }).click();
    await page.getByRole("link", { name: /Singapore/ }).click();
    await expect(page).toHaveURL(/\/language\?area_code=65&country=SG$/);
  });

  test("terms and privacy read in the chosen language", async ({ page, lang, t }) => {
    // The pages as the content domain seeds them in each language.
    const title = (slug: string) =>
      protocolPages.find((p) => p.slug === slug)?.translations[lang]?.title ?? `no ${slug} page`;
    await page.goto("/protocol");
    await expect(page.getByRole("heading", { name: title("terms") })).toBeVisible();
    await page.getByRole("link", { name: t("content.protocol.privacy") }).click();
    await expect(page.getByRole("heading", { name: title("privacy") })).toBeVisible();
    // When it was last changed, as the language writes a date (not an ISO "2026-11-26").
    const shown = (await (await page.request.get("/api/posts/show?slug=privacy")).json()).data;
    const date = formatDate(shown.published_at, lang, "UTC");
    await expect(page.getByText(t("content.protocol.updated", { date }), { exact: true })).toBeVisible();
  });

  test("customer service lists the site's contacts", async ({ page, t }) => {
    await page.goto("/customerservice");
    await expect(page.getByRole("link", { name: literally(t("content.service.email")) })).toHaveAttribute(
      "href",
      /^mailto:/,
    );
    await expect(page.getByRole("link", { name: literally(t("content.service.phone")) })).toHaveAttribute(
      "href",
      /^tel:/,
    );
  });

  test("the API documentation is readable", async ({ page }, info) => {
    test.skip(!jsOn(info.project.name), "the API viewer is a script");
    await page.goto("/api/docs");
    // Swagger UI's 1.4 MB bundle is parsed before anything shows: slow on a busy CI machine.
    await expect(page.getByText("/about/content").first()).toBeVisible({ timeout: 20_000 });
  });
});

test.describe("forged posts", () => {
  test("a form post from another site is refused; our own goes through", async ({ request, baseURL }) => {
    const forged = await request.post("/language", {
      form: { lng: "ja" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    // React Router's own origin check or ours (for browsers that send no Origin) refuses it.
    expect([400, 403]).toContain(forged.status());
    expect(forged.headers()["set-cookie"] ?? "").not.toContain("lng=");
    const noOrigin = await request.post("/language", { form: { lng: "ja" }, maxRedirects: 0 });
    expect(noOrigin.status()).toBe(403);
    const own = await request.post("/language", {
      form: { lng: "ja" },
      headers: { Origin: new URL(baseURL ?? "").origin },
      maxRedirects: 0,
    });
    expect(own.status()).toBe(302);
    expect(own.headers()["set-cookie"]).toContain("lng=");
  });
});
