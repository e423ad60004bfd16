/**
 * The screens' rules for amounts: how one is written for reading, what hidden balances show, and
 * "enough to spend". The arithmetic is the contract's decimal (platform/contract/decimal.ts).
 */
import { compare, isAmount } from "../platform/contract/decimal.ts";

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
