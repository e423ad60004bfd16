import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fee,
  funding,
  fundingRate,
  liquidationPrice,
  margin,
  nextExpiry,
  nextFundingTime,
  pnl,
  roe,
  settlement,
  shouldLiquidate,
} from "./math.ts";

const s = (d: Decimal) => d.toFixed();

describe("contract arithmetic, on hand-worked examples", () => {
  it("margin is notional / leverage, fees are notional × rate", () => {
    // 0.5 BTC at 60,000 = 30,000 notional; at 20x that is 1,500 margin; taker 0.05 % = 15.
    expect(s(margin("0.5", "60000", 20))).toBe("1500");
    expect(s(fee("0.5", "60000", "0.0005"))).toBe("15");
    expect(s(fee("0.5", "60000", "0.0002"))).toBe("6");
    // PEPE: 10,000,000 at 0.0000112345 = 112.345 notional; at 50x = 2.2469.
    expect(s(margin("10000000", "0.0000112345", 50))).toBe("2.2469");
  });

  it("PnL and ROE for longs and shorts", () => {
    expect(s(pnl("buy", "60000", "61200", "0.5"))).toBe("600");
    expect(s(pnl("sell", "60000", "61200", "0.5"))).toBe("-600");
    expect(s(pnl("sell", "3000.50", "2950.25", "2"))).toBe("100.5");
    expect(s(roe("600", "1500"))).toBe("40");
    expect(s(roe("-150", "1500"))).toBe("-10");
  });

  it("liquidation price: where equity meets the maintenance margin", () => {
    // Long 1 BTC at 60,000, 10x (margin 6,000), mmr 0.5 %: (60,000 − 6,000) / (1 × 0.995) = 54,271.356…
    const long = liquidationPrice("buy", "60000", "1", "6000", "0.005");
    expect(long.toFixed(2)).toBe("54271.36");
    // Check it: equity at that price = 6,000 − 5,728.64… = 271.36 = 0.5 % × 54,271.36.
    const equity = new Decimal(6000).plus(pnl("buy", "60000", long, "1"));
    expect(equity.minus(long.mul("0.005")).abs().lt("1e-10")).toBe(true);
    // Short 2 ETH at 3,000, 20x (margin 300), mmr 1 %: (6,000 + 300) / (2 × 1.01) = 3,118.8118…
    expect(liquidationPrice("sell", "3000", "2", "300", "0.01").toFixed(3)).toBe("3118.812");
    // 1x long can never be liquidated above zero.
    expect(s(liquidationPrice("buy", "100", "1", "100", "0.01"))).toBe("0");
  });

  it("says when to liquidate", () => {
    expect(shouldLiquidate("buy", "60000", "54300", "1", "6000", "0.005")).toBe(false);
    expect(shouldLiquidate("buy", "60000", "54271", "1", "6000", "0.005")).toBe(true);
    expect(shouldLiquidate("sell", "3000", "3118", "2", "300", "0.01")).toBe(false);
    expect(shouldLiquidate("sell", "3000", "3119", "2", "300", "0.01")).toBe(true);
  });

  it("settles a close out of the margin: losses stop at the margin, the fee at what is left", () => {
    expect(settlement("1500", "600", "15.3")).toEqual({
      realized: new Decimal(600),
      fee: new Decimal("15.3"),
      payout: new Decimal("2084.7"),
    });
    expect(s(settlement("1500", "-200", "15").payout)).toBe("1285");
    // A loss beyond the margin (a gap through the liquidation price): the customer loses the margin only.
    const gap = settlement("300", "-420", "6");
    expect([s(gap.realized), s(gap.fee), s(gap.payout)]).toEqual(["-300", "0", "0"]);
    const thin = settlement("300", "-297", "6");
    expect([s(thin.fee), s(thin.payout)]).toEqual(["3", "0"]);
  });

  it("funding: longs pay shorts when positive; the rate leans with open interest", () => {
    expect(s(funding("buy", "60000", "0.5", "0.0001"))).toBe("3");
    expect(s(funding("sell", "60000", "0.5", "0.0001"))).toBe("-3");
    expect(s(fundingRate("0", "0"))).toBe("0.0001");
    expect(s(fundingRate("1000", "0"))).toBe("0.0006");
    expect(s(fundingRate("0", "1000"))).toBe("-0.0004");
    expect(s(fundingRate("750", "250"))).toBe("0.00035");
  });

  it("funding every 8 h; weekly and quarterly expiries on Fridays at 08:00 UTC", () => {
    const at = (iso: string) => Date.parse(iso);
    expect(new Date(nextFundingTime(at("2026-11-21T07:59:59Z"))).toISOString()).toBe(
      "2026-11-21T08:00:00.000Z",
    );
    expect(new Date(nextFundingTime(at("2026-11-21T08:00:00Z"))).toISOString()).toBe(
      "2026-11-21T16:00:00.000Z",
    );
    expect(new Date(nextExpiry("weekly", at("2026-11-21T10:00:00Z"))).toISOString()).toBe(
      "2026-11-27T08:00:00.000Z",
    );
    expect(new Date(nextExpiry("weekly", at("2026-11-27T07:00:00Z"))).toISOString()).toBe(
      "2026-11-27T08:00:00.000Z",
    );
    expect(new Date(nextExpiry("weekly", at("2026-11-27T08:00:00Z"))).toISOString()).toBe(
      "2026-12-04T08:00:00.000Z",
    );
    expect(new Date(nextExpiry("quarterly", at("2026-11-21T10:00:00Z"))).toISOString()).toBe(
      "2026-12-25T08:00:00.000Z",
    );
    expect(new Date(nextExpiry("quarterly", at("2026-12-26T00:00:00Z"))).toISOString()).toBe(
      "2027-03-26T08:00:00.000Z",
    );
  });
});

describe("rounding at every precision (0 to 8 decimals), on hand-worked values", () => {
  const up = (d: Decimal, dp: number) => d.toFixed(dp, Decimal.ROUND_UP);
  const down = (d: Decimal, dp: number) => d.toFixed(dp, Decimal.ROUND_DOWN);
  // margin 1 × 10 / 3 = 3.3333…; fee 0.123 × 45,678.9 × 0.05 % = 2.80925235; a short's PnL
  // (3,000.5 − 2,950.25) × 0.003 = 0.15075.
  const table: [number, string, string, string, string, string][] = [
    // dp, margin up,   margin down,  fee up,        fee down,      pnl down
    [0, "4", "3", "3", "2", "0"],
    [1, "3.4", "3.3", "2.9", "2.8", "0.1"],
    [2, "3.34", "3.33", "2.81", "2.80", "0.15"],
    [3, "3.334", "3.333", "2.810", "2.809", "0.150"],
    [4, "3.3334", "3.3333", "2.8093", "2.8092", "0.1507"],
    [5, "3.33334", "3.33333", "2.80926", "2.80925", "0.15075"],
    [6, "3.333334", "3.333333", "2.809253", "2.809252", "0.150750"],
    [7, "3.3333334", "3.3333333", "2.8092524", "2.8092523", "0.1507500"],
    [8, "3.33333334", "3.33333333", "2.80925235", "2.80925235", "0.15075000"],
  ];
  it.each(table)("at %i decimals", (dp, marginUp, marginDown, feeUp, feeDown, pnlDown) => {
    const m = margin("1", "10", 3);
    const f = fee("0.123", "45678.9", "0.0005");
    expect([up(m, dp), down(m, dp)]).toEqual([marginUp, marginDown]);
    expect([up(f, dp), down(f, dp)]).toEqual([feeUp, feeDown]);
    expect(down(pnl("sell", "3000.5", "2950.25", "0.003"), dp)).toBe(pnlDown);
    // Margin is rounded up when it is taken: never less than notional / leverage.
    expect(new Decimal(marginUp).mul(3).gte(10)).toBe(true);
    // A position closed in thirds, each share of its margin rounded down and the last taking the
    // rest (as closePosition does): the shares add up to the margin exactly and none is negative.
    const total = new Decimal(marginUp);
    const first = total.div(3).toDecimalPlaces(dp, Decimal.ROUND_DOWN);
    const second = total.minus(first).div(2).toDecimalPlaces(dp, Decimal.ROUND_DOWN);
    const last = total.minus(first).minus(second);
    expect(first.plus(second).plus(last).eq(total)).toBe(true);
    expect(last.gte(first) && first.gte(0)).toBe(true);
    // A loss larger than the share stops at it, at any precision.
    const s = settlement(first, new Decimal(first).neg().minus("0.5"), feeUp);
    expect([s.realized.eq(first.neg()), s.payout.toFixed()]).toEqual([true, "0"]);
  });
});

describe("the shared formulas give the platform's figures to the last digit", () => {
  // The contract's formulas (platform/contract/trading-math.ts) in decimal.js, against the
  // expressions this module computed before it shared them, at decimal.js's 20 digits.
  const decimal = (max: bigint, places: number) =>
    fc
      .tuple(fc.bigInt({ min: 0n, max }), fc.integer({ min: 0, max: places }))
      .map(([n, p]) => new Decimal(n.toString()).div(new Decimal(10).pow(p)).toFixed());
  const amount = decimal(10n ** 16n, 10);
  const side = fc.constantFrom<"buy" | "sell">("buy", "sell");

  it("margin, fee, PnL and ROE", () => {
    fc.assert(
      fc.property(side, amount, amount, amount, fc.integer({ min: 1, max: 1000 }), (s, q, p, entry, lev) => {
        expect(margin(q, p, lev).eq(new Decimal(q).mul(p).div(lev))).toBe(true);
        expect(fee(q, p, "0.0005").eq(new Decimal(q).mul(p).mul("0.0005"))).toBe(true);
        const profit = pnl(s, entry, p, q);
        const diff = new Decimal(p).minus(entry).mul(q);
        expect(profit.eq(s === "buy" ? diff : diff.neg())).toBe(true);
        const m = margin(q, entry, lev);
        const before = m.isZero() ? new Decimal(0) : profit.div(m).mul(100);
        expect(roe(profit, m).eq(before)).toBe(true);
      }),
    );
  });

  it("the liquidation price", () => {
    fc.assert(
      fc.property(side, amount, amount, amount, decimal(5000n, 4), (s, entry, q, m, mmr) => {
        fc.pre(!new Decimal(q).isZero());
        const held = new Decimal(entry).mul(q);
        const before =
          s === "buy"
            ? Decimal.max(held.minus(m).div(new Decimal(q).mul(new Decimal(1).minus(mmr))), 0)
            : held.plus(m).div(new Decimal(q).mul(new Decimal(1).plus(mmr)));
        expect(liquidationPrice(s, entry, q, m, mmr).eq(before)).toBe(true);
      }),
    );
  });
});
