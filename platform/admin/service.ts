import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, gte, ilike, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { Secret } from "otpauth";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { hashPassword, stepOf, tooMany, totp, verifyPassword } from "../identity/index.ts";
import { auditLog, operatorSessions, operators } from "./tables.ts";

export const ROLES = ["support", "reviewer", "operator", "owner"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What each role may do: every role answers the support chat (`chat`); support reads; reviewers decide KYC and money (withdrawals, recharges,
 * deposits); operators edit products and content; the owner does everything, operator accounts too.
 */
export type Permission = "read" | "review" | "products" | "operators" | "chat";
const GRANTS: Record<Role, readonly Permission[]> = {
  support: ["read", "chat"],
  reviewer: ["read", "review", "chat"],
  operator: ["read", "products", "chat"],
  owner: ["read", "review", "products", "operators", "chat"],
};
export const can = (role: Role, permission: Permission) => GRANTS[role].includes(permission);

export type Operator = typeof operators.$inferSelect;
/** The operator behind a console token. */
export type AuthOperator = { id: number; email: string; role: Role; sessionId: string };

const SESSION_HOURS = 12;
/** Wrong sign-ins: 5 per account or 30 per address in 15 minutes, then refused for a while. */
const ACCOUNT_LIMIT = { limit: 5, windowMs: 15 * 60_000 };
const IP_LIMIT = { limit: 30, windowMs: 15 * 60_000 };
const TOTP_ISSUER = "Beacon console";

const hashToken = (token: string) => createHash("sha256").update(`admin:${token}`).digest("hex");
const normEmail = (email: string) => email.trim().toLowerCase();

/** Writes one audit row; call it with the transaction that makes the change. */
export async function audit(
  db: Db,
  entry: { operator: string; action: string; target: string; before?: unknown; after?: unknown },
) {
  await db.insert(auditLog).values({
    operator: entry.operator,
    action: entry.action,
    target: entry.target,
    before: entry.before === undefined ? null : jsonSafe(entry.before),
    after: entry.after === undefined ? null : jsonSafe(entry.after),
  });
}

/** Dates as ISO strings, so before/after read the same in JSON, the console and the CSV. */
function jsonSafe(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null));
}

export function operatorView(o: Operator) {
  return {
    id: o.id,
    email: o.email,
    role: o.role,
    disabled: o.disabled,
    created_at: o.createdAt.toISOString(),
  };
}

/**
 * A new operator account: the password given or a generated one (shown once), and a fresh TOTP
 * secret with its otpauth URI to enrol in an authenticator app. Audited as `by`.
 */
export async function createOperator(
  db: Db,
  input: { email: string; role: Role; password?: string },
  by: string,
) {
  const email = normEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 200)
    throw new ApiError(422, "admin.email_invalid", { errors: { email: ["admin.email_invalid"] } });
  if (!ROLES.includes(input.role))
    throw new ApiError(422, "admin.role_invalid", { errors: { role: ["admin.role_invalid"] } });
  const password = input.password ?? randomBytes(15).toString("base64url");
  if (password.length < 12 || password.length > 200)
    throw new ApiError(422, "admin.password_rule", { errors: { password: ["admin.password_rule"] } });
  const secret = new Secret({ size: 20 }).base32;
  const passwordHash = await hashPassword(password);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({ email, role: input.role, passwordHash, totpSecret: secret })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new ApiError(409, "admin.email_taken", { errors: { email: ["admin.email_taken"] } });
    await audit(tx, {
      operator: by,
      action: "operator.create",
      target: `operator:${created.id}`,
      after: operatorView(created),
    });
    return created;
  });
  return {
    operator: operatorView(row),
    password,
    secret,
    otpauth_url: totp(secret, email, TOTP_ISSUER).toString(),
  };
}

/** Changes an operator's role or disables/enables the account (ending its sessions when disabled). */
export async function updateOperator(
  db: Db,
  id: number,
  change: { role?: Role; disabled?: boolean },
  by: AuthOperator | string,
) {
  const actor = typeof by === "string" ? by : by.email;
  if (typeof by !== "string" && by.id === id && (change.disabled || (change.role && change.role !== "owner")))
    throw new ApiError(409, "admin.not_yourself");
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for("update").limit(1);
    if (!before) throw new ApiError(404, "errors.not_found");
    const [after] = await tx
      .update(operators)
      .set({ role: change.role ?? before.role, disabled: change.disabled ?? before.disabled })
      .where(eq(operators.id, id))
      .returning();
    if (!after) throw new ApiError(404, "errors.not_found");
    if (after.disabled)
      await tx
        .update(operatorSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
    await audit(tx, {
      operator: actor,
      action: "operator.update",
      target: `operator:${id}`,
      before: operatorView(before),
      after: operatorView(after),
    });
    return operatorView(after);
  });
}

export async function listOperators(db: Db) {
  const rows = await db.select().from(operators).orderBy(operators.id);
  return rows.map(operatorView);
}

/**
 * Console sign-in: e-mail, password and the authenticator's current code, all three right or one
 * answer that says nothing about which was wrong. Throttled like customer login (per account and
 * per address); a code is never accepted twice.
 */
export async function signInOperator(
  deps: { db: Db; limiter: RateLimiter },
  input: { email: string; password: string; code: string },
  client: { ip: string; userAgent: string },
) {
  const { db, limiter } = deps;
  const email = normEmail(input.email);
  const accountKey = `admin:acct:${email}`;
  const ipKey = `admin:ip:${client.ip}`;
  for (const [key, rule] of [
    [accountKey, ACCOUNT_LIMIT],
    [ipKey, IP_LIMIT],
  ] as const) {
    const state = await limiter.blocked(key, rule.limit, rule.windowMs);
    if (!state.ok) throw tooMany(state.retryAfterMs);
  }
  const [row] = await db.select().from(operators).where(eq(operators.email, email)).limit(1);
  const passwordOk = await verifyPassword(row?.passwordHash, input.password);
  const step = row ? stepOf(row.totpSecret, input.code.trim()) : null;
  let codeOk = false;
  if (row && passwordOk && step !== null) {
    const used = await db
      .update(operators)
      .set({ totpLastStep: step })
      .where(
        and(eq(operators.id, row.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
      )
      .returning({ id: operators.id });
    codeOk = used.length > 0;
  }
  if (!row || !passwordOk || !codeOk) {
    await limiter.hit(accountKey, ACCOUNT_LIMIT.limit, ACCOUNT_LIMIT.windowMs);
    await limiter.hit(ipKey, IP_LIMIT.limit, IP_LIMIT.windowMs);
    throw new ApiError(422, "admin.signin_failed", { errors: { code: ["admin.signin_failed"] } });
  }
  if (row.disabled) throw new ApiError(423, "admin.disabled");
  await limiter.reset(accountKey);
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.insert(operatorSessions).values({
      id: randomUUID(),
      operatorId: row.id,
      tokenHash: hashToken(token),
      ip: client.ip.slice(0, 64),
      userAgent: client.userAgent.slice(0, 300),
      expiresAt: new Date(Date.now() + SESSION_HOURS * 3_600_000),
    });
    await audit(tx, {
      operator: row.email,
      action: "operator.sign_in",
      target: `operator:${row.id}`,
      after: { ip: client.ip },
    });
  });
  return { token, operator: operatorView(row) };
}

/** Resolves a console token; anything else (a customer's token included) is a 401. */
export async function authenticateOperator(db: Db, token: string): Promise<AuthOperator> {
  if (!token || token.length > 100) throw new ApiError(401, "errors.unauthorized");
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      id: operators.id,
      email: operators.email,
      role: operators.role,
      disabled: operators.disabled,
      expiresAt: operatorSessions.expiresAt,
      revokedAt: operatorSessions.revokedAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.revokedAt || row.disabled || row.expiresAt.getTime() <= Date.now())
    throw new ApiError(401, "errors.unauthorized");
  return { id: row.id, email: row.email, role: row.role, sessionId: row.sessionId };
}

export async function signOutOperator(db: Db, sessionId: string) {
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}

export type AuditFilter = { operator?: string; action?: string; target?: string; from?: string; to?: string };

function auditWhere(filter: AuditFilter): SQL | undefined {
  const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(
    filter.operator ? ilike(auditLog.operator, like(filter.operator)) : undefined,
    filter.action ? ilike(auditLog.action, like(filter.action)) : undefined,
    filter.target ? ilike(auditLog.target, like(filter.target)) : undefined,
    filter.from ? gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lte(auditLog.at, new Date(`${filter.to}T23:59:59.999Z`)) : undefined,
  );
}

const auditView = (r: typeof auditLog.$inferSelect) => ({
  id: r.id,
  operator: r.operator,
  action: r.action,
  target: r.target,
  before: r.before ?? null,
  after: r.after ?? null,
  at: r.at.toISOString(),
});

/** The audit log, newest first, a page at a time. */
export async function listAudit(db: Db, filter: AuditFilter, page = 1, limit = 50) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(auditWhere(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .offset((page - 1) * limit)
    .limit(limit + 1);
  return { list: rows.slice(0, limit).map(auditView), page, has_more: rows.length > limit };
}

/** The filtered audit log as CSV (RFC 4180; cells a spreadsheet would run as formulas are defused). */
export async function auditCsv(db: Db, filter: AuditFilter, max = 50_000) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(auditWhere(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(max);
  const cell = (v: string) => {
    const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = ["id,at,operator,action,target,before,after"];
  for (const r of rows) {
    const v = auditView(r);
    lines.push(
      [String(v.id), v.at, v.operator, v.action, v.target, JSON.stringify(v.before), JSON.stringify(v.after)]
        .map(cell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

export const auditCount = async (db: Db) =>
  Number((await db.select({ n: sql<number>`count(*)` }).from(auditLog))[0]?.n ?? 0);
