import type { z } from "zod";
import { dec } from "./decimal.ts";
import type { optionBetSchema, optionProductSchema, optionRoundSchema } from "./options.ts";

/**
 * The timed contracts' round arithmetic, shared by the platform (which settles rounds) and the
 * screen (whose countdown rolls over to the next round without asking the server).
 */

/** A round's period number: its start as YYYYMMDDHHmm (UTC), e.g. 202611210935. */
export function periodNo(start: number): string {
  return new Date(start).toISOString().slice(0, 16).replace(/[-T:]/g, "");
}

/** The round of a period that contains `time` (rounds run back to back from the epoch). */
export function roundAt(periodSeconds: number, time: number) {
  const size = periodSeconds * 1000;
  const start = Math.floor(time / size) * size;
  return { start, end: start + size, periodNo: periodNo(start) };
}

/**
 * The round a bet placed at `time` joins: the next one to start, never one already running
 * (its open price is not known yet when the bet is taken). A bet exactly on a boundary joins the
 * round after it.
 */
export function bettingRound(periodSeconds: number, time: number) {
  const current = roundAt(periodSeconds, time);
  return roundAt(periodSeconds, current.end);
}

/**
 * Whether a bet the customer confirmed for the round `periodNo` may be taken at `time`: only
 * while that round is still the one taking bets (bettingRound). Once it has started, the bet
 * would silently join the round after it, whose start the customer never saw.
 */
export function roundOpen(periodSeconds: number, periodNo: string, time: number): boolean {
  return bettingRound(periodSeconds, time).periodNo === periodNo;
}

/** The smallest step of a bet: one cent of USDT. */
const CENT = dec("0.01") as bigint;

/**
 * Why a bet's amount is refused, or undefined when the product takes it: at most 2 decimals,
 * then the product's minimum and maximum. The one rule of the amount, applied by the platform
 * when it takes a bet (platform/options/service.ts) and by the timed screen before it shows the
 * confirmation, so a confirmation is never shown for a bet the platform would refuse. `amount`
 * is a canonical decimal (the bet body's field has checked its form); the message is a key of
 * the platform's messages with its parameters.
 */
export function betAmountRefusal(
  product: Pick<OptionProduct, "min_amount" | "max_amount">,
  amount: string,
): { key: string; params: Record<string, string> } | undefined {
  const a = dec(amount);
  const min = dec(product.min_amount) ?? 0n;
  const max = dec(product.max_amount) ?? 0n;
  if (a === undefined) return { key: "trading.number_invalid", params: {} };
  if (a % CENT !== 0n) return { key: "wallet.amount_decimals", params: { decimals: "2" } };
  if (a < min) return { key: "options.amount_min", params: { minimum: product.min_amount } };
  if (a > max) return { key: "options.amount_max", params: { maximum: product.max_amount } };
  return undefined;
}

/** What /api/option/… answers, as the schemas in options.ts say (type-only: no zod in this file). */
export type OptionProduct = z.infer<typeof optionProductSchema>;
export type OptionRound = z.infer<typeof optionRoundSchema>;
export type OptionBet = z.infer<typeof optionBetSchema>;
