import { and, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { paymentMethods, sessions, userSecurity, users } from "./tables.ts";

// What other domains may read of identity's tables, as functions: the tables stay identity's own
// (see docs/decisions/boundaries.md), so a change to them is a change here, not a hunt.

/** One of a customer's payment methods (bank cards), or undefined when it is not theirs. */
export async function paymentMethodOf(db: Db, userId: number, methodId: number) {
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.userId, userId)))
    .limit(1);
  return method;
}

/** Locks a customer's row until the transaction ends: serializes that customer's claims. */
export async function lockUser(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** The id of the account with this e-mail, if any. */
export async function userIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return user?.id;
}

/** The anti-phishing code and language of the account with this e-mail, when it has set a code. */
export async function antiPhishingOf(
  db: Db,
  email: string,
): Promise<{ code: string; lang: string } | undefined> {
  const [owner] = await db
    .select({ code: userSecurity.antiPhishingCode, lang: users.lang })
    .from(users)
    .innerJoin(userSecurity, eq(userSecurity.userId, users.id))
    .where(and(eq(users.email, email), isNotNull(userSecurity.antiPhishingCode)))
    .limit(1);
  return owner?.code ? { code: owner.code, lang: owner.lang } : undefined;
}

/** The e-mail, phone and sign-in wallet of each of these accounts (those that exist). */
export async function contactsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, phone: users.phoneE164, wallet: users.walletAddress })
    .from(users)
    .where(inArray(users.id, ids));
}

export type UserRow = typeof users.$inferSelect;

const likeOf = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether a number can be an account's id (the column is a 32-bit integer): a typed UID past it
 * names nobody, and asking the database for it would be an error, not an empty answer.
 */
const isAccountId = (id: number | undefined): id is number =>
  id !== undefined && Number.isSafeInteger(id) && id > 0 && id < 2 ** 31;

/**
 * Accounts matching a console search term: part of an e-mail or phone, an exact id, a sign-in
 * wallet address, or one of `alsoIds` (found by another domain, e.g. by deposit address). At most
 * 50, newest first.
 */
export async function searchUsers(db: Db, value: string, id: number | undefined, alsoIds: number[]) {
  return db
    .select()
    .from(users)
    .where(
      or(
        ilike(users.email, likeOf(value)),
        ilike(users.phoneE164, likeOf(value.replace(/[\s-]/g, ""))),
        eq(sql`lower(${users.walletAddress})`, value.toLowerCase()),
        isAccountId(id) ? eq(users.id, id) : undefined,
        alsoIds.length ? inArray(users.id, alsoIds) : undefined,
      ),
    )
    .orderBy(desc(users.id))
    .limit(50);
}

/** One account's row, locked until the transaction ends when `lock` is set. */
export async function userRow(db: Db, id: number, lock = false): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** Sets an account's status (active or frozen); returns the row as it now is. */
export async function setUserStatus(tx: Db, id: number, status: "active" | "frozen") {
  const [after] = await tx
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return after;
}

const liveSessions = (userId: number) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** An account's live sessions, most recently seen first (at most `limit`). */
export async function liveSessionsOf(db: Db, userId: number, limit = 100) {
  return db
    .select()
    .from(sessions)
    .where(liveSessions(userId))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(limit);
}

/** Ends every live session of an account, as an operator's act; returns how many. */
export async function endLiveSessions(tx: Db, userId: number): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: "operator" })
    .where(liveSessions(userId))
    .returning({ id: sessions.id });
  return ended.length;
}

/** How many live sessions an account has. */
export async function countLiveSessions(db: Db, userId: number): Promise<number> {
  const live = await db.select({ id: sessions.id }).from(sessions).where(liveSessions(userId));
  return live.length;
}

/** Finds a customer by e-mail, phone (+E.164), wallet address or UID (the one operators quote). */
export async function findCustomer(db: Db, term: string) {
  const value = term.trim().toLowerCase();
  const uid = /^\d{8,}$/.test(value) ? Number(value) - 10_000_000 : undefined;
  const [user] = await db
    .select()
    .from(users)
    .where(
      or(
        eq(users.email, value),
        eq(users.phoneE164, value.startsWith("+") ? value : `+${value}`),
        eq(users.walletAddress, value),
        isAccountId(uid) ? eq(users.id, uid) : undefined,
      ),
    )
    .limit(1);
  return user;
}

/**
 * These customers' account names (e-mail, else phone) as a lookup by id: "" for one that does not
 * exist (the console's queues name each row's customer).
 */
export async function accountNamesOf(db: Db, ids: number[]): Promise<(id: number) => string> {
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
