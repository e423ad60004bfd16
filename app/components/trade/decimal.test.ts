import { describe, expect, it } from "vitest";
import { dec, str } from "../../../platform/contract/decimal.ts";
import { liquidationPrice, maxContractQuantity, orderCost, pnl, roe, share } from "./decimal.ts";
import { orderFigures } from "./order-form.tsx";
import { readState, tradeHref } from "./state.ts";

const d = (v: string) => dec(v) as bigint;

describe("the trade screen's live arithmetic", () => {
  it("works out PnL and ROE as the platform does (math.test.ts examples)", () => {
    // Short 2 ETH from 3,000 at 10x: the mark at 2,900 is +200 on a margin of 600, 33.33 %.
    const profit = pnl("sell", d("3000"), d("2900"), d("2"));
    expect(str(profit)).toBe("200");
    expect(str(roe(profit, d("600")))).toBe("33.333333333333333333");
    expect(str(pnl("buy", d("60000"), d("59000.5"), d("0.5")))).toBe("-499.75");
  });

  it("works out margin, fee and the liquidation price of an order", () => {
    const cost = orderCost(d("0.5"), d("60000"), 20, d("0.0005"));
    expect([str(cost.notional), str(cost.margin), str(cost.fee)]).toEqual(["30000", "1500", "15"]);
    // Long 0.5 at 60,000, 20x, maintenance 0.5 %: (30,000 − 1,500) / (0.5 × 0.995) = 57,286.43…
    expect(str(liquidationPrice("buy", d("60000"), d("0.5"), d("1500"), d("0.005"))).slice(0, 8)).toBe(
      "57286.43",
    );
    // Short: (30,000 + 1,500) / (0.5 × 1.005) = 62,686.56…
    expect(str(liquidationPrice("sell", d("60000"), d("0.5"), d("1500"), d("0.005"))).slice(0, 8)).toBe(
      "62686.56",
    );
  });

  it("finds the most a balance opens, fee included, in whole steps, and shares of it", () => {
    // 1,000 USDT at 10x on 60,000 with a 0.05 % fee: 10,000 / (60,000 × 1.005) = 0.16583… → 0.1658.
    const max = maxContractQuantity(d("1000"), d("60000"), 10, d("0.0005"), d("0.0001"));
    expect(str(max)).toBe("0.1658");
    const { margin, fee } = orderCost(max, d("60000"), 10, d("0.0005"));
    expect(margin + fee <= d("1000")).toBe(true);
    expect(str(share(max, 50, d("0.0001")))).toBe("0.0829");
    expect(str(share(max, 25, d("0.0001")))).toBe("0.0414");
    expect(maxContractQuantity(d("1000"), 0n, 10, 0n, d("1"))).toBe(0n);
  });

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
    expect(contract.cost && [str(contract.cost.margin), str(contract.cost.fee)]).toEqual(["600", "3"]);
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
      expect(odd.cost && str(odd.cost.margin), leverage).toBe("6000");
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
