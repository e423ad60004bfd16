/**
 * The arithmetic of USDT-margined, isolated-margin contracts and of spot fees, written once for
 * the two number types that use it: the platform's decimal.js (platform/trading/math.ts, whose
 * figures count) and the pages' decimal (./decimal.ts, for the previews that move between two
 * server answers). Each keeps its own rounding: decimal.js 20 significant digits, the pages'
 * decimal 18 places truncated; the formulas, and so the order of the operations, are these.
 */
import { type Dec, div, floorTo, int, mul, str } from "./decimal.ts";

export type Side = "buy" | "sell";

/** What the formulas need of a number type; `from` reads what callers pass (strings too). */
export type Arithmetic<N, In> = {
  from(value: In): N;
  whole(n: number): N;
  plus(a: N, b: N): N;
  minus(a: N, b: N): N;
  times(a: N, b: N): N;
  /** A quotient; by zero as the number type has it (decimal.js: ±Infinity; the pages' decimal: 0). */
  over(a: N, b: N): N;
  neg(a: N): N;
  max(a: N, b: N): N;
  min(a: N, b: N): N;
  isZero(a: N): boolean;
  lte(a: N, b: N): boolean;
};

export function tradingMath<N, In>(x: Arithmetic<N, In>) {
  const notional = (quantity: In, price: In) => x.times(x.from(quantity), x.from(price));

  /** Profit or loss of a position at `price`: (price − entry) × quantity, negated for a short. */
  function pnl(side: Side, entry: In, price: In, quantity: In): N {
    const diff = x.times(x.minus(x.from(price), x.from(entry)), x.from(quantity));
    return side === "buy" ? diff : x.neg(diff);
  }

  /** Maintenance margin at a mark price. */
  const maintenance = (mark: In, quantity: In, mmr: In): N => x.times(notional(mark, quantity), x.from(mmr));

  return {
    /** Occupied margin: notional / leverage, where notional = quantity × price. */
    margin: (quantity: In, price: In, leverage: number): N =>
      x.over(notional(quantity, price), x.whole(leverage)),

    /** A fee on a notional at a rate (0.0005 = 0.05 %). */
    fee: (quantity: In, price: In, rate: In): N => x.times(notional(quantity, price), x.from(rate)),

    /**
     * A spot order's fee, paid on what it receives: a buy in the base coin (quantity × rate), a
     * sell in USDT (quantity × price × rate).
     */
    spotFee: (side: Side, quantity: In, price: In, rate: In): N =>
      side === "buy"
        ? x.times(x.from(quantity), x.from(rate))
        : x.times(notional(quantity, price), x.from(rate)),

    pnl,

    /** Return on equity in percent: PnL × 100 / margin (0 on no margin). */
    roe(pnlValue: In, marginValue: In): N {
      const m = x.from(marginValue);
      return x.isZero(m) ? x.whole(0) : x.over(x.times(x.from(pnlValue), x.whole(100)), m);
    },

    /**
     * The mark price at which a position's equity (margin + PnL) falls to its maintenance margin
     * (maintenance rate × mark × quantity). For a long: (entry × q − margin) / (q × (1 − mmr)),
     * never below zero; for a short: (entry × q + margin) / (q × (1 + mmr)). Margin may differ
     * from entry × q / leverage after funding, so it is a parameter.
     */
    liquidationPrice(side: Side, entry: In, quantity: In, marginValue: In, mmr: In): N {
      const q = x.from(quantity);
      const held = notional(entry, quantity);
      const m = x.from(marginValue);
      if (side === "buy") {
        const price = x.over(x.minus(held, m), x.times(q, x.minus(x.whole(1), x.from(mmr))));
        return x.max(price, x.whole(0));
      }
      return x.over(x.plus(held, m), x.times(q, x.plus(x.whole(1), x.from(mmr))));
    },

    maintenance,

    /** A position is liquidated when its equity no longer covers its maintenance margin. */
    shouldLiquidate(side: Side, entry: In, mark: In, quantity: In, marginValue: In, mmr: In): boolean {
      const equity = x.plus(x.from(marginValue), pnl(side, entry, mark, quantity));
      return x.lte(equity, maintenance(mark, quantity, mmr));
    },

    /**
     * What closing (part of) a position pays out of its isolated margin: the margin share, the
     * realized PnL (a loss never beyond that margin share: the platform bears the rest) and the
     * closing fee (taken from what is left). `payout` is what returns to the wallet.
     */
    settlement(marginShare: In, realized: In, closeFee: In) {
      const m = x.from(marginShare);
      const loss = x.max(x.from(realized), x.neg(m));
      const fee = x.min(x.from(closeFee), x.plus(m, loss));
      return { realized: loss, fee, payout: x.minus(x.plus(m, loss), fee) };
    },

    /**
     * Funding for a perpetual position: notional at the mark price × rate. Positive rate: longs
     * pay shorts. The result is what the position pays (negative: receives).
     */
    funding(side: Side, mark: In, quantity: In, rate: In): N {
      const amount = x.times(notional(mark, quantity), x.from(rate));
      return side === "buy" ? amount : x.neg(amount);
    },
  };
}

/** The pages' decimal as the formulas' number type. */
export const decArithmetic: Arithmetic<Dec, Dec> = {
  from: (value) => value,
  whole: int,
  plus: (a, b) => a + b,
  minus: (a, b) => a - b,
  times: mul,
  over: div,
  neg: (a) => -a,
  max: (a, b) => (a > b ? a : b),
  min: (a, b) => (a < b ? a : b),
  isZero: (a) => a === 0n,
  lte: (a, b) => a <= b,
};

/** The formulas in the pages' decimal: what the trade screen previews. */
export const previews = tradingMath(decArithmetic);

/** What an order would occupy: notional, margin (notional / leverage; none below 1x) and fee at `rate`. */
export function orderCost(quantity: Dec, price: Dec, leverage: number, rate: Dec) {
  const notional = mul(quantity, price);
  return {
    notional,
    margin: leverage > 0 ? previews.margin(quantity, price, leverage) : notional,
    fee: previews.fee(quantity, price, rate),
  };
}

/**
 * What `available` opens at `leverage`, its fee included: available × leverage /
 * (price × (1 + leverage × rate)), a quantity at `price`, or without one a notional (what a
 * market order may take over the book's levels, see order-figures.ts).
 */
export function marginBound(available: Dec, leverage: number, rate: Dec, price: Dec = int(1)): Dec {
  return div(mul(available, int(leverage)), mul(price, int(1) + mul(rate, int(leverage))));
}

/** The largest quantity `available` opens at `price` and `leverage`, down to a whole number of steps. */
export function maxContractQuantity(available: Dec, price: Dec, leverage: number, rate: Dec, step: Dec): Dec {
  if (price <= 0n || leverage < 1) return 0n;
  return floorTo(marginBound(available, leverage, rate, price), step);
}

/** A share (0–100 %) of a maximum quantity, down to a whole number of steps. */
export const share = (max: Dec, percent: number, step: Dec): Dec =>
  floorTo((max * BigInt(Math.max(0, Math.min(100, Math.trunc(percent))))) / 100n, step);

/**
 * Market price protection (Binance's and OKX's): how far from the reference (mark) price a
 * market order or a close may fill, as a fraction; the platform-wide default (`MARKET_PRICE_BAND`).
 */
export const DEFAULT_PRICE_BAND = "0.05";

/**
 * The protected limit of a market order or a close of `side`: a buy never above
 * mark × (1 + band), a sell never below mark × (1 − band), on the tick grid inside the band (a
 * buy's rounded down, a sell's up). Computed exactly (the product is not truncated before it is
 * rounded), so the limit is never beyond the band. `mark` ≥ 0, 0 ≤ band < 1, tick > 0.
 */
export function protectedLimit(side: Side, mark: Dec, band: Dec, tick: Dec): Dec {
  if (tick <= 0n || mark < 0n || band < 0n || band >= int(1)) throw new RangeError("protectedLimit");
  const scaled = mark * (side === "buy" ? int(1) + band : int(1) - band); // scale 10^36
  const step = tick * int(1);
  const ticks = side === "buy" ? scaled / step : (scaled + step - 1n) / step;
  return ticks * tick;
}

/** A band as the messages state it, in percent: "5" for 0.05. */
export const bandPercent = (band: Dec): string => str(band * 100n);
