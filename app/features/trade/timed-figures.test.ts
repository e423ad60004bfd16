import { describe, expect, it } from "vitest";
import { betFigures } from "./timed-figures.ts";

const product = {
  id: 1,
  code: "btc/usdt",
  period_seconds: 60,
  odds: "0.8",
  fee_rate: "0.01",
  min_amount: "10",
  max_amount: "10000",
};

describe("betFigures", () => {
  it("works out fee, payout, profit and loss", () => {
    expect(betFigures(product, "10")).toEqual({
      fee: "0.1",
      cost: "10.1",
      payout: "18",
      profit: "7.9",
      loss: "-10.1",
    });
  });
  it("rounds the fee up and the payout down to the cent", () => {
    const f = betFigures({ ...product, odds: "0.85" }, "10.01");
    expect(f?.fee).toBe("0.11");
    expect(f?.payout).toBe("18.51");
  });
  it("has nothing for an empty or bad amount", () => {
    expect(betFigures(product, "")).toBeUndefined();
    expect(betFigures(product, "abc")).toBeUndefined();
    expect(betFigures(product, "0")).toBeUndefined();
  });
});
