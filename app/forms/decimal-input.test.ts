import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compare } from "../../platform/contract/decimal.ts";
import { LANGUAGE_INFO, LANGUAGES } from "../../platform/contract/languages.ts";
import { formatDecimal } from "../../platform/contract/numbers.ts";
import { amountField } from "../../platform/contract/wallet.ts";
import { commaDecimal, decimalInput } from "./decimal-input.ts";

const COMMA = ["es", "pt", "id", "ru", "vn"];
const DOT = ["en", "zh", "tw", "ja", "kr"];

/** What the shared schema makes of a typed amount once normalised: the decimal, or undefined (refused). */
function read(text: string, lang: string): string | undefined {
  const parsed = amountField.safeParse(decimalInput(text, lang));
  return parsed.success ? parsed.data : undefined;
}

/** A canonical decimal as the schema takes it (at most 15 digits, 18 decimals), no leading zeros. */
const canonical = fc
  .tuple(
    fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
    fc.option(fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 18 })),
  )
  .map(([whole, fraction]) => ({
    text: fraction ? `${whole}.${fraction}` : `${whole}`,
    places: fraction?.length ?? 0,
  }));

describe("numbers typed in the customer's language (decimalInput)", () => {
  it("knows which languages write a decimal comma, as Intl does", () => {
    for (const lang of LANGUAGES) {
      const comma = new Intl.NumberFormat(LANGUAGE_INFO[lang].tag)
        .formatToParts(0.5)
        .some((p) => p.value === ",");
      expect(commaDecimal(lang), lang).toBe(comma);
    }
    expect(LANGUAGES.filter(commaDecimal).sort()).toEqual([...COMMA].sort());
  });

  it("gives back any decimal exactly as each language writes it in a field (no grouping)", () => {
    fc.assert(
      fc.property(canonical, fc.constantFrom(...LANGUAGES), ({ text, places }, lang) => {
        const written = formatDecimal(lang, text, { min: places, max: places, grouped: false });
        expect(decimalInput(written, lang)).toBe(text);
        // What the schema takes (zero is refused as no amount).
        expect(read(written, lang)).toBe(/[1-9]/.test(text) ? text : undefined);
      }),
    );
  });

  it("gives back any decimal with a fraction exactly as each language shows it (grouped)", () => {
    fc.assert(
      fc.property(canonical, fc.constantFrom(...LANGUAGES), ({ text, places }, lang) => {
        fc.pre(places > 0);
        const shown = formatDecimal(lang, text, { min: places, max: places });
        expect(decimalInput(shown, lang)).toBe(text);
        expect(decimalInput(` ${shown} `, lang)).toBe(text);
      }),
    );
  });

  it("never reads a shown whole number as more than it is, nor differently in a dot language", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n - 1n }), fc.constantFrom(...LANGUAGES), (n, lang) => {
        const got = read(formatDecimal(lang, n.toString()), lang);
        if (got === undefined) return;
        expect(compare(got, n.toString())).toBeLessThanOrEqual(0);
        if (DOT.includes(lang)) expect(got).toBe(n.toString());
      }),
    );
  });

  it("keeps every digit in its order: nothing typed is added, dropped or moved", () => {
    const typed = fc.string({ unit: fc.constantFrom(..."0123456789.,  \u00a0"), maxLength: 20 });
    fc.assert(
      fc.property(typed, fc.constantFrom(...LANGUAGES), (text, lang) => {
        const got = read(text, lang);
        if (got === undefined) return;
        expect(got.replace(".", "")).toBe(text.replace(/\D/g, ""));
      }),
    );
  });

  it("reads a decimal comma in a comma-decimal language", () => {
    for (const lang of COMMA) {
      expect(decimalInput("0,5", lang)).toBe("0.5");
      expect(decimalInput("  0,5 ", lang)).toBe("0.5");
      expect(decimalInput("1234,56", lang)).toBe("1234.56");
      expect(decimalInput("10.000,5", lang)).toBe("10000.5");
      expect(decimalInput("1.234.567,89", lang)).toBe("1234567.89");
      // A dot decimal stays one, as before.
      expect(read("0.5", lang)).toBe("0.5");
      expect(read("0.001", lang)).toBe("0.001");
      // Anything else is left as typed: refused, or (a lone dot) read as a dot decimal as always.
      for (const refused of [
        "1,2,3",
        "1.5,5",
        "10.00,5",
        "1.0000,5",
        ",5",
        "5,",
        "0,5.1",
        "1,000.5",
        "0,5e3",
      ])
        expect(read(refused, lang), `${lang} ${refused}`).toBeUndefined();
      expect(read("10.000", lang)).toBe("10.000");
    }
  });

  it("reads the space a language groups with (ru), and no space elsewhere", () => {
    expect(decimalInput("10\u00a0000,5", "ru")).toBe("10000.5");
    expect(decimalInput("10 000,5", "ru")).toBe("10000.5");
    expect(decimalInput("1 234 567", "ru")).toBe("1234567");
    expect(read("10 00,5", "ru")).toBeUndefined();
    expect(read("1 000.000,5", "ru")).toBeUndefined();
    for (const lang of ["es", "en"]) expect(read("10 000,5", lang)).toBeUndefined();
  });

  it("never reads a lone comma in a dot-decimal language: 1,000 is refused, not read as 1", () => {
    for (const lang of DOT) {
      expect(read("1,000", lang), lang).toBeUndefined();
      expect(read("0,5", lang), lang).toBeUndefined();
      expect(read("1,5", lang), lang).toBeUndefined();
      expect(decimalInput("1,000.5", lang)).toBe("1000.5");
      expect(decimalInput("1,234,567.25", lang)).toBe("1234567.25");
      expect(decimalInput("1,000,000", lang)).toBe("1000000");
      expect(read(" 0.5 ", lang)).toBe("0.5");
      for (const refused of ["1,00.5", "1,0000.5", "1.000,5", "1,000.000.5", ",5", "1,000,00"])
        expect(read(refused, lang), `${lang} ${refused}`).toBeUndefined();
    }
  });

  it("leaves text that is no number as typed, for the schema to refuse", () => {
    for (const lang of LANGUAGES) {
      for (const text of ["abc", "", "-0,5", "1e3", "0x10", "½"]) expect(read(text, lang)).toBeUndefined();
      expect(decimalInput("abc", lang)).toBe("abc");
    }
  });
});
