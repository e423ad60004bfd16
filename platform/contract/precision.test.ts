import { describe, expect, it } from "vitest";
import { pricePrecision } from "./precision.ts";

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
});
