import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirects.ts";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/asset?x=1")).toBe("/asset?x=1");
    expect(safeRedirect("/login", "/home")).toBe("/login");
  });

  it("percent-encodes what a Location header cannot carry (found by the form fuzz)", () => {
    expect(safeRedirect("/markets🙂")).toBe("/markets%F0%9F%99%82");
    expect(safeRedirect("/markets?q=比特币 x")).toBe("/markets?q=%E6%AF%94%E7%89%B9%E5%B8%81%20x");
    expect(safeRedirect("/asset\ud800", "/home")).toBe("/home");
    for (const to of ["/markets🙂", "/markets?q=比特币 x", "/a b"]) {
      expect(() => new Headers({ location: safeRedirect(to) }), to).not.toThrow();
    }
  });

  it("refuses every way off the site, as a browser would resolve it", () => {
    for (const to of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "/a\\..\\..\\/evil.example",
      "javascript:alert(1)",
      " //evil.example",
      "",
      null,
      undefined,
    ]) {
      const kept = safeRedirect(to, "/");
      expect(new URL(kept, "https://beacon.example").origin, String(to)).toBe("https://beacon.example");
      expect(kept).toBe("/");
    }
  });
});
