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

/**
 * Truncates a decimal string to `decimals` places (padding with zeros), e.g. ("1.23999", 2) →
 * "1.23"; "-" for what is no decimal. Also accepts exponent notation (1e-7) by expanding it
 * exactly. Display precision truncates, never rounds (spec §5).
 */
export function truncateDecimal(value: string | number | bigint, decimals: number): string {
  let text = typeof value === "string" ? value.trim() : String(value);
  if (/e/i.test(text)) text = expandExponent(text);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return "-";
  const [, sign, whole = "0", frac = ""] = match;
  const kept = frac.slice(0, decimals).padEnd(decimals, "0");
  const isZero = /^0*$/.test(whole) && /^0*$/.test(kept);
  const digits = whole.replace(/^0+(?=\d)/, "");
  return `${sign && !isZero ? "-" : ""}${digits}${decimals > 0 ? `.${kept}` : ""}`;
}

function expandExponent(text: string): string {
  const [mantissa = "0", exp = "0"] = text.toLowerCase().split("e");
  const negative = mantissa.startsWith("-");
  const [whole = "0", frac = ""] = mantissa.replace(/^[-+]/, "").split(".");
  const digits = whole + frac;
  const point = whole.length + Number(exp);
  let out: string;
  if (point <= 0) out = `0.${"0".repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + "0".repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? "-" : "") + out;
}

// Showing these values (grouping, compact units, signs) is the screens' business, in the
// customer's language: app/components/numbers.tsx, through Intl.NumberFormat.
