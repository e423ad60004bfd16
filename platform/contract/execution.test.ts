import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { takerPrice } from "./execution.ts";

const price = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Decimal(n).div(100));

describe("takerPrice", () => {
  it("trades a market order at the book's best price", () => {
    expect(takerPrice("buy", new Decimal(95005))?.toFixed()).toBe("95005");
  });

  it("never trades a limit at a price worse than its limit, nor at its limit when the book is better", () => {
    fc.assert(
      fc.property(fc.constantFrom("buy" as const, "sell" as const), price, price, (side, best, limit) => {
        const fill = takerPrice(side, best, limit);
        const crosses = side === "buy" ? best.lte(limit) : best.gte(limit);
        if (!crosses) return fill === undefined;
        // Marketable: exactly the book's price, which is at least as good as the limit.
        return fill?.eq(best) === true && (side === "buy" ? fill.lte(limit) : fill.gte(limit));
      }),
    );
  });

  it("sells at the bid when the limit is far below it (the reported defect)", () => {
    expect(takerPrice("sell", new Decimal(94995), new Decimal(50000))?.toFixed()).toBe("94995");
    expect(takerPrice("sell", new Decimal(94995), new Decimal(99000))).toBeUndefined();
  });
});
