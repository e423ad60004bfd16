import { and, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { KycState } from "../contract/identity.ts";
import type { DocumentType, KycLevel, KycStatus } from "../contract/kyc.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { postMessage } from "../inbox/index.ts";
import type { UploadStore } from "../uploads/index.ts";
import { type CheckedImage, saveImages } from "../uploads/index.ts";
import { kycApplications } from "./tables.ts";

/**
 * Identity verification: each level goes unauthenticated → pending (under review) →
 * authenticated | rejected (with the reason; the user may submit again). Advanced is open only
 * once primary is authenticated. Operators decide (`npm run ops -- kyc …`), recorded with who and
 * when, and the user gets a message-centre notice in the same transaction.
 */
export type Application = typeof kycApplications.$inferSelect;

async function latest(db: Db, userId: number, level: KycLevel): Promise<Application | undefined> {
  const [row] = await db
    .select()
    .from(kycApplications)
    .where(and(eq(kycApplications.userId, userId), eq(kycApplications.level, level)))
    .orderBy(desc(kycApplications.submittedAt), desc(kycApplications.id))
    .limit(1);
  return row;
}

const stateOf = (row: Application | undefined): KycState => row?.status ?? "unauthenticated";

/** The state of both levels (`data.user.authentication`). */
export async function kycStates(db: Db, userId: number): Promise<Record<KycLevel, KycState>> {
  const rows = await db
    .selectDistinctOn([kycApplications.level], {
      level: kycApplications.level,
      status: kycApplications.status,
    })
    .from(kycApplications)
    .where(eq(kycApplications.userId, userId))
    .orderBy(kycApplications.level, desc(kycApplications.submittedAt), desc(kycApplications.id));
  const of = (level: KycLevel) => rows.find((r) => r.level === level)?.status ?? "unauthenticated";
  return { primary: of("primary"), advanced: of("advanced") };
}

function maskName(name: string) {
  return name
    .split(/\s+/)
    .map((part) => [...part].map((c, i) => (i === 0 ? c : "*")).join(""))
    .join(" ");
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** What the owner sees: both levels, with the reason of a rejection and masked details. */
export async function kycStatus(db: Db, userId: number): Promise<KycStatus> {
  const primary = await latest(db, userId, "primary");
  const advanced = await latest(db, userId, "advanced");
  const level = (row: Application | undefined) => ({
    status: stateOf(row),
    reason: row?.status === "rejected" ? (row.reason ?? "") : null,
    submitted_at: iso(row?.submittedAt),
    decided_at: iso(row?.decidedAt),
  });
  return {
    primary: {
      ...level(primary),
      real_name: primary?.realName ? maskName(primary.realName) : "",
      id_number: primary?.idNumber ? `****${primary.idNumber.slice(-4)}` : "",
      country: primary?.country ?? "",
      document_type: primary?.documentType ?? "",
    },
    advanced: {
      ...level(advanced),
      can_submit:
        stateOf(primary) === "authenticated" && ["unauthenticated", "rejected"].includes(stateOf(advanced)),
    },
  };
}

/** A level may be submitted when never submitted or rejected; not while pending or once authenticated. */
function assertOpen(row: Application | undefined) {
  if (row?.status === "pending") throw new ApiError(409, "kyc.already_pending");
  if (row?.status === "authenticated") throw new ApiError(409, "kyc.already_verified");
}

function isPendingConflict(error: unknown) {
  return String((error as { cause?: unknown }).cause ?? error).includes("kyc_one_pending");
}

export async function submitPrimary(
  db: Db,
  userId: number,
  input: { realName: string; idNumber: string; country: string; documentType: DocumentType },
) {
  assertOpen(await latest(db, userId, "primary"));
  // One identity document verifies one account: refuse it while another account has it under
  // review or verified.
  const [used] = await db
    .select({ id: kycApplications.id })
    .from(kycApplications)
    .where(
      and(
        eq(kycApplications.level, "primary"),
        eq(kycApplications.idNumber, input.idNumber),
        eq(kycApplications.country, input.country),
        eq(kycApplications.documentType, input.documentType),
        inArray(kycApplications.status, ["pending", "authenticated"]),
        ne(kycApplications.userId, userId),
      ),
    )
    .limit(1);
  if (used) throw fieldError("id_number", "kyc.document_in_use");
  try {
    await db.insert(kycApplications).values({
      userId,
      level: "primary",
      realName: input.realName,
      idNumber: input.idNumber,
      country: input.country,
      documentType: input.documentType,
    });
  } catch (error) {
    if (isPendingConflict(error)) throw new ApiError(409, "kyc.already_pending");
    throw error;
  }
}

/**
 * Advanced verification: the ID's front and back and a photo holding it, images checked before
 * (by the caller: checkImage). The files are stored with the application; if recording it fails,
 * they are removed again.
 */
export async function submitAdvanced(
  db: Db,
  store: UploadStore,
  userId: number,
  images: { front: CheckedImage; back: CheckedImage; holding: CheckedImage },
) {
  if (stateOf(await latest(db, userId, "primary")) !== "authenticated") {
    throw new ApiError(403, "kyc.primary_first");
  }
  assertOpen(await latest(db, userId, "advanced"));
  let discard: (() => Promise<void>) | undefined;
  try {
    await db.transaction(async (tx) => {
      const saved = await saveImages(tx, store, userId, [
        { purpose: "kyc_front", image: images.front },
        { purpose: "kyc_back", image: images.back },
        { purpose: "kyc_holding", image: images.holding },
      ]);
      discard = saved.discard;
      const [front, back, holding] = saved.ids;
      await tx.insert(kycApplications).values({
        userId,
        level: "advanced",
        frontUploadId: front,
        backUploadId: back,
        holdingUploadId: holding,
      });
    });
  } catch (error) {
    await discard?.();
    if (isPendingConflict(error)) throw new ApiError(409, "kyc.already_pending");
    throw error;
  }
}

export async function listApplications(
  db: Db,
  filter: { status?: Application["status"]; level?: KycLevel; limit?: number },
) {
  return db
    .select()
    .from(kycApplications)
    .where(
      and(
        filter.status ? eq(kycApplications.status, filter.status) : undefined,
        filter.level ? eq(kycApplications.level, filter.level) : undefined,
      ),
    )
    .orderBy(desc(kycApplications.submittedAt), desc(kycApplications.id))
    .limit(filter.limit ?? 50);
}

export async function getApplication(db: Db, id: number) {
  const [row] = await db.select().from(kycApplications).where(eq(kycApplications.id, id)).limit(1);
  return row;
}

export class KycDecisionError extends Error {}

/**
 * An operator's decision on a pending application: approved, or rejected with a reason. Who and
 * when are recorded; the user gets a notice in the same transaction. Only a pending application
 * can be decided, once.
 */
export async function decideApplication(
  db: Db,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  operator: string,
) {
  if (!decision.approve && !decision.reason.trim()) throw new KycDecisionError("a rejection needs a reason");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(kycApplications)
      .set({
        status: decision.approve ? "authenticated" : "rejected",
        decidedAt: sql`now()`,
        decidedBy: operator,
        reason: decision.approve ? null : decision.reason.trim(),
      })
      .where(and(eq(kycApplications.id, id), eq(kycApplications.status, "pending")))
      .returning();
    if (!row) {
      const existing = await getApplication(tx, id);
      throw new KycDecisionError(
        existing ? `application ${id} is ${existing.status}, not pending` : `no application ${id}`,
      );
    }
    await postMessage(
      tx,
      row.userId,
      `kyc_${row.level}_${decision.approve ? "approved" : "rejected"}`,
      decision.approve ? {} : { reason: decision.reason.trim() },
    );
    return row;
  });
}

/** Whether an upload is one of an application's identity documents (the console serves no other). */
export async function isKycDocument(db: Db, uploadId: string) {
  const [row] = await db
    .select({ id: kycApplications.id })
    .from(kycApplications)
    .where(
      or(
        eq(kycApplications.frontUploadId, uploadId),
        eq(kycApplications.backUploadId, uploadId),
        eq(kycApplications.holdingUploadId, uploadId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** How many applications wait for a decision (the console's dashboard). */
export async function pendingApplicationCount(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(kycApplications)
    .where(eq(kycApplications.status, "pending"));
  return row?.n ?? 0;
}
