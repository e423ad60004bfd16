// The console's identity-verification reviews: each decision runs the same service function as
// the operator CLI (decideApplication), inside one transaction with the audit row that records it
// (before and after), written by the writer the console (admin) hands in with the operator
// (`Actor`), so neither exists alone. The customers' account names come from identity, handed in
// too: kyc sits below identity and never imports it.
import { uidOf } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import type { Actor } from "../http/console.ts";
import { ApiError } from "../http/errors.ts";
import {
  type Application,
  decideApplication,
  getApplication,
  KycDecisionError,
  listApplications,
} from "./service.ts";

/** The account (e-mail, else phone) of each of these customers, by id ("" for none). */
export type AccountNames = (db: Db, ids: number[]) => Promise<(id: number) => string>;

const kycState = (a: Application) => ({
  status: a.status,
  reason: a.reason,
  decided_by: a.decidedBy,
  decided_at: a.decidedAt?.toISOString() ?? null,
});

function kycView(a: Application, account: string) {
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

/** The newest 200 verifications of one state (or all), each with its customer's account. */
export async function kycQueue(db: Db, accountNamesOf: AccountNames, status: Application["status"] | "all") {
  const list = await listApplications(db, { status: status === "all" ? undefined : status, limit: 200 });
  const account = await accountNamesOf(
    db,
    list.map((a) => a.userId),
  );
  return list.map((a) => kycView(a, account(a.userId)));
}

export async function kycDetail(db: Db, accountNamesOf: AccountNames, id: number) {
  const row = await getApplication(db, id);
  if (!row) throw new ApiError(404, "errors.not_found");
  return kycView(row, (await accountNamesOf(db, [row.userId]))(row.userId));
}

export async function decideKyc(
  db: Db,
  accountNamesOf: AccountNames,
  by: Actor,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  return db.transaction(async (tx) => {
    const before = await getApplication(tx, id);
    if (!before) throw new ApiError(404, "errors.not_found");
    let after: Application;
    try {
      after = await decideApplication(tx, id, decision, by.email);
    } catch (error) {
      if (error instanceof KycDecisionError) throw new ApiError(409, "admin.already_decided");
      throw error;
    }
    await by.record(tx, {
      operator: by.email,
      action: decision.approve ? "kyc.approve" : "kyc.reject",
      target: `kyc:${id}`,
      before: kycState(before),
      after: kycState(after),
    });
    return kycView(after, (await accountNamesOf(tx, [after.userId]))(after.userId));
  });
}
