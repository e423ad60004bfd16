import { describe, expect, it } from "vitest";
import { str } from "../../../platform/contract/decimal.ts";
import { orderFigures } from "./order-figures.ts";
import { readState, tradeHref } from "./state.ts";

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
describe("the order form's figures", () => {
  it("gives the order form's figures for contracts and spot", () => {
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

describe("a market order on a thin book", () => {
  // Three levels: the best ask has 0.1, the next 0.1, then 1 at a much higher price.
  const depth = {
    code: "btc/usdt",
    time: 0,
    asks: [
      { price: "60010", totalSize: "0.1", total: "0.1" },
      { price: "60020", totalSize: "0.1", total: "0.2" },
      { price: "60050", totalSize: "1", total: "1.2" },
    ],
    bids: [
      { price: "59990", totalSize: "0.1", total: "0.1" },
      { price: "59900", totalSize: "1", total: "1.1" },
    ],
  };
  const figures = (query: string, quantity: string, usdt = "20000") =>
    orderFigures({
      state: readState(new URLSearchParams(query)),
      info,
      values: { price: "", quantity, leverage: "10", take_profit: "", stop_loss: "" },
      balances: { usdt, base: "1" },
      ticker,
      depth,
    });

  it("is costed over the levels it takes, not at the best price for all of it", () => {
    // 0.1 × 60,010 + 0.1 × 60,020 + 0.1 × 60,050 = 18,008 (the best price alone said 18,003).
    const buy = figures("code=btc/usdt&mode=spot", "0.3");
    expect(buy.cost && str(buy.cost.notional)).toBe("18008");
    expect(buy.price && str(buy.price)).toBe("60026.666666666666666667");
    // A sell takes the bids: 0.1 × 59,990 + 0.2 × 59,900; its fee is in USDT on that.
    const sell = figures("code=btc/usdt&mode=spot&side=sell", "0.3");
    expect(sell.cost && [str(sell.cost.notional), str(sell.cost.fee)]).toEqual(["17979", "17.979"]);
    // Nothing typed yet: the best price.
    expect(str(figures("code=btc/usdt&mode=spot", "").price ?? 0n)).toBe("60010");
    // A long at market is costed over the asks too: margin at 10x of 18,008.
    const long = figures("code=btc/usdt", "0.3");
    expect(long.cost && str(long.cost.margin)).toBe("1800.8");
  });

  it("offers at most what the funds buy at those levels", () => {
    // 6,001 + 6,002 for the first two levels, then 7,997 buys 0.1331 at 60,050: 0.3331. At the
    // best price alone it said 0.3332, which would cost 20,003.32.
    const buy = figures("code=btc/usdt&mode=spot", "", "20000");
    expect(buy.max !== undefined && str(buy.max)).toBe("0.3331");
    // A long at 10x with 2,000: a notional of at most 20,000 / 1.005 = 19,900.49…, which the
    // asks fill with 0.3315 (19,899.575); the best price alone said 0.3316 (19,905.58).
    for (const quantity of ["", "0.05", "1"]) {
      const long = figures("code=btc/usdt", quantity, "2000");
      expect(long.max !== undefined && str(long.max), quantity).toBe("0.3315");
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
