import Decimal from "decimal.js";
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { USER_WALLETS } from "./ledger.ts";
import { ledgerAccounts, ledgerAuditRuns, ledgerEntries, ledgerTransactions } from "./tables.ts";

// Reads of the ledger for other domains (the console, earn), as functions: balances still change
// only through ledger.ts `post`, and the tables stay the ledger's own.

/** A customer's accounts in their wallets, by wallet then coin. */
export async function walletAccountsOf(db: Db, userId: number) {
  return db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, "user"),
        eq(ledgerAccounts.userId, userId),
        inArray(ledgerAccounts.kind, [...USER_WALLETS]),
      ),
    )
    .orderBy(ledgerAccounts.kind, ledgerAccounts.coin);
}

/** A customer's newest ledger entries (at most `limit`), with their wallet and transaction kind. */
export async function recentEntriesOf(db: Db, userId: number, limit = 50) {
  return db
    .select({
      id: ledgerEntries.id,
      wallet: ledgerAccounts.kind,
      coin: ledgerEntries.coin,
      bucket: ledgerEntries.bucket,
      amount: ledgerEntries.amount,
      kind: ledgerTransactions.kind,
      at: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txId))
    .where(and(eq(ledgerAccounts.ownerType, "user"), eq(ledgerAccounts.userId, userId)))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
}

/** The newest recorded audit run, if any. */
export async function lastAuditRun(db: Db) {
  const [last] = await db.select().from(ledgerAuditRuns).orderBy(desc(ledgerAuditRuns.id)).limit(1);
  return last;
}

/**
 * The lowest balance an account held in [begin, end): its balance at `begin` and after each
 * entry of the window in order (the amount a daily interest is paid on).
 */
export async function lowestBalanceBetween(db: Db, accountId: number, begin: Date, end: Date) {
  const [opening] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), lt(ledgerEntries.createdAt, begin)));
  const moves = await db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        gte(ledgerEntries.createdAt, begin),
        lt(ledgerEntries.createdAt, end),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
  let running = new Decimal(opening?.sum ?? 0);
  let lowest = running;
  for (const m of moves) {
    running = running.plus(m.amount);
    lowest = Decimal.min(lowest, running);
  }
  return lowest;
}
