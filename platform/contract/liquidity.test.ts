import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { limitsOf, liquidityLevels, onTheGrid } from "./liquidity.ts";

const units = { tick: new Decimal("0.01"), lot: new Decimal("0.001") };

describe("the liquidity's quotes", () => {
  it("moves each price by the spread away from the middle and caps each size", () => {
    const depth = {
      asks: [{ price: "100.00", totalSize: "5" }],
      bids: [{ price: "99.00", totalSize: "0.2" }],
    };
    expect(liquidityLevels(depth, limitsOf({ liquiditySpread: "0.01", liquidityMaxSize: "1" }))).toEqual({
      asks: [["101", "1"]],
      bids: [["98.01", "0.2"]],
    });
    expect(liquidityLevels(depth, limitsOf({}))).toEqual({ asks: [["100", "5"]], bids: [["99", "0.2"]] });
  });

  it("puts them on the grid away from the customer, in whole lots, summed where two land on one tick", () => {
    // 100.001 and 100.009 both round up to the ask 100.01; 99.999 and 99.991 down to the bid 99.99.
    expect(
      onTheGrid(
        [
          ["100.009", "1"],
          ["100.001", "0.0015"],
          ["100.02", "0.0009"],
        ],
        "sell",
        units,
      ),
    ).toEqual([[10001, 1001]]);
    expect(
      onTheGrid(
        [
          ["99.991", "2"],
          ["99.999", "1"],
          ["99.5", "1"],
        ],
        "buy",
        units,
      ),
    ).toEqual([
      [9999, 3000],
      [9950, 1000],
    ]);
  });
});
