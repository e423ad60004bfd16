import type { z } from "zod";
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

/** What /api/option/… answers, as the schemas in options.ts say (type-only: no zod in this file). */
export type OptionProduct = z.infer<typeof optionProductSchema>;
export type OptionRound = z.infer<typeof optionRoundSchema>;
export type OptionBet = z.infer<typeof optionBetSchema>;
