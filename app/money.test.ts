import DecimalJs from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ceilAmount, compare, formatAmount, fundsFor, isAmount, minus } from "./money.ts";

// Exact to the last of 18 decimals of 15-digit amounts (decimal.js rounds to 20 digits by default).
const Decimal = DecimalJs.clone({ precision: 64 });

describe("money in the page", () => {
  it("accepts the amounts the platform accepts, and nothing else", () => {
    for (const ok of ["0", "100", "0.5", "999999999999999", "1.000000000000000001"])
      expect(isAmount(ok)).toBe(true);
    for (const bad of [
      "",
      "-1",
      "1e3",
      "1.",
      ".5",
      "1,5",
      "1.0000000000000000001",
      "1000000000000000",
      "abc",
    ])
      expect(isAmount(bad), bad).toBe(false);
  });

  it("subtracts exactly, as decimal.js does", () => {
    expect(minus("100", "1")).toBe("99");
    expect(minus("0.1", "0.3")).toBe("-0.2");
    expect(minus("0.0005", "0.0005")).toBe("0");
    expect(minus("1", "x")).toBeUndefined();
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }))
      .map(([w, f]) => `${w}.${f.toString().padStart(18, "0")}`);
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(minus(a, b)).toBe(new Decimal(a).minus(b).toFixed());
        expect(compare(a, b)).toBe(new Decimal(a).comparedTo(b));
      }),
    );
  });

  it("formats without rounding: trailing zeros dropped, at least two decimals", () => {
    expect(formatAmount("1000.000000")).toBe("1000.00");
    expect(formatAmount("0.00100000")).toBe("0.001");
    expect(formatAmount("1234")).toBe("1234.00");
    expect(formatAmount("0.123456789")).toBe("0.123456789");
    expect(formatAmount("5", 0)).toBe("5");
    expect(formatAmount("n/a")).toBe("n/a");
  });
});

describe("enough to spend (fundsFor, issue 19 defect 4)", () => {
  const amount = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
    .map(([n, places]) => new Decimal(n.toString()).div(new Decimal(10).pow(places)).toFixed());

  it("says empty for nothing available, whatever is typed", () => {
    for (const zero of ["0", "0.00", "0.000000000000000000"]) {
      expect(fundsFor(zero)).toBe("empty");
      expect(fundsFor(zero, "1")).toBe("empty");
    }
    expect(fundsFor("")).toBe("empty");
  });

  it("is short exactly when what would be spent is more than what is available", () => {
    fc.assert(
      fc.property(amount, amount, (available, needed) => {
        const state = fundsFor(available, needed);
        const a = new Decimal(available);
        if (a.isZero()) expect(state).toBe("empty");
        else expect(state).toBe(new Decimal(needed).gt(a) ? "short" : "enough");
      }),
    );
  });

  it("nothing typed yet, or not a number, is not short", () => {
    expect(fundsFor("5")).toBe("enough");
    expect(fundsFor("5", "abc")).toBe("enough");
    // A field posted twice (the form fuzz) comes back as a list: no 500, not short.
    expect(fundsFor("5", ["7", "8"])).toBe("enough");
  });
});

describe("an amount rounded up (what a refusal says is needed)", () => {
  it("never says less than the amount, and at most one unit more", () => {
    expect(ceilAmount("95.65038255", 2)).toBe("95.66");
    expect(ceilAmount("95.65", 2)).toBe("95.65");
    expect(ceilAmount("0.000000001", 8)).toBe("0.00000001");
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }), (n, places) => {
        const value = new Decimal(n.toString()).div(1e8).toFixed();
        const up = new Decimal(ceilAmount(value, places));
        expect(up.gte(value)).toBe(true);
        expect(up.minus(value).lt(new Decimal(10).pow(-places))).toBe(true);
        expect(up.decimalPlaces()).toBeLessThanOrEqual(places);
      }),
    );
  });
});
