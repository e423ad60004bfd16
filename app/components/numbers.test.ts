import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LANGUAGE_INFO, LANGUAGES } from "../../platform/contract/languages.ts";
import { formatCompact, formatDecimal, numbers } from "./numbers.tsx";

describe("numbers", () => {
  it("reach Intl as strings: no digit is lost to a float", () => {
    // A float would give 0.12345678912299999 or 123456789012345680.
    expect(formatDecimal("en", "0.123456789123", { max: 12 })).toBe("0.123456789123");
    expect(formatDecimal("en", "123456789012345678.12", { min: 2 })).toBe("123,456,789,012,345,678.12");
    expect(numbers("en").price("0.000012345678901", 10)).toBe("0.0000123456");
  });

  it("truncate, never round (spec §5)", () => {
    const en = numbers("en");
    expect(en.price("95123.459", 2)).toBe("95,123.45");
    expect(en.price("0.99999", 2)).toBe("0.99");
    expect(en.price("2.1", 5)).toBe("2.10000");
    expect(en.usdt("-1.239")).toBe("-1.23");
    expect(en.usdt("-0.001")).toBe("0.00");
    expect(en.depth("1.23456")).toBe("1.234");
    expect(en.cny("684888.123456")).toBe("684,888.1234");
    expect(en.amount("1000.000000")).toBe("1,000.00");
    expect(en.amount("0.00100000")).toBe("0.001");
    expect(en.qty("120.000")).toBe("120");
    expect(en.signed("12.349")).toBe("+12.34");
    expect(en.signed("0")).toBe("0.00");
    expect(en.price("abc", 2)).toBe("-");
    expect(en.price(null, 2)).toBe("-");
  });

  it("use the language's real locale (kr, vn and tw are our codes, not locales)", () => {
    expect(numbers("ru").price("95123.459", 2)).toBe("95\u00a0123,45");
    expect(numbers("es").price("95123.459", 2)).toBe("95.123,45");
    expect(numbers("vn").price("95123.459", 2)).toBe("95.123,45");
    expect(numbers("id").usdt("1234567.8")).toBe("1.234.567,80");
    expect(numbers("de-not-ours").usdt("1234.5")).toBe("1,234.50");
    expect(numbers("ru").change("-0.5")).toBe("-0,50\u00a0%");
    expect(numbers("en").change("1.239")).toBe("+1.23%");
    expect(numbers("en").change("0")).toBe("0.00%");
  });

  it("compact large amounts as each language does", () => {
    expect(formatCompact("en", "1234")).toBe("1.23K");
    expect(formatCompact("en", "98765432.1")).toBe("98.76M");
    expect(formatCompact("en", "12345678901")).toBe("12.34B");
    expect(formatCompact("en", "999.999")).toBe("999.99");
    expect(formatCompact("zh", "123456789")).toBe("1.23亿");
    expect(formatCompact("tw", "123456789")).toBe("1.23億");
    expect(formatCompact("ja", "12345")).toBe("1.23万");
    expect(formatCompact("kr", "12345")).toBe("1.23만");
    expect(formatCompact("kr", "123456789")).toBe("1.23억");
    expect(formatCompact("ru", "12345")).toBe("12,34\u00a0тыс.");
  });

  it("agree with Intl for every language and any decimal (an independent reckoning)", () => {
    const decimalString = fc
      .tuple(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
        fc.boolean(),
      )
      .map(([int, frac, neg]) => `${neg ? "-" : ""}${int}.${frac.toString().padStart(12, "0")}`);
    fc.assert(
      fc.property(
        decimalString,
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom(...LANGUAGES),
        (value, places, lang) => {
          // The expected text: the digits cut by hand, then only Intl's separators around them.
          const [int = "0", frac = ""] = value.replace("-", "").split(".");
          const kept = frac.slice(0, places);
          const zero = /^0*$/.test(int) && /^0*$/.test(kept);
          const intl = new Intl.NumberFormat(LANGUAGE_INFO[lang].tag, {
            minimumFractionDigits: places,
            maximumFractionDigits: places,
          });
          const cut = `${value.startsWith("-") && !zero ? "-" : ""}${BigInt(int)}${places ? `.${kept}` : ""}`;
          expect(numbers(lang).price(value, places)).toBe(intl.format(cut as `${number}`));
          // and the digits themselves are the truncated ones
          const digits = numbers(lang).price(value, places).replace(/\D/g, "");
          expect(digits).toBe(`${BigInt(int)}${kept}`);
        },
      ),
    );
  });
});
