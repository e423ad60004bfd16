import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packCandles, unpackCandles } from "./packed-candles.ts";

const decimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
  .map(([digits, places]) => {
    const text = digits.toString().padStart(places + 1, "0");
    return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
  });
const candle = fc.record({
  time: fc.integer({ min: 0, max: 4_102_444_800 }),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
});

describe("candles packed for a page", () => {
  it("come back exactly as they were, in order", () => {
    fc.assert(
      fc.property(fc.array(candle, { maxLength: 80 }), (candles) => {
        expect(unpackCandles(packCandles(candles))).toEqual(candles);
      }),
    );
  });

  it("are one string: a candle per ';', its fields in a fixed order", () => {
    const packed = packCandles([
      { time: 60, open: "1.5", high: "2", low: "1", close: "1.75", volume: "10.001" },
      { time: 120, open: "1.75", high: "1.8", low: "1.7", close: "1.7", volume: "0" },
    ]);
    expect(packed).toBe("60,1.5,2,1,1.75,10.001;120,1.75,1.8,1.7,1.7,0");
  });
});
