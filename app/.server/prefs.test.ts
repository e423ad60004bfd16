import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../platform/contract/languages.ts";
import { upDownFor } from "./prefs.ts";

describe("which colour means up", () => {
  it("follows the market's custom for each language until the visitor chooses", () => {
    const defaults = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, upDownFor({ lite: false, theme: "dark" }, lang)]),
    );
    expect(
      Object.entries(defaults)
        .filter(([, v]) => v === "red-up")
        .map(([k]) => k)
        .sort(),
    ).toEqual(["kr", "tw", "zh"]);
    for (const lang of LANGUAGES) {
      expect(upDownFor({ lite: false, theme: "dark", updown: "red-up" }, lang)).toBe("red-up");
      expect(upDownFor({ lite: false, theme: "dark", updown: "green-up" }, lang)).toBe("green-up");
    }
  });
});
