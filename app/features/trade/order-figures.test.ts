import { describe, expect, it } from "vitest";
import { str } from "../../../platform/contract/decimal.ts";
import { orderFigures } from "./order-figures.ts";
import { readState, tradeHref } from "./state.ts";

describe("the order form's figures", () => {
  it("gives the order form's figures for contracts and spot", () => {
    const info = {
      code: "btc/usdt",
      max_leverage: 100,
      maintenance_rate: "0.005",
      maker_fee: "0.0002",
      taker_fee: "0.0005",
      spot_fee: "0.001",
      min_quantity: "0.0001",
      quantity_step: "0.0001",
      funding_rate: "0.0001",
      next_funding_time: "2026-01-01T08:00:00.000Z",
      expiries: { weekly: "", quarterly: "" },
    };
    const ticker = {
      code: "btc/usdt",
      price: "60000",
      cnyPrice: "0",
      change: "0",
      high: "0",
      low: "0",
      volume: "0",
      time: 0,
    };
    const depth = {
      code: "btc/usdt",
      time: 0,
      asks: [{ price: "60010", totalSize: "1", total: "1" }],
      bids: [{ price: "59990", totalSize: "1", total: "1" }],
    };
    const values = { price: "", quantity: "0.1", leverage: "10", take_profit: "", stop_loss: "" };
    const contract = orderFigures({
      state: readState(new URLSearchParams("code=btc/usdt")),
      info,
      values,
      balances: { usdt: "1000", base: "0" },
      ticker,
      depth,
    });
    // A market order fills on the contract's own book (`depth` is it): costed at its best ask,
    // what a long pays (0.1 × 60,010 / 10 = 600.1, the taker fee 0.05 % of 6,001).
    expect(contract.cost && [str(contract.cost.margin), str(contract.cost.fee)]).toEqual(["600.1", "3.0005"]);
    expect(contract.price !== undefined && str(contract.price)).toBe("60010");
    // With no book yet, the last price.
    const unbooked = orderFigures({
      state: readState(new URLSearchParams("code=btc/usdt")),
      info,
      values,
      balances: { usdt: "1000", base: "0" },
      ticker,
      depth: undefined,
    });
    expect(unbooked.cost && [str(unbooked.cost.margin), str(unbooked.cost.fee)]).toEqual(["600", "3"]);
    const spot = orderFigures({
      state: readState(new URLSearchParams("code=btc/usdt&mode=spot")),
      info,
      values,
      balances: { usdt: "1000", base: "0" },
      ticker,
      depth,
    });
    // Buying fills at the best ask; the fee comes off the BTC received.
    expect(spot.cost && [str(spot.cost.notional), str(spot.cost.fee)]).toEqual(["6001", "0.0001"]);
    expect(spot.max !== undefined && str(spot.max)).toBe("0.0166");
    // A leverage typed as no whole number is 1 (found by the form fuzz: ".5" threw in BigInt).
    for (const leverage of [".5", "1.5", "Infinity", "-2", "1e400", "x"]) {
      const odd = orderFigures({
        state: readState(new URLSearchParams("code=btc/usdt")),
        info,
        values: { ...values, leverage },
        balances: { usdt: "1000", base: "0" },
        ticker,
        depth,
      });
      expect(odd.cost && str(odd.cost.margin), leverage).toBe("6001");
    }
  });
});

describe("the trade screen's state in its URL", () => {
  it("reads known values and falls back on anything else", () => {
    expect(readState(new URLSearchParams("mode=x&type=y&tab=z&leverage=-3"))).toEqual({
      code: "btc/usdt",
      mode: "contract",
      contractType: "perpetual",
      type: "market",
      side: "buy",
      tab: "positions",
      leverage: undefined,
    });
    // Spot has no positions tab.
    expect(readState(new URLSearchParams("mode=spot&tab=positions")).tab).toBe("orders");
  });

  it("writes only what differs from the defaults", () => {
    const state = readState(new URLSearchParams("code=ETH/USDT&type=limit&leverage=20"));
    expect(tradeHref(state)).toBe("/tradeing?code=eth%2Fusdt&mode=contract&type=limit&leverage=20");
    expect(tradeHref(state, { mode: "spot", tab: "orders" })).toBe(
      "/tradeing?code=eth%2Fusdt&mode=spot&type=limit",
    );
    expect(tradeHref(state, {}, { prompt: "login" })).toContain("&prompt=login");
  });
});
