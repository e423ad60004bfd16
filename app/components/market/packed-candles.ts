import type { Candle } from "../../../platform/contract/market.ts";

/**
 * Candles as a page carries them to the browser: one string, a candle per `;`, its fields by `,`
 * (time, open, high, low, close, volume). As objects, React Router's stream writes each field as
 * a reference to a separate value: about a kilobyte more per page of 60 candles, gzipped.
 */
export type PackedCandles = string;

export function packCandles(candles: Candle[]): PackedCandles {
  return candles.map((c) => `${c.time},${c.open},${c.high},${c.low},${c.close},${c.volume}`).join(";");
}

export function unpackCandles(packed: PackedCandles): Candle[] {
  if (packed === "") return [];
  return packed.split(";").map((row) => {
    const [time, open, high, low, close, volume] = row.split(",") as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    return { time: Number(time), open, high, low, close, volume };
  });
}
