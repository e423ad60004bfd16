// The console's side of the wallet's review work: withdrawals and fiat recharges as an operator
// sees them and as the audit log records them, one by its id, and how many wait. The decisions
// are reviewWithdrawal and markWithdrawalSent (withdrawals.ts) and reviewFiatRecharge
// (deposits.ts); the console (admin, a layer above) wraps each in its audit row.
import Decimal from "decimal.js";
import { count, eq } from "drizzle-orm";
import { uidOf } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { fiatRecharges, withdrawals } from "./tables.ts";

export type Withdrawal = typeof withdrawals.$inferSelect;
export type FiatRecharge = typeof fiatRecharges.$inferSelect;

const money = (v: string) => new Decimal(v).toFixed();

/** A withdrawal as the console lists it (`account` is the customer's email or phone). */
export function withdrawalView(w: Withdrawal, account: string) {
  return {
    id: w.id,
    uid: uidOf(w.userId),
    account,
    coin: w.coin,
    network: w.network,
    address: w.address,
    memo: w.memo ?? "",
    amount: money(w.amount),
    fee: money(w.fee),
    receive: money(w.receive),
    status: w.status,
    txid: w.txid ?? "",
    reason: w.reason ?? "",
    reviewed_by: w.reviewedBy ?? "",
    created_at: w.createdAt.toISOString(),
  };
}

/** What a review changes of a withdrawal: the audit's before and after. */
export const withdrawalState = (w: Withdrawal) => ({
  status: w.status,
  txid: w.txid,
  reason: w.reason,
  reviewed_by: w.reviewedBy,
});

/** A withdrawal by its id, any status; 404 when there is none. */
export async function withdrawalById(db: Db, id: number) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  if (!row) throw new ApiError(404, "errors.not_found");
  return row;
}

/** A fiat recharge as the console lists it. */
export const fiatView = (r: FiatRecharge, account: string) => ({
  id: r.id,
  uid: uidOf(r.userId),
  account,
  method: r.method,
  amount: new Decimal(r.amount).toFixed(2),
  currency: r.currency,
  credit: money(r.credit),
  reference: r.reference,
  status: r.status,
  created_at: r.createdAt.toISOString(),
});

/** What a review changes of a fiat recharge: the audit's before and after. */
export const fiatState = (r: FiatRecharge) => ({
  status: r.status,
  reason: r.reason,
  reviewed_by: r.reviewedBy,
});

/** A fiat recharge by its id, any status; 404 when there is none. */
export async function fiatRechargeById(db: Db, id: number) {
  const [row] = await db.select().from(fiatRecharges).where(eq(fiatRecharges.id, id)).limit(1);
  if (!row) throw new ApiError(404, "errors.not_found");
  return row;
}

/** How many withdrawals and fiat recharges wait for an operator (the console's dashboard). */
export async function pendingReviewCounts(db: Db) {
  const [wd] = await db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, "pending"));
  const [fiat] = await db
    .select({ n: count() })
    .from(fiatRecharges)
    .where(eq(fiatRecharges.status, "pending"));
  return { withdrawals: wd?.n ?? 0, fiat: fiat?.n ?? 0 };
}
