import DecimalJs from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ceilAmount, ceilTo, compare, dec, div, floorTo, isAmount, minus, mul, str } from "./decimal.ts";

// Exact to the last of 18 decimals of 15-digit amounts (decimal.js rounds to 20 digits by default).
const Decimal = DecimalJs.clone({ precision: 64 });
const d = (v: string) => dec(v) as bigint;

describe("the decimal of the pages", () => {
  it("parses and prints exact decimals, negatives and 18 places", () => {
    expect(str(d("0.1") + d("0.2"))).toBe("0.3");
    expect(str(d("-12.5"))).toBe("-12.5");
    expect(str(d("1.123456789012345678999"))).toBe("1.123456789012345678");
    expect(dec("1e5")).toBeUndefined();
    expect(dec("")).toBeUndefined();
    expect(str(mul(d("0.5"), d("60000")))).toBe("30000");
    expect(str(div(d("1"), d("3")))).toBe("0.333333333333333333");
    expect(str(div(d("-1"), d("3")))).toBe("-0.333333333333333333");
    expect(div(d("1"), 0n)).toBe(0n);
    expect(str(floorTo(d("123"), d("100000")))).toBe("0");
    expect(str(ceilTo(d("0.123"), 2))).toBe("0.13");
  });

  it("multiplies and divides as decimal.js does, truncated at 18 places", () => {
    const value = fc
      .tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 18 }))
      .map(([n, places]) => new Decimal(n.toString()).div(new Decimal(10).pow(places)).toFixed());
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(str(mul(d(a), d(b)))).toBe(
          new Decimal(a).mul(b).toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed(),
        );
        if (!new Decimal(b).isZero())
          expect(str(div(d(a), d(b)))).toBe(
            new Decimal(a).div(b).toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed(),
          );
      }),
    );
  });

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

  it("subtracts and compares exactly, as decimal.js does", () => {
    expect(minus("100", "1")).toBe("99");
    expect(minus("0.1", "0.3")).toBe("-0.2");
    expect(minus("0.0005", "0.0005")).toBe("0");
    expect(minus("1", "x")).toBeUndefined();
    expect(() => compare("1", "x")).toThrow(TypeError);
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

  it("rounds an amount up: never less than the amount, and at most one unit more", () => {
    expect(ceilAmount("95.65038255", 2)).toBe("95.66");
    expect(ceilAmount("95.65", 2)).toBe("95.65");
    expect(ceilAmount("0.000000001", 8)).toBe("0.00000001");
    expect(ceilAmount("n/a", 2)).toBe("n/a");
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
