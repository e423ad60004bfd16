import { describe, expect, it } from "vitest";
import { spotOrderFigures } from "./spot-preview.ts";

const order = (side: "buy" | "sell") => ({ code: "btc/usdt", side, quantity: "0.5" });

describe("a spot order's figures", () => {
  it("a buy pays its fee in the coin it receives, a sell in USDT", () => {
    expect(spotOrderFigures(order("buy"), { price: "60010", fills_now: false }, "0.001")).toEqual({
      price: "60010",
      fills_now: false,
      notional: "30005",
      fee: "0.0005",
      fee_coin: "BTC",
    });
    expect(spotOrderFigures(order("sell"), { price: "59990", fills_now: true }, "0.001")).toEqual({
      price: "59990",
      fills_now: true,
      notional: "29995",
      fee: "29.995",
      fee_coin: "USDT",
    });
  });

  it("values an average price exactly", () => {
    expect(
      spotOrderFigures(order("buy"), { price: "60070.012857142857", fills_now: false }, "0"),
    ).toMatchObject({ notional: "30035.0064285714285", fee: "0" });
  });
});
