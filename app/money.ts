/**
 * Decimal strings for display and for what the browser works out live (e.g. "you will receive"),
 * without floats and without a decimal library in the page: scaled BigInt arithmetic. The
 * platform's own figures (decimal.js / SQL) stay the ones that count.
 */
const AMOUNT = /^\d{1,15}(\.\d{1,18})?$/;
const PLACES = 18;

/** A plain non-negative decimal as the platform accepts it: 100, 0.5 (at most 18 decimals). */
export function isAmount(value: string): boolean {
  return AMOUNT.test(value.trim());
}

function scaled(value: string): bigint {
  const [whole = "0", fraction = ""] = value.trim().split(".");
  return BigInt(whole + fraction.padEnd(PLACES, "0").slice(0, PLACES));
}

function unscaled(n: bigint): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(PLACES + 1, "0");
  const whole = digits.slice(0, -PLACES);
  const fraction = digits.slice(-PLACES).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** a − b, or undefined when either is not an amount. */
export function minus(a: string, b: string): string | undefined {
  if (!isAmount(a) || !isAmount(b)) return undefined;
  return unscaled(scaled(a) - scaled(b));
}

/** −1, 0 or 1 as a is less than, equal to or more than b (both amounts). */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const d = scaled(a) - scaled(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/**
 * An amount for reading: trailing zeros dropped but at least `min` decimals kept, never rounded
 * ("1000.000000" → "1000.00", "0.00100000" → "0.001").
 */
export function formatAmount(value: string, min = 2): string {
  const match = /^(-?\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").replace(/0+$/, "").padEnd(min, "0");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** What hidden balances show instead (the hide-balances switch). */
export const HIDDEN = "****";

/**
 * The one rule for "enough to spend", shared by every screen that spends and by its review step:
 * "empty" when nothing is available (said before anything is typed), "short" when what the
 * screen would spend is more than is available, else "enough". An amount not yet typed (or not
 * a number) is not short.
 */
export function fundsFor(available: string, needed?: unknown): "empty" | "short" | "enough" {
  if (typeof available !== "string" || !isAmount(available) || compare(available, "0") <= 0) return "empty";
  // A field posted twice comes back as a list: only one typed amount counts.
  if (typeof needed === "string" && isAmount(needed) && compare(needed, available) > 0) return "short";
  return "enough";
}

/** An amount rounded up to `places` decimals (what a refusal says is needed: never understated). */
export function ceilAmount(value: string, places: number): string {
  if (!isAmount(value)) return value;
  const unit = 10n ** BigInt(PLACES - places);
  const n = scaled(value);
  return unscaled(n % unit === 0n ? n : (n / unit + 1n) * unit);
}
