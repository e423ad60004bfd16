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

/** What /api/option/… answers (platform/options/routes.ts holds the schemas). */
export type OptionProduct = {
  id: number;
  code: string;
  period_seconds: number;
  odds: string;
  fee_rate: string;
  min_amount: string;
  max_amount: string;
};
export type OptionRoundSpan = { period_no: string; start: string; end: string };
export type OptionCurrent = {
  product: OptionProduct;
  betting: OptionRoundSpan;
  running: OptionRoundSpan;
  last_price: string | null;
  server_time: string;
};
export type OptionRound = {
  product_id: number;
  period_no: string;
  start: string;
  end: string;
  open_price: string | null;
  open_tick_id: number | null;
  open_tick_time: string | null;
  close_price: string | null;
  close_tick_id: number | null;
  close_tick_time: string | null;
  result: "up" | "down" | "level" | "void";
};
export type OptionBet = {
  id: number;
  product_id: number;
  code: string;
  period_no: string;
  round_start: string;
  round_end: string;
  direction: "up" | "down";
  amount: string;
  fee: string;
  odds: string;
  status: "pending" | "win" | "loss" | "level" | "void";
  payout: string;
  created_at: string;
};
export type OptionPage<T> = { list: T[]; page: number; has_more: boolean };
