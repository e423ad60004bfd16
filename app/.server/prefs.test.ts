import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../platform/contract/languages.ts";
import { isTimeZone, timeZoneFor, upDownFor } from "./prefs.ts";

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

describe("the time zone dates are shown in", () => {
  const request = (cookie = "") => new Request("http://x/", { headers: { Cookie: cookie } });
  const prefs = { lite: false, theme: "dark" as const };
  it("is the customer's choice, else the browser's report, else UTC", () => {
    expect(timeZoneFor(request("tz=Asia%2FTokyo"), { ...prefs, timeZone: "Europe/Moscow" })).toBe(
      "Europe/Moscow",
    );
    expect(timeZoneFor(request("a=1; tz=Asia%2FTokyo"), prefs)).toBe("Asia/Tokyo");
    expect(timeZoneFor(request(), prefs)).toBe("UTC");
  });
  it("is never something the runtime does not know", () => {
    for (const bad of ["Mars/Olympus", "../../etc", "Asia/Tokyo<script>", ""])
      expect(timeZoneFor(request(`tz=${encodeURIComponent(bad)}`), prefs), bad).toBe("UTC");
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
  });
});
