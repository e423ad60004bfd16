import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../platform/contract/languages.ts";
import { DIAL_CODE_BY_LANG, defaultDialCode } from "./dial-code.ts";

describe("the default dial code", () => {
  it("follows the reader's language, and is a real dial code for each", async () => {
    const { getCountryCallingCode, getCountries } = await import("libphonenumber-js");
    const real = new Set(getCountries().map((c) => String(getCountryCallingCode(c))));
    for (const lang of LANGUAGES) expect(real.has(DIAL_CODE_BY_LANG[lang]), lang).toBe(true);
    expect(defaultDialCode("ja")).toBe("81");
    expect(defaultDialCode("zh")).toBe("86");
    expect(defaultDialCode("xx")).toBe("1");
  });
});
