// The console's writes: each runs the same service function as the operator CLI, inside one
// transaction with the audit row that records it (before and after), so neither exists alone.
import Decimal from "decimal.js";
import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import { forgetContentLists } from "../content/index.ts";
import { posts, postTranslations, slides, slideTranslations } from "../content/tables.ts";
import type { AdminPostKind } from "../contract/admin.ts";
import { POST_TYPES, SLIDE_TYPES } from "../contract/content.ts";
import { uidOf } from "../contract/identity.ts";
import { LANGUAGES } from "../contract/languages.ts";
import type { Db } from "../db/client.ts";
import { earnProducts } from "../earn/tables.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { findCustomer } from "../identity/index.ts";
import { users } from "../identity/tables.ts";
import { decideApplication, getApplication, KycDecisionError, listApplications } from "../kyc/index.ts";
import { kycApplications } from "../kyc/tables.ts";
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

type Application = typeof kycApplications.$inferSelect;

const kycState = (a: Application) => ({
  status: a.status,
  reason: a.reason,
  decided_by: a.decidedBy,
  decided_at: a.decidedAt?.toISOString() ?? null,
});

async function accountsOf(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db
        .select({ id: users.id, email: users.email, phone: users.phoneE164 })
        .from(users)
        .where(inArray(users.id, unique))
    : [];
  return (id: number) => {
    const row = rows.find((r) => r.id === id);
    return row?.email ?? row?.phone ?? "";
  };
}

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
  const account = await accountsOf(
    db,
    list.map((a) => a.userId),
  );
  return list.map((a) => kycView(a, account(a.userId)));
}

export async function kycDetail(db: Db, id: number) {
  const row = await getApplication(db, id);
  if (!row) throw new ApiError(404, "errors.not_found");
  return kycView(row, (await accountsOf(db, [row.userId]))(row.userId));
}

/** Whether an upload is an identity document: the console's media route serves nothing else. */
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
    return kycView(after, (await accountsOf(tx, [after.userId]))(after.userId));
  });
}

const money = (v: string) => new Decimal(v).toFixed();

export async function withdrawalQueue(db: Db, all: boolean) {
  const rows = all ? await recentWithdrawals(db, 100) : await pendingWithdrawals(db);
  const account = await accountsOf(
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
  const account = await accountsOf(
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

type Product = typeof earnProducts.$inferSelect;
export const productView = (p: Product) => ({
  id: p.id,
  kind: p.kind,
  coin: p.coin,
  name_key: p.nameKey,
  daily_rate: money(p.dailyRate),
  pool_total: money(p.poolTotal),
  pool_remaining: money(p.poolRemaining),
  min_purchase: money(p.minPurchase),
  max_purchase: money(p.maxPurchase),
  lock_days: p.lockDays,
  status: p.status,
});

export async function listAllProducts(db: Db) {
  const rows = await db
    .select()
    .from(earnProducts)
    .orderBy(asc(earnProducts.kind), asc(earnProducts.sort), asc(earnProducts.id));
  return rows.map(productView);
}

/**
 * A pool's daily rate and status. Participations keep the rate they joined at (earn's rule), so a
 * change applies to new participations only.
 */
export async function updateProduct(
  db: Db,
  op: AuthOperator,
  id: number,
  change: { dailyRate?: string; status?: Product["status"] },
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(earnProducts)
      .where(eq(earnProducts.id, id))
      .for("update")
      .limit(1);
    if (!before) throw new ApiError(404, "errors.not_found");
    const [after] = await tx
      .update(earnProducts)
      .set({ dailyRate: change.dailyRate ?? before.dailyRate, status: change.status ?? before.status })
      .where(eq(earnProducts.id, id))
      .returning();
    if (!after) throw new ApiError(404, "errors.not_found");
    const b = productView(before);
    const a = productView(after);
    await audit(tx, {
      operator: op.email,
      action: "product.update",
      target: `product:${id}`,
      before: { daily_rate: b.daily_rate, status: b.status },
      after: { daily_rate: a.daily_rate, status: a.status },
    });
    return a;
  });
}

/** The console's post kinds (notices, academy articles, news, protocol pages) and their types. */
export const POST_KIND_TYPES: Record<Exclude<AdminPostKind, "banner">, number> = {
  notice: POST_TYPES.notice,
  academy: POST_TYPES.academy,
  news: POST_TYPES.news,
  protocol: POST_TYPES.protocol,
};

/** The home page's banners, read like posts: a title and a subtitle (as summary) per language. */
async function bannerRows(db: Db) {
  return db
    .select({
      id: slides.id,
      slug: slides.slug,
      publishedAt: slides.createdAt,
      published: slides.active,
      lang: slideTranslations.lang,
      title: slideTranslations.title,
    })
    .from(slides)
    .leftJoin(slideTranslations, eq(slideTranslations.slideId, slides.id))
    .where(eq(slides.type, SLIDE_TYPES.homeBanner))
    .orderBy(asc(slides.sort), asc(slides.id));
}

async function bannerText(db: Db, id: number, lang: string) {
  const [slide] = await db
    .select({ id: slides.id })
    .from(slides)
    .where(and(eq(slides.id, id), eq(slides.type, SLIDE_TYPES.homeBanner)))
    .limit(1);
  if (!slide) throw new ApiError(404, "errors.not_found");
  const [tr] = await db
    .select()
    .from(slideTranslations)
    .where(and(eq(slideTranslations.slideId, id), eq(slideTranslations.lang, lang)))
    .limit(1);
  return { id, lang, title: tr?.title ?? "", summary: tr?.subtitle ?? "", body: "" };
}

/** The posts of one kind, each with the languages it is written in and whether customers see it. */
export async function listNotices(db: Db, kind: AdminPostKind = "notice") {
  const rows =
    kind === "banner"
      ? await bannerRows(db)
      : await db
          .select({
            id: posts.id,
            slug: posts.slug,
            publishedAt: posts.publishedAt,
            published: sql<boolean>`${posts.unpublishedAt} is null`,
            lang: postTranslations.lang,
            title: postTranslations.title,
          })
          .from(posts)
          .leftJoin(postTranslations, eq(postTranslations.postId, posts.id))
          .where(eq(posts.type, POST_KIND_TYPES[kind]))
          .orderBy(asc(posts.id));
  const byId = new Map<
    number,
    { id: number; slug: string; published_at: string; published: boolean; title: string; langs: string[] }
  >();
  for (const r of rows) {
    const item = byId.get(r.id) ?? {
      id: r.id,
      slug: r.slug ?? "",
      published_at: r.publishedAt.toISOString(),
      published: r.published,
      title: "",
      langs: [],
    };
    if (r.lang) item.langs.push(r.lang);
    if (r.lang === "en" || (!item.title && r.title)) item.title = r.title ?? "";
    byId.set(r.id, item);
  }
  return [...byId.values()].sort((a, b) => b.published_at.localeCompare(a.published_at));
}

async function noticePost(db: Db, id: number, kind: Exclude<AdminPostKind, "banner">) {
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.type, POST_KIND_TYPES[kind])))
    .limit(1);
  if (!post) throw new ApiError(404, "errors.not_found");
  return post;
}

export async function noticeText(db: Db, id: number, lang: string, kind: AdminPostKind = "notice") {
  if (kind === "banner") return bannerText(db, id, lang);
  await noticePost(db, id, kind);
  const [tr] = await db
    .select()
    .from(postTranslations)
    .where(and(eq(postTranslations.postId, id), eq(postTranslations.lang, lang)))
    .limit(1);
  return { id, lang, title: tr?.title ?? "", summary: tr?.summary ?? "", body: tr?.body ?? "" };
}

/** A post's title, summary and Markdown body (a banner's title and subtitle) in one language. */
export async function updateNotice(
  db: Db,
  op: AuthOperator,
  id: number,
  lang: string,
  text: { title: string; summary: string; body: string },
  kind: AdminPostKind = "notice",
) {
  if (!(LANGUAGES as readonly string[]).includes(lang)) throw fieldError("lang", "admin.lang_invalid");
  const result = await db.transaction(async (tx) => {
    const before = await noticeText(tx, id, lang, kind);
    if (kind === "banner") {
      const value = { title: text.title, subtitle: text.summary };
      await tx
        .insert(slideTranslations)
        .values({ slideId: id, lang, ...value })
        .onConflictDoUpdate({ target: [slideTranslations.slideId, slideTranslations.lang], set: value });
    } else {
      const value = { title: text.title, summary: text.summary, body: text.body };
      await tx
        .insert(postTranslations)
        .values({ postId: id, lang, ...value })
        .onConflictDoUpdate({ target: [postTranslations.postId, postTranslations.lang], set: value });
    }
    const after = await noticeText(tx, id, lang, kind);
    await audit(tx, {
      operator: op.email,
      action: `${kind}.update`,
      target: `${kind === "banner" ? "slide" : "post"}:${id}:${lang}`,
      before: before.title || before.body ? before : null,
      after,
    });
    return after;
  });
  // After the commit: a read in between would keep the old lists.
  forgetContentLists();
  return result;
}

/** What waits for an operator (the dashboard). */
export async function queueCounts(db: Db) {
  const [kyc] = await db
    .select({ n: count() })
    .from(kycApplications)
    .where(eq(kycApplications.status, "pending"));
  const wallet = await pendingReviewCounts(db);
  return { kyc: kyc?.n ?? 0, withdrawals: wallet.withdrawals, fiat: wallet.fiat };
}
