import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { User } from "../contract/identity.ts";
import type { LoginEventView } from "../contract/security.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { postMessage } from "../inbox/index.ts";
import type { ClientInfo } from "./basics.ts";
import { verifyGoogleCode } from "./security.ts";
import { createSession, describeDevice } from "./sessions.ts";
import { loginEvents, loginTickets, userSecurity, users } from "./tables.ts";
import { userView } from "./user-view.ts";

/** The second step of a sign-in: this long to enter the Google code, this many tries. */
export const TICKET_TTL_MS = 5 * 60_000;
export const TICKET_TRIES = 5;

export type SignedIn = { token: string; user: User };
export type TwoFactor = { two_factor: { type: "google"; ticket: string } };

const hash = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

/** Records a sign-in (or a failed one) in the user's login history. */
export async function recordLogin(
  db: Db,
  userId: number,
  event: { method: string; success: boolean; reason?: string; ip: string; userAgent: string },
) {
  await db.insert(loginEvents).values({
    userId,
    method: event.method,
    success: event.success,
    reason: event.reason ?? null,
    ip: event.ip.slice(0, 64),
    userAgent: event.userAgent.slice(0, 300),
  });
}

export async function loginHistory(db: Db, userId: number, limit = 20): Promise<LoginEventView[]> {
  const rows = await db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    method: r.method,
    success: r.success,
    reason: r.reason,
    device: describeDevice(r.userAgent),
    ip: r.ip,
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Opens a session and records it; a sign-in from a device this account has not signed in from
 * before gets a message-centre notice (not the very first one).
 */
async function openSession(db: Db, userId: number, method: string, client: ClientInfo): Promise<SignedIn> {
  const device = describeDevice(client.userAgent);
  const previous = await db
    .select({ userAgent: loginEvents.userAgent })
    .from(loginEvents)
    .where(and(eq(loginEvents.userId, userId), eq(loginEvents.success, true)))
    .orderBy(desc(loginEvents.createdAt))
    .limit(200);
  const token = await db.transaction(async (tx) => {
    const token = await createSession(tx, userId, { method, ...client });
    await recordLogin(tx, userId, { method, success: true, ...client });
    if (previous.length > 0 && !previous.some((p) => describeDevice(p.userAgent) === device)) {
      await postMessage(tx, userId, "security_new_login", { device, ip: client.ip || "-" });
    }
    return token;
  });
  return { token, user: await userView(db, userId) };
}

/**
 * Finishes the first step of a sign-in (password, Google, Apple, wallet): a session, or — when
 * Google Authenticator is bound — a ticket for the second step (/login/verify).
 */
export async function signIn(
  db: Db,
  userId: number,
  method: string,
  client: ClientInfo,
): Promise<SignedIn | TwoFactor> {
  const [security] = await db
    .select({ googleSecret: userSecurity.googleSecret })
    .from(userSecurity)
    .where(eq(userSecurity.userId, userId))
    .limit(1);
  if (!security?.googleSecret) return openSession(db, userId, method, client);
  const ticket = randomBytes(32).toString("base64url");
  // Now and then, forget the tickets nobody finished.
  await db.delete(loginTickets).where(lt(loginTickets.expiresAt, new Date(Date.now() - 86_400_000)));
  await db.insert(loginTickets).values({
    ticketHash: hash(ticket),
    userId,
    method,
    ip: client.ip.slice(0, 64),
    userAgent: client.userAgent.slice(0, 300),
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return { two_factor: { type: "google", ticket } };
}

/**
 * The second step: a ticket from the first and a Google Authenticator code. A ticket is used
 * once, lives 5 minutes and allows 5 tries; the code is checked like every Google code
 * (±1 step, no replay, throttled).
 */
export async function verifySignIn(db: Db, input: { ticket: string; code: string }, client: ClientInfo) {
  const expired = () => fieldError("ticket", "security.ticket_expired");
  if (input.ticket.length > 100) throw expired();
  const now = new Date();
  const [reserved] = await db
    .update(loginTickets)
    .set({ attempts: sql`${loginTickets.attempts} + 1` })
    .where(
      and(
        eq(loginTickets.ticketHash, hash(input.ticket)),
        isNull(loginTickets.usedAt),
        gt(loginTickets.expiresAt, now),
        lt(loginTickets.attempts, TICKET_TRIES),
      ),
    )
    .returning();
  if (!reserved) throw expired();
  const [user] = await db.select({ status: users.status }).from(users).where(eq(users.id, reserved.userId));
  if (user?.status !== "active") throw new ApiError(423, "identity.account_frozen");
  if (!(await verifyGoogleCode(db, reserved.userId, input.code))) {
    await recordLogin(db, reserved.userId, {
      method: reserved.method,
      success: false,
      reason: "google_code",
      ...client,
    });
    throw fieldError(
      "code",
      reserved.attempts >= TICKET_TRIES ? "security.ticket_expired" : "security.google_code_wrong",
    );
  }
  const used = await db
    .update(loginTickets)
    .set({ usedAt: now })
    .where(and(eq(loginTickets.id, reserved.id), isNull(loginTickets.usedAt)))
    .returning({ id: loginTickets.id });
  if (used.length === 0) throw expired();
  return openSession(db, reserved.userId, reserved.method, client);
}
