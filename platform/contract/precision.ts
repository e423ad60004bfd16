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

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Truncates a decimal string to `decimals` places (padding with zeros), e.g. ("1.23999", 2) →
 * "1.23". Also accepts exponent notation (1e-7) by expanding it exactly.
 */
export function truncateDecimal(value: string | number | bigint, decimals: number): string {
  let text = typeof value === "string" ? value.trim() : String(value);
  if (/e/i.test(text)) text = expandExponent(text);
  const match = DECIMAL.exec(text);
  if (!match) return "-";
  const [, sign, int = "0", frac = ""] = match;
  const kept = frac.slice(0, decimals).padEnd(decimals, "0");
  const isZero = /^0*$/.test(int) && /^0*$/.test(kept);
  const digits = int.replace(/^0+(?=\d)/, "");
  return `${sign && !isZero ? "-" : ""}${digits}${decimals > 0 ? `.${kept}` : ""}`;
}

function expandExponent(text: string): string {
  const [mantissa = "0", exp = "0"] = text.toLowerCase().split("e");
  const negative = mantissa.startsWith("-");
  const [int = "0", frac = ""] = mantissa.replace(/^[-+]/, "").split(".");
  const digits = int + frac;
  const point = int.length + Number(exp);
  let out: string;
  if (point <= 0) out = `0.${"0".repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + "0".repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? "-" : "") + out;
}

/** Thousands separators on the integer part ("95123.45" → "95,123.45"), as exchanges show them. */
export function groupThousands(value: string): string {
  const [int = "", frac] = value.split(".");
  const sign = int.startsWith("-") ? "-" : "";
  const grouped = int.replace("-", "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return sign + grouped + (frac !== undefined ? `.${frac}` : "");
}

/** The one formatter for prices on every screen. */
export function formatPrice(value: string | number, precision: number, grouped = true): string {
  const out = truncateDecimal(value, precision);
  return grouped && out !== "-" ? groupThousands(out) : out;
}

export const formatQuantity = (value: string | number) => truncateDecimal(value, QUANTITY_PRECISION);
export const formatCny = (value: string | number) => truncateDecimal(value, CNY_PRECISION);

/** A 24 h change in percent with its sign ("+1.23%", "-0.50%"). */
export function formatChange(percent: string | number): string {
  const text = truncateDecimal(percent, 2);
  if (text === "-") return "-";
  return `${text.startsWith("-") || /^0\.00$/.test(text) ? "" : "+"}${text}%`;
}

/** Large amounts compacted for lists (1.23K, 4.56M, 7.89B), truncated. */
export function formatCompact(value: string | number): string {
  const text = truncateDecimal(value, 8);
  if (text === "-") return "-";
  const int = text.split(".")[0]?.replace("-", "") ?? "0";
  const units = [
    { digits: 10, suffix: "B" },
    { digits: 7, suffix: "M" },
    { digits: 4, suffix: "K" },
  ];
  for (const unit of units) {
    if (int.length >= unit.digits) {
      const whole = int.slice(0, int.length - unit.digits + 1);
      const frac = int.slice(int.length - unit.digits + 1, int.length - unit.digits + 3);
      return `${whole}.${frac}${unit.suffix}`;
    }
  }
  return truncateDecimal(text, 2);
}
