import { describeDevice } from "../contract/device.ts";
import { uidOf } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import {
  countLiveSessions,
  endLiveSessions,
  forgetVerifiedSessions,
  liveSessionsOf,
  searchUsers,
  setUserStatus,
  type UserRow,
  userRow,
} from "../identity/index.ts";
import {
  auditLedger,
  formatAudit,
  lastAuditRun,
  ledgerTotals,
  recentEntriesOf,
  walletAccountsOf,
} from "../ledger/index.ts";
import { recentOrdersOf, recentPositionsOf } from "../trading/index.ts";
import { ownersOfDepositAddress } from "../wallet/index.ts";
import { type AuthOperator, audit } from "./service.ts";

const customerView = (u: UserRow) => ({
  id: u.id,
  uid: uidOf(u.id),
  email: u.email ?? "",
  phone: u.phoneE164 ?? "",
  wallet_address: u.walletAddress ?? "",
  kind: u.kind,
  status: u.status,
  created_at: u.createdAt.toISOString(),
});

/**
 * Customers matching a term: part of an e-mail or phone, an exact UID, a sign-in wallet address
 * or one of their deposit addresses. At most 50, newest first.
 */
export async function searchCustomers(db: Db, term: string) {
  const value = term.trim();
  if (!value) return [];
  const uid = /^\d{8,}$/.test(value) ? Number(value) - 10_000_000 : undefined;
  const byDeposit = await ownersOfDepositAddress(db, value);
  const rows = await searchUsers(db, value, uid, byDeposit);
  return rows.map(customerView);
}

async function customerRow(db: Db, id: number, lock = false) {
  const row = await userRow(db, id, lock);
  if (!row) throw new ApiError(404, "errors.not_found");
  return row;
}

/** One customer: balances per wallet and coin, recent ledger entries, orders, positions, sessions. */
export async function customerDetail(db: Db, id: number) {
  const user = await customerRow(db, id);
  const balances = await walletAccountsOf(db, id);
  const entries = await recentEntriesOf(db, id, 50);
  const orderRows = await recentOrdersOf(db, id, 50);
  const positionRows = await recentPositionsOf(db, id, 50);
  const sessionRows = await liveSessionsOf(db, id, 100);
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
    const after = await setUserStatus(tx, id, status);
    if (!after) throw new ApiError(404, "errors.not_found");
    const ended = frozen ? await endLiveSessions(tx, id) : 0;
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
    const live = await countLiveSessions(tx, id);
    const ended = await endLiveSessions(tx, id);
    await audit(tx, {
      operator: op.email,
      action: "customer.end_sessions",
      target: `user:${uidOf(id)}`,
      before: { sessions: live },
      after: { sessions: live - ended },
    });
    return { ended };
  });
  forgetVerifiedSessions();
  return result;
}

const runView = (r: NonNullable<Awaited<ReturnType<typeof lastAuditRun>>>) => ({
  id: r.id,
  ok: r.ok === 1,
  report: r.report,
  at: r.createdAt.toISOString(),
});

/** The ledger view: totals per coin by account kind (as `ledger totals`) and the newest audit run. */
export async function ledgerOverview(db: Db) {
  const last = await lastAuditRun(db);
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
    const run = await lastAuditRun(tx);
    await audit(tx, {
      operator: op.email,
      action: "ledger.audit",
      target: `ledger_audit:${run?.id ?? 0}`,
      after: { ok: report.ok, findings: report.findings.length, report: formatAudit(report) },
    });
    return run ? runView(run) : null;
  });
}
