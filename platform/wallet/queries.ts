import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { memoByDb } from "../db/memo.ts";
import { coins, depositAddresses } from "./tables.ts";

// What other domains may read or add of the wallet's tables, as functions (the tables stay the
// wallet's own; see docs/decisions/boundaries.md).

/** The customers one of whose deposit addresses is this one (any case), at most 50. */
export async function ownersOfDepositAddress(db: Db, address: string): Promise<number[]> {
  const rows = await db
    .select({ userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(eq(sql`lower(${depositAddresses.address})`, address.toLowerCase()))
    .limit(50);
  return rows.map((r) => r.userId);
}

/**
 * The listed coins in the wallet's order, kept in memory (see db/memo.ts): every asset page,
 * quote and transfer reads them, and they change only when a coin is listed.
 */
export const listedCoins = memoByDb(60_000, (db) => db.select().from(coins).orderBy(asc(coins.sort)));

/** A coin's decimals, or undefined when the wallet does not list it. */
export async function listedDecimals(db: Db, coin: string): Promise<number | undefined> {
  const known = (await listedCoins.get(db)).find((row) => row.code === coin);
  if (known) return known.decimals;
  // Not in memory: perhaps listed a moment ago on another instance.
  const [row] = await db
    .select({ decimals: coins.decimals })
    .from(coins)
    .where(eq(coins.code, coin))
    .limit(1);
  return row?.decimals;
}

/** Lists a coin (a launchpad token once its sale ends); nothing when it is listed already. */
export async function listCoin(
  db: Db,
  coin: { code: string; name: string; decimals: number },
): Promise<void> {
  await db.insert(coins).values(coin).onConflictDoNothing();
  listedCoins.forget();
}
