import Decimal from "decimal.js";
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
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

/** One of a customer's holdings: an account of theirs in any wallet. */
export type Holding = { wallet: string; coin: string; available: string; frozen: string };

/**
 * Every account the ledger keeps for a customer, whatever its wallet (spot, contract, the earn
 * wallet's pools and staking, the daily-interest wallet, any wallet added later): what the
 * assets screen's total counts, with what other domains hold for the customer outside the
 * ledger's customer accounts (WalletDeps.heldForCustomer: launchpad subscriptions).
 */
export async function holdingsOf(db: Db, userId: number): Promise<Holding[]> {
  return db
    .select({
      wallet: ledgerAccounts.kind,
      coin: ledgerAccounts.coin,
      available: sql<string>`${ledgerAccounts.available}::text`,
      frozen: sql<string>`${ledgerAccounts.frozen}::text`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, "user"), eq(ledgerAccounts.userId, userId)));
}

/**
 * A customer's movements of the given kinds, as a query to select from (a caller's union of
 * records): a row per transaction and coin their wallets moved in, with `tx_id`, `kind`, `coin`,
 * `created_at`, `amount` (the change of their spot wallet, signed; of all their wallets when spot
 * did not move), `fee` (what the platform's fees account kept) and `detail` ("from → to": the
 * customer's wallets money left and entered, or the platform's account on a side without one).
 */
export function customerMovements(userId: number, kinds: readonly string[]): SQL {
  const wanted = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return sql`
    with moved as (
      select distinct t.id from ledger_accounts a
        join ledger_entries e on e.account_id = a.id
        join ledger_transactions t on t.id = e.tx_id
       where a.owner_type = 'user' and a.user_id = ${userId} and t.kind in (${wanted})),
    sides as (
      select e.tx_id, e.coin, a.owner_type, a.kind, sum(e.amount) as net
        from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where e.tx_id in (select id from moved) and (a.owner_type = 'platform' or a.user_id = ${userId})
       group by e.tx_id, e.coin, a.owner_type, a.kind)
    select s.tx_id, t.kind, s.coin, t.created_at,
        coalesce(sum(s.net) filter (where s.owner_type = 'user' and s.kind = 'spot' and s.net <> 0),
                 sum(s.net) filter (where s.owner_type = 'user')) as amount,
        coalesce(sum(s.net) filter (where s.owner_type = 'platform' and s.kind = 'fees'), 0) as fee,
        coalesce(string_agg(s.kind, ', ' order by s.kind) filter (where s.owner_type = 'user' and s.net < 0),
                 string_agg(s.kind, ', ' order by s.kind) filter (where s.owner_type = 'platform' and s.kind <> 'fees' and s.net < 0), '')
          || ' → ' ||
        coalesce(string_agg(s.kind, ', ' order by s.kind) filter (where s.owner_type = 'user' and s.net > 0),
                 string_agg(s.kind, ', ' order by s.kind) filter (where s.owner_type = 'platform' and s.kind <> 'fees' and s.net > 0), '')
          as detail
      from sides s join ledger_transactions t on t.id = s.tx_id
     group by s.tx_id, s.coin, t.kind, t.created_at
    having bool_or(s.owner_type = 'user' and s.net <> 0)`;
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
