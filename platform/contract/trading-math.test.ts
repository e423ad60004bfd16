import DecimalJs from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dec, str } from "./decimal.ts";
import {
  bandPercent,
  DEFAULT_PRICE_BAND,
  maxContractQuantity,
  orderCost,
  previews,
  protectedLimit,
  type Side,
  share,
} from "./trading-math.ts";

const d = (v: string) => dec(v) as bigint;

describe("the trade screen's previews, on hand-worked examples", () => {
  it("works out PnL and ROE as the platform does (math.test.ts examples)", () => {
    // Short 2 ETH from 3,000 at 10x: the mark at 2,900 is +200 on a margin of 600, 33.33 %.
    const profit = previews.pnl("sell", d("3000"), d("2900"), d("2"));
    expect(str(profit)).toBe("200");
    expect(str(previews.roe(profit, d("600")))).toBe("33.333333333333333333");
    expect(str(previews.pnl("buy", d("60000"), d("59000.5"), d("0.5")))).toBe("-499.75");
  });

  it("works out margin, fee and the liquidation price of an order", () => {
    const cost = orderCost(d("0.5"), d("60000"), 20, d("0.0005"));
    expect([str(cost.notional), str(cost.margin), str(cost.fee)]).toEqual(["30000", "1500", "15"]);
    // Long 0.5 at 60,000, 20x, maintenance 0.5 %: (30,000 − 1,500) / (0.5 × 0.995) = 57,286.43…
    expect(
      str(previews.liquidationPrice("buy", d("60000"), d("0.5"), d("1500"), d("0.005"))).slice(0, 8),
    ).toBe("57286.43");
    // Short: (30,000 + 1,500) / (0.5 × 1.005) = 62,686.56…
    expect(
      str(previews.liquidationPrice("sell", d("60000"), d("0.5"), d("1500"), d("0.005"))).slice(0, 8),
    ).toBe("62686.56");
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

  it("settles, liquidates and funds as the platform does (math.test.ts examples)", () => {
    expect(previews.shouldLiquidate("buy", d("60000"), d("54300"), d("1"), d("6000"), d("0.005"))).toBe(
      false,
    );
    expect(previews.shouldLiquidate("buy", d("60000"), d("54271"), d("1"), d("6000"), d("0.005"))).toBe(true);
    const gap = previews.settlement(d("300"), d("-420"), d("6"));
    expect([str(gap.realized), str(gap.fee), str(gap.payout)]).toEqual(["-300", "0", "0"]);
    expect(str(previews.funding("sell", d("60000"), d("0.5"), d("0.0001")))).toBe("-3");
    // A spot buy pays its fee in the coin it receives, a sell in USDT.
    expect(str(previews.spotFee("buy", d("0.1"), d("60010"), d("0.001")))).toBe("0.0001");
    expect(str(previews.spotFee("sell", d("0.1"), d("60010"), d("0.001")))).toBe("6.001");
    // No quantity: no liquidation price (a quotient by zero is zero in the pages' decimal).
    expect(previews.liquidationPrice("sell", d("60000"), 0n, d("1500"), d("0.005"))).toBe(0n);
  });
});

// The same figures worked out independently in decimal.js, each product and quotient cut to 18
// decimals toward zero as the pages' decimal does, must match to the last digit.
const Decimal = DecimalJs.clone({ precision: 80 });
type D = InstanceType<typeof Decimal>;
const T = (v: D) => v.toDecimalPlaces(18, Decimal.ROUND_DOWN);
const X = (v: string | number) => new Decimal(v);
const decimal = (max: bigint, places: number) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max }), fc.integer({ min: 0, max: places }))
    .map(([n, p]) => new Decimal(n.toString()).div(new Decimal(10).pow(p)).toFixed());
const quantity = decimal(10n ** 12n, 8);
const price = decimal(10n ** 14n, 10);
const rate = decimal(10n ** 4n, 6);
const leverage = fc.integer({ min: 1, max: 125 });
const side = fc.constantFrom<Side>("buy", "sell");

describe("the previews agree with decimal.js", () => {
  it("PnL and ROE", () => {
    fc.assert(
      fc.property(side, price, price, quantity, price, (s, entry, mark, q, margin) => {
        const diff = T(X(mark).minus(entry).mul(q));
        const expected = s === "buy" ? diff : diff.neg();
        const profit = previews.pnl(s, d(entry), d(mark), d(q));
        expect(str(profit)).toBe(expected.toFixed());
        const roe = X(margin).isZero() ? X("0") : T(T(expected.mul(100)).div(margin));
        expect(str(previews.roe(profit, d(margin)))).toBe(roe.toFixed());
      }),
    );
  });

  it("an order's notional, margin and fee; a spot order's fee", () => {
    fc.assert(
      fc.property(side, quantity, price, leverage, rate, (s, q, p, lev, r) => {
        const notional = T(X(q).mul(p));
        const cost = orderCost(d(q), d(p), lev, d(r));
        expect([str(cost.notional), str(cost.margin), str(cost.fee)]).toEqual([
          notional.toFixed(),
          T(notional.div(lev)).toFixed(),
          T(notional.mul(r)).toFixed(),
        ]);
        const spot = s === "buy" ? T(X(q).mul(r)) : T(notional.mul(r));
        expect(str(previews.spotFee(s, d(q), d(p), d(r)))).toBe(spot.toFixed());
      }),
    );
  });

  it("the liquidation price", () => {
    const mmr = decimal(5000n, 4);
    fc.assert(
      fc.property(side, price, quantity, price, mmr, (s, entry, q, margin, m) => {
        const held = T(X(entry).mul(q));
        const per = T(X(q).mul(s === "buy" ? X(1).minus(m) : X(1).plus(m)));
        const top = s === "buy" ? held.minus(margin) : held.plus(margin);
        const raw = per.isZero() ? X(0) : T(top.div(per));
        const expected = s === "buy" ? DecimalJs.max(raw, 0) : raw;
        expect(str(previews.liquidationPrice(s, d(entry), d(q), d(margin), d(m)))).toBe(
          new Decimal(expected).toFixed(),
        );
      }),
    );
  });

  it("the most a balance opens, and shares of it", () => {
    const step = fc.constantFrom("1", "0.1", "0.001", "0.0001", "0.00000001");
    fc.assert(
      fc.property(
        price,
        price,
        leverage,
        rate,
        step,
        fc.integer({ min: 0, max: 100 }),
        (a, p, lev, r, st, pct) => {
          const max = maxContractQuantity(d(a), d(p), lev, d(r), d(st));
          const perUnit = T(X(p).mul(X(1).plus(T(X(r).mul(lev)))));
          const most = perUnit.isZero() || X(p).isZero() ? X(0) : T(T(X(a).mul(lev)).div(perUnit));
          const whole = most.div(st).floor().mul(st);
          expect(str(max)).toBe(whole.toFixed());
          expect(str(share(max, pct, d(st)))).toBe(
            T(whole.mul(pct).div(100)).div(st).floor().mul(st).toFixed(),
          );
        },
      ),
    );
  });
});

describe("market price protection: the protected limit around the mark", () => {
  it("stops a buy at 5 % above the mark and a sell at 5 % below, on the grid inside the band", () => {
    expect(str(protectedLimit("buy", d("95000"), d("0.05"), d("0.01")))).toBe("99750");
    expect(str(protectedLimit("sell", d("95000"), d("0.05"), d("0.01")))).toBe("90250");
    // 123.457 × 1.05 = 129.62985 → down to 129.62; × 0.95 = 117.28415 → up to 117.29.
    expect(str(protectedLimit("buy", d("123.457"), d("0.05"), d("0.01")))).toBe("129.62");
    expect(str(protectedLimit("sell", d("123.457"), d("0.05"), d("0.01")))).toBe("117.29");
    expect(bandPercent(d(DEFAULT_PRICE_BAND))).toBe("5");
    expect(bandPercent(d("0.025"))).toBe("2.5");
  });

  // Prices and ticks as integers of 10^-k, so the independent check is exact BigInt arithmetic.
  const arbitraries = {
    side: fc.constantFrom<Side>("buy", "sell"),
    markUnits: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    places: fc.integer({ min: 0, max: 8 }),
    tickUnits: fc.constantFrom(1n, 2n, 5n, 10n, 25n, 100n),
    bandBps: fc.integer({ min: 0, max: 9_999 }),
  };
  const of = (units: bigint, places: number) =>
    d(new DecimalJs(units.toString()).div(10 ** places).toFixed());

  it("is never beyond the band, on the tick grid, and the grid's nearest such price", () => {
    fc.assert(
      fc.property(
        arbitraries.side,
        arbitraries.markUnits,
        arbitraries.places,
        arbitraries.tickUnits,
        arbitraries.bandBps,
        (side, markUnits, places, tickUnits, bandBps) => {
          const mark = of(markUnits, places);
          const tick = of(tickUnits, places);
          const band = d(new DecimalJs(bandBps).div(10_000).toFixed());
          const limit = protectedLimit(side, mark, band, tick);
          expect(limit % tick).toBe(0n);
          // Independently, in basis points: mark × (10,000 ± bps) against limit × 10,000.
          const bound = markUnits * BigInt(10_000 + (side === "buy" ? bandBps : -bandBps));
          const limitUnits = (limit * 10n ** BigInt(places)) / 10n ** 18n;
          if (side === "buy") {
            expect(limitUnits * 10_000n <= bound).toBe(true);
            expect((limitUnits + tickUnits) * 10_000n > bound).toBe(true);
          } else {
            expect(limitUnits * 10_000n >= bound).toBe(true);
            expect((limitUnits - tickUnits) * 10_000n < bound).toBe(true);
          }
        },
      ),
    );
  });

  it("moves with the mark and widens with the band (monotone)", () => {
    fc.assert(
      fc.property(
        arbitraries.side,
        arbitraries.markUnits,
        arbitraries.markUnits,
        arbitraries.bandBps,
        arbitraries.bandBps,
        arbitraries.tickUnits,
        (side, m1, m2, b1, b2, tickUnits) => {
          const tick = of(tickUnits, 2);
          const bp = (b: number) => d(new DecimalJs(b).div(10_000).toFixed());
          const [lo, hi] = m1 <= m2 ? [m1, m2] : [m2, m1];
          const at = (m: bigint, b: number) => protectedLimit(side, of(m, 2), bp(b), tick);
          expect(at(lo, b1) <= at(hi, b1)).toBe(true);
          const [narrow, wide] = b1 <= b2 ? [b1, b2] : [b2, b1];
          if (side === "buy") expect(at(lo, narrow) <= at(lo, wide)).toBe(true);
          else expect(at(lo, narrow) >= at(lo, wide)).toBe(true);
        },
      ),
    );
  });

  it("refuses what has no meaning (no tick, a band of 100 % or more)", () => {
    expect(() => protectedLimit("buy", d("1"), d("0.05"), 0n)).toThrow(RangeError);
    expect(() => protectedLimit("sell", d("1"), d("1"), d("0.01"))).toThrow(RangeError);
  });
});
