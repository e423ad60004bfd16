import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({}, { market: true });
  await t.marketReady();
});
afterAll(() => t?.close());

describe("health", () => {
  it("reports the database, the bus, the market feed and the websocket hub", async () => {
    const res = await t.api("/health");
    expect(res.status).toBe(200);
    expect(res.body.data.db).toMatchObject({ status: "up" });
    expect(res.body.data.bus).toMatchObject({ status: "up", kind: "memory" });
    expect(res.body.data.ws).toMatchObject({ status: "up" });
    expect(res.body.data.feed).toMatchObject({ status: "up", source: "sim", role: "leader" });
  });
});

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 generated from the route schemas", async () => {
    const response = await t.platform.fetch(new Request("http://x/api/openapi.json"));
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[]; security?: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/about/content",
        "/api/about/contentauth",
        "/api/country/codes",
        "/api/posts/show",
        "/api/health",
      ]),
    );
    expect(doc.paths["/api/posts/show"]?.get?.parameters?.map((p) => p.name)).toEqual(["id", "slug"]);
    expect(doc.paths["/api/about/contentauth"]?.get?.security).toEqual([{ Bearer: [] }]);
    expect(doc.components.securitySchemes).toHaveProperty("Bearer");
  });

  it("has a readable docs page whose viewer is served locally", async () => {
    const page = await t.platform.fetch(new Request("http://x/api/docs"));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\/(unpkg|cdn|jsdelivr)/);
    // The viewer starts from a script file (no inline script under the CSP) that loads our document.
    expect(html).toContain('<script src="/api/docs/init.js"></script>');
    const init = await t.platform.fetch(new Request("http://x/api/docs/init.js"));
    expect(init.status).toBe(200);
    expect(await init.text()).toContain("/api/openapi.json");
    const script = await t.platform.fetch(new Request("http://x/api/docs/assets/swagger-ui-bundle.js"));
    expect(script.status).toBe(200);
    const other = await t.platform.fetch(new Request("http://x/api/docs/assets/..%2Fpackage.json"));
    expect(other.status).toBe(404);
  });
});

describe("health with a stalled market feed", () => {
  it("answers 503 and names the feed as down", async () => {
    const quiet = await testPlatform();
    try {
      const res = await quiet.api("/health");
      expect(res.status).toBe(503);
      expect(res.body.data.feed.status).toBe("down");
      expect(res.body.data.db.status).toBe("up");
    } finally {
      await quiet.close();
    }
  });
});
