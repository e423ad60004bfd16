import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { affordable, walkBook } from "./book-walk.ts";
import { dec } from "./decimal.ts";

// Levels in cents and 1/10,000ths of a coin: their products are exact in millionths, so an
// independent calculation in integers says what the walk must give, to the last unit.
const levelsArb = fc.array(
  fc.record({ cents: fc.integer({ min: 1, max: 10_000_000 }), lots: fc.integer({ min: 1, max: 50_000 }) }),
  { maxLength: 8 },
);
const asText = (units: number, places: number) => (units / 10 ** places).toFixed(places);
const depthOf = (levels: { cents: number; lots: number }[]) =>
  levels.map((l) => ({ price: asText(l.cents, 2), totalSize: asText(l.lots, 4), total: "0" }));
/** Millionths (cents × lots) as an 18-place decimal. */
const fromMillionths = (n: bigint) => n * 10n ** 12n;
const STEP = 10n ** 14n; // 0.0001

/** The independent walk: lot by lot would be slow; level by level in integers. */
function expected(levels: { cents: number; lots: number }[], lots: number) {
  let left = lots;
  let cost = 0n;
  for (const l of levels) {
    const take = Math.min(left, l.lots);
    cost += BigInt(take) * BigInt(l.cents);
    left -= take;
  }
  return { filled: BigInt(lots - left) * STEP, notional: fromMillionths(cost) };
}

describe("walking a public book", () => {
  it("fills at each level's price, best first, never more than the book holds", () => {
    fc.assert(
      fc.property(levelsArb, fc.integer({ min: 1, max: 500_000 }), (levels, lots) => {
        expect(walkBook(depthOf(levels), BigInt(lots) * STEP)).toEqual(expected(levels, lots));
      }),
    );
  });

  it("offers the most whole steps the funds pay for at those prices", () => {
    fc.assert(
      fc.property(levelsArb, fc.integer({ min: 0, max: 2_000_000_000 }), (levels, fundCents) => {
        const funds = dec(asText(fundCents, 2)) as bigint;
        const depth = depthOf(levels);
        const quantity = affordable(depth, funds, STEP);
        expect(quantity % STEP).toBe(0n);
        const lots = Number(quantity / STEP);
        // It pays for what it offers…
        expect(expected(levels, lots).notional).toBeLessThanOrEqual(funds);
        // …and one step more is either beyond the funds or beyond the book.
        const more = expected(levels, lots + 1);
        expect(more.notional > funds || more.filled === quantity).toBe(true);
      }),
    );
  });

  it("skips levels that are not prices or sizes", () => {
    const depth = [
      { price: "x", totalSize: "1", total: "1" },
      { price: "100", totalSize: "0", total: "1" },
      { price: "101", totalSize: "1", total: "2" },
    ];
    expect(walkBook(depth, 10n ** 18n)).toEqual({ filled: 10n ** 18n, notional: 101n * 10n ** 18n });
  });
});
