import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { describeDevice } from "../contract/device.ts";
import { SIGNED_IN_ELSEWHERE, TOKEN_EXPIRED, TOKEN_INVALID } from "../contract/envelope.ts";
import type { SessionView } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import type { AuthUser } from "../http/context.ts";
import { ApiError } from "../http/errors.ts";
import { sessions, users } from "./tables.ts";

const SESSION_DAYS = 30;
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(
  db: Db,
  userId: number,
  info: { method: string; ip: string; userAgent: string },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id: randomUUID(),
    userId,
    tokenHash: hashToken(token),
    method: info.method,
    ip: info.ip.slice(0, 64),
    userAgent: info.userAgent.slice(0, 300),
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
  return token;
}

/**
 * Resolves a bearer token. Unknown or logged out → 50008; ended from another session or by a
 * password change → 50012; past its expiry → 50014. A frozen account is refused
 * like an expired one (50014), with the message that it is frozen.
 */
export async function authenticate(db: Db, token: string): Promise<AuthUser> {
  if (token.length > 100) throw new ApiError(401, "errors.token_invalid", { statusCode: TOKEN_INVALID });
  const tokenHash = hashToken(token);
  const recent = verified.get(tokenHash);
  if (recent && recent.until > Date.now() && recent.db === db) return recent.user;
  const pending = reading.get(tokenHash);
  if (pending && pending.db === db) return pending.user;
  const generation = forgotten;
  const user = authenticateStored(db, tokenHash);
  reading.set(tokenHash, { user, db });
  try {
    const found = await user;
    // Not if a session was ended while this read was under way: its answer may predate the end.
    if (generation === forgotten) {
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(tokenHash, { user: found, db, until: Date.now() + VERIFIED_FOR_MS });
    }
    return found;
  } finally {
    if (reading.get(tokenHash)?.user === user) reading.delete(tokenHash);
  }
}

/**
 * Sessions found valid in the last second, so that a customer's burst of calls (an order per
 * tap, a page's parallel reads) costs one database read, not one each. Whatever ends a session
 * or freezes an account here forgets them at once; another instance sees it within the second.
 */
const verified = new Map<string, { user: AuthUser; db: Db; until: number }>();
const VERIFIED_FOR_MS = 1_000;
const VERIFIED_MAX = 100_000;
/**
 * The reads under way: a page's parallel calls arrive together, past the second above, and
 * share one read instead of one each.
 */
const reading = new Map<string, { user: Promise<AuthUser>; db: Db }>();
/** Counts the forgettings, so a read that was under way during one is not kept. */
let forgotten = 0;
export const forgetVerifiedSessions = () => {
  forgotten++;
  verified.clear();
  reading.clear();
};

async function authenticateStored(db: Db, tokenHash: string): Promise<AuthUser> {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      revokeReason: sessions.revokeReason,
      lastSeenAt: sessions.lastSeenAt,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) throw new ApiError(401, "errors.token_invalid", { statusCode: TOKEN_INVALID });
  // Frozen by an operator: every call, trading and withdrawals included, ends the session and says why.
  if (row.status !== "active") {
    throw new ApiError(401, "identity.account_frozen", { statusCode: TOKEN_EXPIRED });
  }
  if (row.revokedAt) {
    // Ended by its own logout: simply invalid. Ended from elsewhere (another session, a password
    // change): say so, so the user knows it was not a glitch.
    if (row.revokeReason === "logout") {
      throw new ApiError(401, "errors.token_invalid", { statusCode: TOKEN_INVALID });
    }
    throw new ApiError(401, "errors.signed_in_elsewhere", { statusCode: SIGNED_IN_ELSEWHERE });
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new ApiError(401, "errors.token_expired", { statusCode: TOKEN_EXPIRED });
  }
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.id));
  }
  return { id: row.userId, sessionId: row.id };
}

export async function listSessions(db: Db, user: AuthUser): Promise<SessionView[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    device: describeDevice(s.userAgent),
    ip: s.ip,
    method: s.method,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    current: s.id === user.sessionId,
  }));
}

/** Ends one of the user's own sessions; another user's session id simply is not found. */
export async function revokeSession(db: Db, userId: number, sessionId: string, reason: string) {
  forgetVerifiedSessions();
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  forgetVerifiedSessions();
  return ended.length > 0;
}

/** Ends every session of the user, except `keep` when given. */
export async function revokeAllSessions(db: Db, userId: number, reason: string, keep?: string) {
  forgetVerifiedSessions();
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
    )
    .returning({ id: sessions.id });
  forgetVerifiedSessions();
  return ended.length;
}

export { describeDevice };
