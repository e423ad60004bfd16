/**
 * The earn products' time rules, shared by the service, the screens and the tests' wording.
 * Days are UTC calendar days. Income accrues from the day after joining (as on Binance and OKX):
 * a day pays when the participation was held from its first to its last moment. A locked product
 * pays exactly `lockDays` days and matures at the midnight (UTC) that ends its last one.
 */
export const DAY_MS = 86_400_000;

export const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The first day that pays: the UTC day after joining. */
export const firstAccrualDay = (startedAt: number) => dayOf(dayStart(dayOf(startedAt)) + DAY_MS);

/** When a locked participation ends (null for a flexible one). */
export function maturityOf(startedAt: number, lockDays: number): number | null {
  if (lockDays <= 0) return null;
  return dayStart(dayOf(startedAt)) + (lockDays + 1) * DAY_MS;
}
