import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
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

/** A coin's decimals, or undefined when the wallet does not list it. */
export async function listedDecimals(db: Db, coin: string): Promise<number | undefined> {
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
}
