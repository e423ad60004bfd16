import DecimalJs from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmount, fundsFor } from "./money.ts";

// Exact to the last of 18 decimals of 15-digit amounts (decimal.js rounds to 20 digits by default).
const Decimal = DecimalJs.clone({ precision: 64 });

describe("amounts on screens", () => {
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
