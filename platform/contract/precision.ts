/**
 * Display precision (spec §5): how many decimals a price shows, per coin. Prices are truncated to
 * it, never rounded — a shown price is one the market actually reached. Depth quantities show 3
 * decimals and CNY prices 4. Values are decimal strings; nothing here goes through a float.
 */
export const PRICE_PRECISION: Record<string, number> = {
  btc: 2,
  eth: 2,
  bch: 2,
  ltc: 2,
  dash: 2,
  etc: 4,
  eos: 4,
  bsv: 4,
  ht: 4,
  dot: 4,
  sol: 4,
  atom: 4,
  xrp: 5,
  ada: 6,
  trx: 6,
  xlm: 6,
  pepe: 10,
};
export const DEFAULT_PRICE_PRECISION = 4;
export const QUANTITY_PRECISION = 3;
export const CNY_PRECISION = 4;

/** The price precision of a coin or of a pair's base coin ("btc", "BTC", "btc/usdt"). */
export function pricePrecision(code: string): number {
  const base = code.toLowerCase().split("/")[0] ?? "";
  return PRICE_PRECISION[base] ?? DEFAULT_PRICE_PRECISION;
}

// Truncating a value to these decimals: truncateDecimal in ./decimal.ts.
// Showing these values (grouping, compact units, signs) is the screens' business, in the
// customer's language: app/components/numbers.tsx, through Intl.NumberFormat.
