// The console's identity-verification reviews and its dashboard's queues: each decision runs the
// same service function as the operator CLI, inside one transaction with the audit row that
// records it (before and after), so neither exists alone. The domains' rows are read through their
// public entries; the wallet's reviews are the wallet's own console work (wallet/admin.ts).
import { uidOf } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { accountNamesOf } from "../identity/index.ts";
import {
  type Application,
  decideApplication,
  getApplication,
  KycDecisionError,
  listApplications,
  pendingApplicationCount,
} from "../kyc/index.ts";
import { pendingReviewCounts } from "../wallet/index.ts";
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

/** What waits for an operator (the dashboard). */
export async function queueCounts(db: Db) {
  const kyc = await pendingApplicationCount(db);
  const wallet = await pendingReviewCounts(db);
  return { kyc, withdrawals: wallet.withdrawals, fiat: wallet.fiat };
}
