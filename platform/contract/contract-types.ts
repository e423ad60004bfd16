/**
 * The kinds of futures contract: perpetual, and those delivered weekly or quarterly. No zod here:
 * the trade screen's script imports it.
 */
export const CONTRACT_TYPES = ["perpetual", "weekly", "quarterly"] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/**
 * Delivery contracts expire at 08:00 UTC: weekly ones on Friday, quarterly ones on the last
 * Friday of March, June, September and December. Returns the next expiry after `now`.
 */
export function nextExpiry(kind: "weekly" | "quarterly", now: number): number {
  const at8 = (y: number, m: number, day: number) => Date.UTC(y, m, day, 8);
  if (kind === "weekly") {
    const date = new Date(now);
    const daysToFriday = (5 - date.getUTCDay() + 7) % 7;
    let expiry = at8(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + daysToFriday);
    if (expiry <= now) expiry += 7 * 86_400_000;
    return expiry;
  }
  const lastFriday = (y: number, m: number) => {
    const last = new Date(Date.UTC(y, m + 1, 0));
    const back = (last.getUTCDay() - 5 + 7) % 7;
    return at8(y, m, last.getUTCDate() - back);
  };
  const date = new Date(now);
  for (let i = 0; i < 8; i++) {
    const month = date.getUTCMonth() + i;
    const y = date.getUTCFullYear() + Math.floor(month / 12);
    const m = month % 12;
    if (m % 3 !== 2) continue;
    const expiry = lastFriday(y, m);
    if (expiry > now) return expiry;
  }
  throw new Error("no quarterly expiry found");
}

/**
 * The contract of a type that trades now: a new order of that type opens on it (a delivery
 * type's next expiry), and its book is named as the matching engine names it (`contractBook`):
 * `<code>:perpetual`, `<code>:<type>:<expiry ms>`.
 */
export function currentContract(code: string, type: ContractType, now: number) {
  const expiry = type === "perpetual" ? null : nextExpiry(type, now);
  return { type, expiry, book: expiry === null ? `${code}:${type}` : `${code}:${type}:${expiry}` };
}

export const isContractType = (value: unknown): value is ContractType =>
  CONTRACT_TYPES.includes(value as ContractType);
