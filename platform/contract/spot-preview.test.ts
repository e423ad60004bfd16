import { describe, expect, it } from "vitest";
import { previewSpotOrder } from "./spot-preview.ts";

const order = (side: "buy" | "sell", type: "market" | "limit", price?: string) => ({
  code: "btc/usdt",
  type,
  side,
  quantity: "0.5",
  price,
});

describe("a spot order's preview", () => {
  it("a buy pays its fee in the coin it receives, a sell in USDT", () => {
    expect(previewSpotOrder(order("buy", "market"), { best: "60010", rate: "0.001" })).toEqual({
      price: "60010",
      fills_now: false,
      notional: "30005",
      fee: "0.0005",
      fee_coin: "BTC",
    });
    expect(previewSpotOrder(order("sell", "market"), { best: "59990", rate: "0.001" })).toMatchObject({
      notional: "29995",
      fee: "29.995",
      fee_coin: "USDT",
    });
  });

  it("a limit through the best trades at once at the book's price; one that does not rests at its own", () => {
    expect(previewSpotOrder(order("sell", "limit", "50000"), { best: "59990", rate: "0" })).toMatchObject({
      price: "59990",
      fills_now: true,
      fee: "0",
    });
    expect(previewSpotOrder(order("buy", "limit", "50000"), { best: "60010", rate: "0.001" })).toMatchObject({
      price: "50000",
      fills_now: false,
      notional: "25000",
    });
    // An empty side of the book: the order's own price.
    expect(previewSpotOrder(order("buy", "limit", "50000"), { best: undefined, rate: "0.001" }).price).toBe(
      "50000",
    );
  });
});
