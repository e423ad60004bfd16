// The console's reviews (identity verifications, withdrawals, fiat recharges, hand-credited
// deposits) and its dashboard's queues: each decision runs the same service function as the
// operator CLI, inside one transaction with the audit row that records it (before and after), so
// neither exists alone. The domains' rows are read through their public entries.
import Decimal from "decimal.js";
import { uidOf } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { accountNamesOf, findCustomer } from "../identity/index.ts";
import {
  type Application,
  decideApplication,
  getApplication,
  KycDecisionError,
  listApplications,
  pendingApplicationCount,
} from "../kyc/index.ts";
import {
  creditDeposit,
  fiatRechargeById,
  fiatState,
  fiatView,
  firstNetwork,
  markWithdrawalSent,
  pendingFiatRecharges,
  pendingReviewCounts,
  pendingWithdrawals,
  recentWithdrawals,
  reviewFiatRecharge,
  reviewWithdrawal,
  withdrawalById,
  withdrawalState,
  withdrawalView,
} from "../wallet/index.ts";
import { type AuthOperator, audit } from "./service.ts";

const kycState = (a: Application) => ({
  status: a.status,
  reason: a.reason,
  decided_by: a.decidedBy,
  decided_at: a.decidedAt?.toISOString() ?? null,
});

export function kycView(a: Application, account: string) {
  return {
    id: a.id,
    uid: uidOf(a.userId),
    account,
    level: a.level,
    status: a.status,
    real_name: a.realName ?? "",
    id_number: a.idNumber ?? "",
    country: a.country ?? "",
    document_type: a.documentType ?? "",
    documents: [
      ["front", a.frontUploadId],
      ["back", a.backUploadId],
      ["holding", a.holdingUploadId],
    ]
      .filter(([, id]) => id)
      .map(([side, id]) => ({ side: side as string, upload_id: id as string })),
    reason: a.reason ?? "",
    decided_by: a.decidedBy ?? "",
    submitted_at: a.submittedAt.toISOString(),
    decided_at: a.decidedAt?.toISOString() ?? null,
  };
}

export async function kycQueue(db: Db, status: Application["status"] | "all") {
  const list = await listApplications(db, { status: status === "all" ? undefined : status, limit: 200 });
  const account = await accountNamesOf(
    db,
    list.map((a) => a.userId),
  );
  return list.map((a) => kycView(a, account(a.userId)));
}

export async function kycDetail(db: Db, id: number) {
  const row = await getApplication(db, id);
  if (!row) throw new ApiError(404, "errors.not_found");
  return kycView(row, (await accountNamesOf(db, [row.userId]))(row.userId));
}

export async function decideKyc(
  db: Db,
  op: AuthOperator,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  return db.transaction(async (tx) => {
    const before = await getApplication(tx, id);
    if (!before) throw new ApiError(404, "errors.not_found");
    let after: Application;
    try {
      after = await decideApplication(tx, id, decision, op.email);
    } catch (error) {
      if (error instanceof KycDecisionError) throw new ApiError(409, "admin.already_decided");
      throw error;
    }
    await audit(tx, {
      operator: op.email,
      action: decision.approve ? "kyc.approve" : "kyc.reject",
      target: `kyc:${id}`,
      before: kycState(before),
      after: kycState(after),
    });
    return kycView(after, (await accountNamesOf(tx, [after.userId]))(after.userId));
  });
}

const money = (v: string) => new Decimal(v).toFixed();

export async function withdrawalQueue(db: Db, all: boolean) {
  const rows = all ? await recentWithdrawals(db, 100) : await pendingWithdrawals(db);
  const account = await accountNamesOf(
    db,
    rows.map((w) => w.userId),
  );
  return rows.map((w) => withdrawalView(w, account(w.userId)));
}

export async function decideWithdrawal(
  db: Db,
  op: AuthOperator,
  id: number,
  decision: { approve: boolean; reason?: string; txid?: string },
) {
  return db.transaction(async (tx) => {
    const before = await withdrawalById(tx, id);
    const after = await reviewWithdrawal(tx, id, {
      approve: decision.approve,
      operator: op.email,
      reason: decision.reason,
      txid: decision.txid || undefined,
    });
    await audit(tx, {
      operator: op.email,
      action: decision.approve ? "withdrawal.approve" : "withdrawal.reject",
      target: `withdrawal:${id}`,
      before: withdrawalState(before),
      after: withdrawalState(after),
    });
    return withdrawalView(after, "");
  });
}

export async function withdrawalSent(db: Db, op: AuthOperator, id: number, txid: string) {
  return db.transaction(async (tx) => {
    const before = await withdrawalById(tx, id);
    const after = await markWithdrawalSent(tx, id, txid);
    await audit(tx, {
      operator: op.email,
      action: "withdrawal.sent",
      target: `withdrawal:${id}`,
      before: withdrawalState(before),
      after: withdrawalState(after),
    });
    return withdrawalView(after, "");
  });
}

export async function fiatQueue(db: Db) {
  const rows = await pendingFiatRecharges(db);
  const account = await accountNamesOf(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => fiatView(r, account(r.userId)));
}

export async function decideFiat(
  db: Db,
  op: AuthOperator,
  id: number,
  decision: { approve: boolean; reason?: string },
) {
  return db.transaction(async (tx) => {
    const before = await fiatRechargeById(tx, id);
    const after = await reviewFiatRecharge(tx, id, { ...decision, operator: op.email });
    await audit(tx, {
      operator: op.email,
      action: decision.approve ? "fiat.approve" : "fiat.reject",
      target: `fiat_recharge:${id}`,
      before: fiatState(before),
      after: fiatState(after),
    });
    return fiatView(after, "");
  });
}

/** A confirmed chain deposit credited by hand (as `npm run ops -- deposit` does). */
export async function confirmDeposit(
  db: Db,
  op: AuthOperator,
  input: { account: string; coin: string; amount: string; network?: string; txid?: string },
) {
  const user = await findCustomer(db, input.account);
  if (!user) throw fieldError("account", "admin.no_customer");
  const coin = input.coin.toUpperCase();
  let network = input.network?.toUpperCase();
  if (!network) network = await firstNetwork(db, coin);
  if (!network) throw fieldError("coin", "admin.no_network");
  return db.transaction(async (tx) => {
    const row = await creditDeposit(tx, {
      userId: user.id,
      coin,
      network: network as string,
      amount: input.amount,
      txid: input.txid || undefined,
      operator: op.email,
    });
    // The same chain transaction twice credits once: say so instead of recording a credit.
    if ((row as { credited?: boolean }).credited === false) throw fieldError("txid", "admin.txid_credited");
    const after = {
      uid: uidOf(user.id),
      coin: row.coin,
      network: row.network,
      amount: money(row.amount),
      txid: row.txid,
    };
    await audit(tx, { operator: op.email, action: "deposit.credit", target: `deposit:${row.id}`, after });
    return { id: row.id, ...after };
  });
}

/** What waits for an operator (the dashboard). */
export async function queueCounts(db: Db) {
  const kyc = await pendingApplicationCount(db);
  const wallet = await pendingReviewCounts(db);
  return { kyc, withdrawals: wallet.withdrawals, fiat: wallet.fiat };
}
