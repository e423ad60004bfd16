import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Lang } from "../contract/languages.ts";
import { messages } from "../contract/messages/index.ts";
import { offsetOf, type PageQuery, pageResult } from "../contract/pagination.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { translator } from "../http/i18n.ts";
import { type AccountNotice, BALANCE_CHANNEL } from "../ledger/index.ts";
import { queuePush } from "../push/index.ts";
import { INBOX_PARAMS } from "./params.ts";
import { inboxMessages } from "./tables.ts";

/**
 * The kinds of message the platform sends. Each has `inbox.<type>.title` and `.body` in the
 * message catalogue (platform/contract/messages), worded with the message's params.
 */
export const INBOX_TYPES = [
  "security_password_changed",
  "security_fund_password_set",
  "security_fund_password_changed",
  "security_2fa_bound",
  "security_2fa_unbound",
  "security_phone_bound",
  "security_email_bound",
  "security_new_login",
  "security_login_attempts",
  "kyc_primary_approved",
  "kyc_primary_rejected",
  "kyc_advanced_approved",
  "kyc_advanced_rejected",
  "deposit_credited",
  "withdrawal_requested",
  "withdrawal_approved",
  "withdrawal_rejected",
  "withdrawal_sent",
  "fiat_recharge_approved",
  "fiat_recharge_rejected",
  "order_liquidated",
  "order_tpsl_triggered",
  "option_settled",
  "earn_income",
  "earn_reward",
  "launchpad_delivered",
  "agent_approved",
  "price_alert_above",
  "price_alert_below",
  "price_alert_move",
] as const;
export type InboxType = (typeof INBOX_TYPES)[number];

/**
 * Sends a user a message; call it inside the transaction of the event it reports. Its push
 * notification (if the kind has one and the user turned them on) is queued in the same
 * transaction and sent once it commits (platform/push).
 */
export async function postMessage(
  db: Db,
  userId: number,
  type: InboxType,
  params: Record<string, string | number> = {},
) {
  await db.insert(inboxMessages).values({ userId, type, params });
  await notifyInbox(db, userId);
  await queuePush(db, userId, type, params);
}

/**
 * Tells the customer's open pages their unread count changed, once the transaction commits
 * (the ledger's notice channel; see ledger/events.ts, which looks the count up and relays it).
 */
async function notifyInbox(db: Db, userId: number) {
  const notice: AccountNotice = { user: userId, coins: [], inbox: true };
  await db.execute(sql`select pg_notify(${BALANCE_CHANNEL}, ${JSON.stringify(notice)})`);
}

// ------------------------------------------------------------------ reading (the message centre)

/** A message as its reader sees it: worded in the reader's language at read time. */
export type InboxView = {
  id: number;
  type: string;
  title: string;
  body: string;
  read: boolean;
  created_at: string;
};

/** A message's title and body in one language (the message centre, and its push notification). */
export function wordMessage(type: string, rowParams: Record<string, string | number>, lang: Lang) {
  const t = translator(lang);
  // A kind this build has no words for (say, written by a newer instance) still reads sensibly.
  const key = type in messages.en.inbox ? type : "unknown";
  // Every placeholder gets a value, so nothing shows as "{{amount}}".
  const params = { ...Object.fromEntries(INBOX_PARAM_NAMES.map((n) => [n, "—"])), ...rowParams };
  return { title: t(`inbox.${key}.title`, params), body: t(`inbox.${key}.body`, params) };
}

function word(row: typeof inboxMessages.$inferSelect, lang: Lang): InboxView {
  return {
    id: row.id,
    type: row.type,
    ...wordMessage(row.type, row.params, lang),
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

const INBOX_PARAM_NAMES = [...new Set(Object.values(INBOX_PARAMS).flat())];

/** A page of a user's messages, newest first (only the unread ones when asked). */
export async function listMessages(
  db: Db,
  userId: number,
  lang: Lang,
  page: PageQuery,
  options: { unreadOnly?: boolean } = {},
) {
  const where = and(
    eq(inboxMessages.userId, userId),
    options.unreadOnly ? isNull(inboxMessages.readAt) : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(inboxMessages).where(where);
  const { offset, limit } = offsetOf(page);
  const rows = await db
    .select()
    .from(inboxMessages)
    .where(where)
    .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
    .offset(offset)
    .limit(limit);
  return pageResult(
    page,
    rows.map((r) => word(r, lang)),
    counted?.total ?? 0,
  );
}

/**
 * The unread count as a scalar subquery, for a caller that reads it in one statement with its
 * own (the tab bar's badges: on the embedded database each statement costs its thread ~1 ms).
 */
export function unreadCountSql(userId: number) {
  return sql<number>`(select count(*)::int from ${inboxMessages} where ${unreadOf(userId)})`;
}

const unreadOf = (userId: number) => and(eq(inboxMessages.userId, userId), isNull(inboxMessages.readAt));

export async function unreadCount(db: Db, userId: number) {
  const [row] = await db.select({ n: count() }).from(inboxMessages).where(unreadOf(userId));
  return row?.n ?? 0;
}

/** One of the user's own messages; another user's is "not found", as if it did not exist. */
export async function getMessage(db: Db, userId: number, id: number, lang: Lang) {
  const [row] = await db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.id, id), eq(inboxMessages.userId, userId)))
    .limit(1);
  if (!row) throw new ApiError(404, "errors.not_found");
  return word(row, lang);
}

/** Marks one of the user's messages read (reading it again changes nothing). */
export async function markRead(db: Db, userId: number, id: number) {
  const [row] = await db
    .select({ id: inboxMessages.id })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.id, id), eq(inboxMessages.userId, userId)))
    .limit(1);
  if (!row) throw new ApiError(404, "errors.not_found");
  const read = await db
    .update(inboxMessages)
    .set({ readAt: new Date() })
    .where(and(eq(inboxMessages.id, id), isNull(inboxMessages.readAt)))
    .returning({ id: inboxMessages.id });
  if (read.length > 0) await notifyInbox(db, userId);
}

/** Marks every unread message of the user read; answers how many there were. */
export async function markAllRead(db: Db, userId: number) {
  const rows = await db
    .update(inboxMessages)
    .set({ readAt: new Date() })
    .where(and(eq(inboxMessages.userId, userId), isNull(inboxMessages.readAt)))
    .returning({ id: inboxMessages.id });
  if (rows.length > 0) await notifyInbox(db, userId);
  return rows.length;
}
