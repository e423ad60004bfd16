/**
 * The one decimal of the pages and of the contract's formulas: a decimal string held as a BigInt
 * scaled by 10^18, so it is exact, never a float, and costs a page about a kilobyte (decimal.js
 * would add ~13 KB gzipped to screens already at their budget). Products and quotients truncate
 * toward zero at 18 places, the scale the database keeps (numeric(38, 18)). The platform's ledger
 * arithmetic stays decimal.js; docs/decisions/money.md says why.
 */
export const PLACES = 18;
const ONE = 10n ** BigInt(PLACES);
const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;
const AMOUNT = /^\d{1,15}(\.\d{1,18})?$/;

export type Dec = bigint;

/** A decimal string (at most 18 decimals kept, the rest truncated), or undefined. */
export function dec(value: string | number | null | undefined): Dec | undefined {
  if (value === null || value === undefined) return undefined;
  const match = DECIMAL.exec(String(value).trim());
  if (!match) return undefined;
  const [, sign, whole = "0", fraction = ""] = match;
  const n = BigInt(whole + fraction.padEnd(PLACES, "0").slice(0, PLACES));
  return sign ? -n : n;
}

/** A whole number (truncated). */
export const int = (n: number): Dec => BigInt(Math.trunc(n)) * ONE;

/** The exact decimal string (trailing zeros dropped). */
export function str(n: Dec): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(PLACES + 1, "0");
  const whole = digits.slice(0, -PLACES);
  const fraction = digits.slice(-PLACES).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** Products and quotients truncate toward zero at 18 decimals; a quotient by zero is zero. */
export const mul = (a: Dec, b: Dec): Dec => (a * b) / ONE;
export const div = (a: Dec, b: Dec): Dec => (b === 0n ? 0n : (a * ONE) / b);

/** The largest whole number of `step`s not above n (n ≥ 0). */
export function floorTo(n: Dec, step: Dec): Dec {
  if (step <= 0n || n <= 0n) return 0n;
  return n - (n % step);
}

/** n (≥ 0) rounded up to `places` decimals. */
export function ceilTo(n: Dec, places: number): Dec {
  const step = 10n ** BigInt(PLACES - places);
  const rest = n % step;
  return rest === 0n ? n : n - rest + step;
}

/** A plain non-negative decimal as the platform accepts it: 100, 0.5 (at most 18 decimals). */
export function isAmount(value: string): boolean {
  return AMOUNT.test(value.trim());
}

// What is no decimal throws, as BigInt did before (a caller's bug, not a customer's input).
function amount(value: string): Dec {
  const n = dec(value);
  if (n === undefined) throw new TypeError(value);
  return n;
}

/** a − b, or undefined when either is not an amount. */
export function minus(a: string, b: string): string | undefined {
  if (!isAmount(a) || !isAmount(b)) return undefined;
  return str(amount(a) - amount(b));
}

/** −1, 0 or 1 as a is less than, equal to or more than b (both decimals). */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const d = amount(a) - amount(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** An amount rounded up to `places` decimals (what a refusal says is needed: never understated). */
export function ceilAmount(value: string, places: number): string {
  if (!isAmount(value)) return value;
  return str(ceilTo(amount(value), places));
}
