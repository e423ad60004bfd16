import { PRICE_PRECISION } from "../contract/precision.ts";
import type { Db } from "../db/client.ts";
import { listedInstruments } from "./service.ts";
import { instruments } from "./tables.ts";

// The spec's eight tracked coins are BCH, BTC, EOS, ETC, ETH, LTC, USDT and XRP (USDT is the
// quote); the other coins are the rest of its precision table. Start prices are recent real
// levels; volatilities are each coin's usual annualised range.
const COINS: { base: string; price: string; vol: string; tracked?: boolean }[] = [
  { base: "BTC", price: "95210.50", vol: "0.55", tracked: true },
  { base: "ETH", price: "3312.40", vol: "0.70", tracked: true },
  { base: "BCH", price: "452.30", vol: "0.85", tracked: true },
  { base: "LTC", price: "96.85", vol: "0.80", tracked: true },
  { base: "EOS", price: "0.7120", vol: "0.95", tracked: true },
  { base: "ETC", price: "22.4100", vol: "0.90", tracked: true },
  { base: "XRP", price: "2.21450", vol: "0.90", tracked: true },
  { base: "SOL", price: "188.6400", vol: "0.85" },
  { base: "DOT", price: "6.8120", vol: "0.90" },
  { base: "ADA", price: "0.812400", vol: "0.90" },
  { base: "TRX", price: "0.251300", vol: "0.60" },
  { base: "XLM", price: "0.352100", vol: "0.90" },
  { base: "ATOM", price: "7.0450", vol: "0.90" },
  { base: "DASH", price: "34.62", vol: "0.90" },
  { base: "BSV", price: "48.9100", vol: "0.95" },
  { base: "HT", price: "0.5210", vol: "1.00" },
  { base: "PEPE", price: "0.0000112300", vol: "1.40" },
];

/** Lists the instruments on a fresh install; an operator's later changes are kept. */
export async function seedInstruments(db: Db) {
  await db
    .insert(instruments)
    .values(
      COINS.map((coin, i) => ({
        code: `${coin.base.toLowerCase()}/usdt`,
        base: coin.base,
        quote: "USDT",
        pricePrecision: PRICE_PRECISION[coin.base.toLowerCase()] ?? 4,
        amountPrecision: 3,
        sort: i,
        tracked: coin.tracked ?? false,
        simPrice: coin.price,
        simVolatility: coin.vol,
        binanceSymbol: `${coin.base}USDT`,
      })),
    )
    .onConflictDoNothing();
  listedInstruments.forget();
}
