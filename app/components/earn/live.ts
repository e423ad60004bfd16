/**
 * The figures the earn forms show as the amount is typed (a day's income, the tokens bought) and
 * the way every earn screen writes an amount. Kept apart from calc.ts so that a form page loads
 * only these.
 */
import { dec, div, isAmount, mul, str } from "../../../platform/contract/decimal.ts";
import { truncateDecimal } from "../../../platform/contract/precision.ts";

// Amounts are written by app/components/numbers.tsx (`amount(value, 0)`), in the page's language.

/** A day's income on `amount` at a daily rate, or undefined while the amount is not one. */
export function dailyIncome(amount: string, rate: string): string | undefined {
  const a = isAmount(amount) ? dec(amount) : undefined;
  const r = dec(rate);
  if (a === undefined || r === undefined) return undefined;
  return truncateDecimal(str(mul(a, r)), 8);
}

/** Tokens a subscription of `usdt` buys at `price` (truncated to 8 decimals, as delivered). */
export function tokensFor(usdt: string, price: string): string | undefined {
  const a = isAmount(usdt) ? dec(usdt) : undefined;
  const p = dec(price);
  if (a === undefined || p === undefined || p <= 0n) return undefined;
  return truncateDecimal(str(div(a, p)), 8);
}
