// The console's customer pages and the ledger view: reads for every role, and the few writes
// (freeze, unfreeze, end sessions, run the ledger audit) each in one transaction with its audit row.
import { and, desc, eq, gt, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { uidOf } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { describeDevice, forgetVerifiedSessions } from "../identity/sessions.ts";
import { sessions, users } from "../identity/tables.ts";
import { auditLedger, formatAudit, ledgerTotals } from "../ledger/audit.ts";
import { USER_WALLETS } from "../ledger/ledger.ts";
import { ledgerAccounts, ledgerAuditRuns, ledgerEntries, ledgerTransactions } from "../ledger/tables.ts";
import { orders, positions } from "../trading/tables.ts";
import { depositAddresses } from "../wallet/tables.ts";
import { type AuthOperator, audit } from "./service.ts";

type User = typeof users.$inferSelect;

const customerView = (u: User) => ({
  id: u.id,
  uid: uidOf(u.id),
  email: u.email ?? "",
  phone: u.phoneE164 ?? "",
  wallet_address: u.walletAddress ?? "",
  kind: u.kind,
  status: u.status,
  created_at: u.createdAt.toISOString(),
});

const likeOf = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Customers matching a term: part of an e-mail or phone, an exact UID, a sign-in wallet address
 * or one of their deposit addresses. At most 50, newest first.
 */
export async function searchCustomers(db: Db, term: string) {
  const value = term.trim();
  if (!value) return [];
  const uid = /^\d{8,}$/.test(value) ? Number(value) - 10_000_000 : undefined;
  const byDeposit = await db
    .select({ userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(eq(sql`lower(${depositAddresses.address})`, value.toLowerCase()))
    .limit(50);
  const rows = await db
    .select()
    .from(users)
    .where(
      or(
        ilike(users.email, likeOf(value)),
        ilike(users.phoneE164, likeOf(value.replace(/[\s-]/g, ""))),
        eq(sql`lower(${users.walletAddress})`, value.toLowerCase()),
        uid && uid > 0 && uid < 2 ** 31 ? eq(users.id, uid) : undefined,
        byDeposit.length
          ? inArray(
              users.id,
              byDeposit.map((r) => r.userId),
            )
          : undefined,
      ),
    )
    .orderBy(desc(users.id))
    .limit(50);
  return rows.map(customerView);
}

async function customerRow(db: Db, id: number, lock = false) {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new ApiError(404, "errors.not_found");
  return row;
}

const liveSessions = (userId: number) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** One customer: balances per wallet and coin, recent ledger entries, orders, positions, sessions. */
export async function customerDetail(db: Db, id: number) {
  const user = await customerRow(db, id);
  const balances = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, "user"),
        eq(ledgerAccounts.userId, id),
        inArray(ledgerAccounts.kind, [...USER_WALLETS]),
      ),
    )
    .orderBy(ledgerAccounts.kind, ledgerAccounts.coin);
  const entries = await db
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
    .where(and(eq(ledgerAccounts.ownerType, "user"), eq(ledgerAccounts.userId, id)))
    .orderBy(desc(ledgerEntries.id))
    .limit(50);
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, id))
    .orderBy(desc(orders.id))
    .limit(50);
  const positionRows = await db
    .select()
    .from(positions)
    .where(eq(positions.userId, id))
    .orderBy(desc(positions.id))
    .limit(50);
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(liveSessions(id))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  const n = (v: string | null) => (v === null ? "" : trimZeros(v));
  return {
    customer: customerView(user),
    balances: balances.map((b) => ({
      wallet: b.kind,
      coin: b.coin,
      available: n(b.available),
      frozen: n(b.frozen),
    })),
    entries: entries.map((e) => ({
      id: e.id,
      wallet: e.wallet,
      coin: e.coin,
      bucket: e.bucket,
      amount: n(e.amount),
      kind: e.kind,
      at: e.at.toISOString(),
    })),
    orders: orderRows.map((o) => ({
      id: o.id,
      market: o.market,
      code: o.code,
      side: o.side,
      type: o.type,
      price: n(o.price),
      quantity: n(o.quantity),
      status: o.status,
      created_at: o.createdAt.toISOString(),
    })),
    positions: positionRows.map((p) => ({
      id: p.id,
      code: p.code,
      side: p.side,
      quantity: n(p.quantity),
      entry_price: n(p.entryPrice),
      leverage: p.leverage,
      margin: n(p.margin),
      status: p.status,
      opened_at: p.openedAt.toISOString(),
    })),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      ip: s.ip,
      method: s.method,
      last_seen_at: s.lastSeenAt.toISOString(),
    })),
  };
}

/** Numeric(38,18) without its trailing zeros ("1.500000000000000000" → "1.5"). */
function trimZeros(v: string) {
  return v.includes(".") ? v.replace(/0+$/, "").replace(/\.$/, "") : v;
}

/** Ends every live session of a customer; returns how many. */
async function endSessions(tx: Db, userId: number) {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: "operator" })
    .where(liveSessions(userId))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Freezes or unfreezes a customer. Freezing also ends their sessions, so nothing already signed
 * in keeps trading or withdrawing; sign-in is refused while frozen (identity checks the status).
 */
export async function setCustomerFrozen(db: Db, op: AuthOperator, id: number, frozen: boolean) {
  // Sessions verified a moment ago are not trusted past this change (see `authenticate`).
  forgetVerifiedSessions();
  const view = await db.transaction(async (tx) => {
    const before = await customerRow(tx, id, true);
    const status = frozen ? "frozen" : "active";
    if (before.status === status)
      throw new ApiError(409, frozen ? "admin.already_frozen" : "admin.not_frozen");
    const [after] = await tx
      .update(users)
      .set({ status, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!after) throw new ApiError(404, "errors.not_found");
    const ended = frozen ? await endSessions(tx, id) : 0;
    await audit(tx, {
      operator: op.email,
      action: frozen ? "customer.freeze" : "customer.unfreeze",
      target: `user:${uidOf(id)}`,
      before: { status: before.status },
      after: frozen ? { status: after.status, sessions_ended: ended } : { status: after.status },
    });
    return customerView(after);
  });
  forgetVerifiedSessions();
  return view;
}

/** Signs a customer out everywhere (they can sign in again unless frozen). */
export async function endCustomerSessions(db: Db, op: AuthOperator, id: number) {
  forgetVerifiedSessions();
  const result = await db.transaction(async (tx) => {
    await customerRow(tx, id, true);
    const live = await tx.select({ id: sessions.id }).from(sessions).where(liveSessions(id));
    const ended = await endSessions(tx, id);
    await audit(tx, {
      operator: op.email,
      action: "customer.end_sessions",
      target: `user:${uidOf(id)}`,
      before: { sessions: live.length },
      after: { sessions: live.length - ended },
    });
    return { ended };
  });
  forgetVerifiedSessions();
  return result;
}

const runView = (r: typeof ledgerAuditRuns.$inferSelect) => ({
  id: r.id,
  ok: r.ok === 1,
  report: r.report,
  at: r.createdAt.toISOString(),
});

/** The ledger view: totals per coin by account kind (as `ledger totals`) and the newest audit run. */
export async function ledgerOverview(db: Db) {
  const [last] = await db.select().from(ledgerAuditRuns).orderBy(desc(ledgerAuditRuns.id)).limit(1);
  const totals = (await ledgerTotals(db)).map((r) => ({
    ...r,
    available: trimZeros(r.available),
    frozen: trimZeros(r.frozen),
  }));
  return { totals, last_audit: last ? runView(last) : null };
}

/** Runs the ledger audit now (as `npm run ops -- audit`), records the run and audits who asked. */
export async function runLedgerAudit(db: Db, op: AuthOperator) {
  return db.transaction(async (tx) => {
    const report = await auditLedger(tx, { record: true });
    const [run] = await tx.select().from(ledgerAuditRuns).orderBy(desc(ledgerAuditRuns.id)).limit(1);
    await audit(tx, {
      operator: op.email,
      action: "ledger.audit",
      target: `ledger_audit:${run?.id ?? 0}`,
      after: { ok: report.ok, findings: report.findings.length, report: formatAudit(report) },
    });
    return run ? runView(run) : null;
  });
}
