import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform();
});
afterAll(() => t?.close());

describe("site content", () => {
  it("serves the seeded site fields in the envelope", async () => {
    const res = await t.api("/about/content");
    expect(res.status).toBe(200);
    expect(res.body.status_code).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(
      ["contactemail", "online_service", "opinionmail", "servicephone", "sitename", "software_link"].sort(),
    );
    expect(res.body.data.sitename).toBeTruthy();
  });

  it("keeps an operator's change across a re-seed", async () => {
    const { siteSettings } = await import("../db/schema.ts");
    const { eq } = await import("drizzle-orm");
    const { seedContent } = await import("./service.ts");
    await t.platform.deps.db
      .update(siteSettings)
      .set({ value: "Acme" })
      .where(eq(siteSettings.key, "sitename"));
    await seedContent(t.platform.deps.db);
    expect((await t.api("/about/content")).body.data.sitename).toBe("Acme");
  });

  it("asks for a session on contentauth", async () => {
    const anonymous = await t.api("/about/contentauth");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.status_code).toBe(401);
    const bad = await t.api("/about/contentauth", { token: "not-a-token" });
    expect(bad.status).toBe(401);
    expect(bad.body.status_code).toBe(50008);
  });
});

describe("country codes", () => {
  it("lists every country with its dial code, named in the request's language", async () => {
    const en = await t.api("/country/codes");
    expect(en.body.data.length).toBeGreaterThan(200);
    expect(en.body.data).toContainEqual({ code: "SG", area_code: "65", name: "Singapore" });
    expect(en.body.data).toContainEqual({ code: "CN", area_code: "86", name: "China" });
    const ja = await t.api("/country/codes", { lang: "ja" });
    expect(ja.body.data).toContainEqual({ code: "JP", area_code: "81", name: "日本" });
    const tw = await t.api("/country/codes", { lang: "zh-HT" });
    expect(tw.body.data.find((c: { code: string }) => c.code === "TW").name).toBe("台灣");
  });
});

describe("posts", () => {
  it("shows the terms in the reader's language, sanitized, and falls back to English", async () => {
    const en = await t.api("/posts/show?slug=terms");
    expect(en.body.data.title).toBe("Terms of Use");
    expect(en.body.data.html).toContain("<h2>");
    const zh = await t.api("/posts/show?slug=privacy", { lang: "zh" });
    expect(zh.body.data.lang).toBe("zh");
    expect(zh.body.data.title).not.toBe("Privacy Policy");
  });

  it("validates its query and answers 404 for what does not exist", async () => {
    const none = await t.api("/posts/show");
    expect(none.status).toBe(422);
    expect(none.body.errors).toHaveProperty("id");
    const bad = await t.api("/posts/show?slug=../../etc");
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty("slug");
    const missing = await t.api("/posts/show?id=999999");
    expect(missing.status).toBe(404);
    expect(missing.body.status_code).toBe(404);
  });
});
