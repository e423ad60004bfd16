import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { ledgerAuditRuns } from "./tables.ts";

export type AuditFinding = { check: string; detail: string };
export type AuditReport = {
  ok: boolean;
  findings: AuditFinding[];
  checked: { transactions: number; accounts: number; entries: number };
};

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * Checks every invariant of the ledger: each transaction sums to zero per coin, every cached
 * balance equals the sum of its entries, and no customer balance is below zero.
 */
export async function auditLedger(db: Db, options: { record?: boolean } = {}): Promise<AuditReport> {
  const findings: AuditFinding[] = [];
  for (const r of await rows(
    db,
    sql`select tx_id, coin, sum(amount)::text as sum from ledger_entries group by tx_id, coin having sum(amount) <> 0 order by tx_id limit 100`,
  )) {
    findings.push({
      check: "balanced",
      detail: `transaction ${r.tx_id} does not sum to zero in ${r.coin} (${r.sum})`,
    });
  }
  for (const r of await rows(
    db,
    sql`select a.id, a.owner_type, a.user_id, a.kind, a.coin, a.available::text as available, a.frozen::text as frozen,
               coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0)::text as entries_available,
               coalesce(sum(e.amount) filter (where e.bucket = 'frozen'), 0)::text as entries_frozen
          from ledger_accounts a left join ledger_entries e on e.account_id = a.id
         group by a.id
        having a.available <> coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0)
            or a.frozen <> coalesce(sum(e.amount) filter (where e.bucket = 'frozen'), 0)
         order by a.id limit 100`,
  )) {
    const owner = r.owner_type === "user" ? `user ${r.user_id} ${r.kind}` : `platform ${r.kind}`;
    findings.push({
      check: "cached balances",
      detail: `${owner} ${r.coin}: cached ${r.available} / ${r.frozen} but entries sum to ${r.entries_available} / ${r.entries_frozen}`,
    });
  }
  for (const r of await rows(
    db,
    sql`select id, user_id, kind, coin, available::text as available, frozen::text as frozen from ledger_accounts
         where owner_type = 'user' and (available < 0 or frozen < 0) order by id limit 100`,
  )) {
    findings.push({
      check: "not negative",
      detail: `user ${r.user_id} ${r.kind} ${r.coin} is negative: ${r.available} / ${r.frozen}`,
    });
  }
  const [counts] = await rows(
    db,
    sql`select (select count(*) from ledger_transactions)::int as transactions,
               (select count(*) from ledger_accounts)::int as accounts,
               (select count(*) from ledger_entries)::int as entries`,
  );
  const report: AuditReport = {
    ok: findings.length === 0,
    findings,
    checked: {
      transactions: Number(counts?.transactions ?? 0),
      accounts: Number(counts?.accounts ?? 0),
      entries: Number(counts?.entries ?? 0),
    },
  };
  if (options.record) {
    await db.insert(ledgerAuditRuns).values({ ok: report.ok ? 1 : 0, report: formatAudit(report) });
  }
  return report;
}

export function formatAudit(report: AuditReport): string {
  const head = `${report.checked.transactions} transactions, ${report.checked.entries} entries, ${report.checked.accounts} accounts`;
  if (report.ok)
    return `Ledger audit passed: ${head}; every transaction balances per coin, every cached balance equals its entries, no customer balance is negative.`;
  return [
    `Ledger audit FAILED (${report.findings.length} problems) on ${head}:`,
    ...report.findings.map((f) => `  [${f.check}] ${f.detail}`),
  ].join("\n");
}

/** Totals per coin by kind of account (customers' wallets and each platform account). */
export async function ledgerTotals(db: Db) {
  return (await rows(
    db,
    sql`select coin, owner_type, kind, sum(available)::text as available, sum(frozen)::text as frozen, count(*)::int as accounts
          from ledger_accounts group by coin, owner_type, kind order by coin, owner_type desc, kind`,
  )) as {
    coin: string;
    owner_type: string;
    kind: string;
    available: string;
    frozen: string;
    accounts: number;
  }[];
}
