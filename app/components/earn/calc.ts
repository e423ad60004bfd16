/**
 * What the earn screens work out for display — percentages, how full a pool is, an exit's
 * penalty, totals, the check-in ladder — in exact decimal arithmetic (the contract's decimal), never floats. The platform's own figures
 * are the ones that count; these show them before a form is sent. (The figures forms show as the amount is typed are in live.ts.)
 */
import { ceilTo, compare, dec, div, int, mul, str } from "../../../platform/contract/decimal.ts";
import { truncateDecimal } from "../../../platform/contract/precision.ts";
import { formatPercent } from "../numbers.tsx";
import type { Checkin, Participation, Product } from "./types.ts";

const HUNDRED = int(100);

/**
 * A rate as a percentage in the page's language, its sign placed as the language places it:
 * "0.003" → "0.30%" ("0,30 %" in Russian); `times` scales it first (365: a year); 2 to 4
 * decimals (at least `min`), truncated.
 */
export function percent(rate: string, times = 1, lang = "en", min = 2): string {
  const r = dec(rate);
  if (r === undefined) return "-";
  return formatPercent(lang, str(r * 100n * BigInt(times)), { min, max: 4, signed: false });
}

/** How full a pool or a sale is, 0–100 with two decimals: (total − remaining) / total. */
export function filled(total: string, remaining: string): string {
  const t = dec(total);
  const r = dec(remaining);
  if (t === undefined || r === undefined || t <= 0n) return "0.00";
  const p = div((t - r) * 100n, t);
  return truncateDecimal(str(p < 0n ? 0n : p > HUNDRED ? HUNDRED : p), 2);
}

/** The most a join may be: the smallest of the balance, the maximum purchase and what is left. */
export function maxJoin(
  available: string,
  product: Pick<Product, "max_purchase" | "pool_remaining">,
): string {
  return [product.max_purchase, product.pool_remaining].reduce(
    (low, v) => (compare(v, low) < 0 ? v : low),
    available,
  );
}

/**
 * What leaving a participation now returns: a locked one left before its end keeps the product's
 * early-exit penalty (a share of the principal, rounded up as the platform does).
 */
export function exitQuote(p: Pick<Participation, "amount" | "ends_at">, penaltyRate: string, now: number) {
  const amount = dec(p.amount) ?? 0n;
  const early = p.ends_at !== null && Date.parse(p.ends_at) > now;
  const penalty = early ? ceilTo(mul(amount, dec(penaltyRate) ?? 0n), 8) : 0n;
  return { early, penalty: str(penalty), receive: str(amount - penalty) };
}

/** The sum of decimal strings. */
export const sum = (values: readonly string[]) => str(values.reduce((acc, v) => acc + (dec(v) ?? 0n), 0n));

/** Principal still held and income earned, per coin, in the order the coins first appear. */
export function totalsByCoin(list: readonly Participation[]) {
  const coins = [...new Set(list.map((p) => p.coin))];
  return coins.map((coin) => {
    const mine = list.filter((p) => p.coin === coin);
    return {
      coin,
      held: sum(mine.filter((p) => p.status === "participating").map((p) => p.amount)),
      income: sum(mine.map((p) => p.income)),
    };
  });
}

export type LadderDay = { day: number; reward: string; state: "claimed" | "today" | "upcoming" };

/**
 * The week of daily rewards: the days of the current run already claimed, today's (when not yet
 * claimed) and those to come. After the last day the run starts again at day one.
 */
export function checkinDays(c: Pick<Checkin, "claimed_today" | "streak" | "rewards">): LadderDay[] {
  const done = c.claimed_today ? c.streak : c.streak % c.rewards.length;
  return c.rewards.map((reward, i) => ({
    day: i + 1,
    reward,
    state: i < done ? "claimed" : i === done && !c.claimed_today ? "today" : "upcoming",
  }));
}
