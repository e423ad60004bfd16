import { describe, expect, it } from "vitest";
import { pricePrecision, truncateDecimal } from "./precision.ts";

describe("the precision table (spec §5)", () => {
  it.each([
    ["btc", 2],
    ["eth", 2],
    ["bch", 2],
    ["ltc", 2],
    ["dash", 2],
    ["etc", 4],
    ["eos", 4],
    ["bsv", 4],
    ["ht", 4],
    ["dot", 4],
    ["sol", 4],
    ["atom", 4],
    ["xrp", 5],
    ["ada", 6],
    ["trx", 6],
    ["xlm", 6],
    ["pepe", 10],
    ["doge", 4],
    ["BTC/USDT", 2],
    ["pepe/usdt", 10],
  ])("%s shows %i decimals", (code, decimals) => {
    expect(pricePrecision(code)).toBe(decimals);
  });

  it("truncates, never rounds", () => {
    expect(truncateDecimal("95123.459", 2)).toBe("95123.45");
    expect(truncateDecimal("0.99999", 2)).toBe("0.99");
    expect(truncateDecimal("2.1", 5)).toBe("2.10000");
    expect(truncateDecimal("0.000012345678901", 10)).toBe("0.0000123456");
    expect(truncateDecimal("-1.239", 2)).toBe("-1.23");
    expect(truncateDecimal("-0.001", 2)).toBe("0.00");
    expect(truncateDecimal("7", 0)).toBe("7");
    expect(truncateDecimal("007.5", 1)).toBe("7.5");
    expect(truncateDecimal(1e-7, 10)).toBe("0.0000001000");
    expect(truncateDecimal("1.5e3", 2)).toBe("1500.00");
    expect(truncateDecimal("abc", 2)).toBe("-");
  });
});
