import { and, asc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { getSiteContent } from "../content/index.ts";
import { uidOf } from "../contract/identity.ts";
import type { GoogleSetup, Readiness, SecurityOverview } from "../contract/security.ts";
import type { Db } from "../db/client.ts";
import { fieldError } from "../http/errors.ts";
import { tooMany } from "../http/rate-limit.ts";
import { postMessage } from "../inbox/index.ts";
import { kycStates } from "../kyc/index.ts";
import { type Address, e164, type IdentityDeps, targetOf } from "./basics.ts";
import { checkCode } from "./codes.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { revokeAllSessions } from "./sessions.ts";
import { securityFailures, userSecurity, users } from "./tables.ts";

/** Withdrawals stay locked this long after a security change (password, fund password, 2FA, phone, e-mail). */
export const WITHDRAW_LOCK_MS = 24 * 60 * 60_000;
/** Wrong fund passwords, Google codes or old login passwords: 5 in 15 minutes lock further tries. */
export const FAILURE_LIMIT = { limit: 5, windowMs: 15 * 60_000 };
/** How long a Google Authenticator secret offered for binding stays valid. */
const PENDING_SECRET_MS = 60 * 60_000;
const TOTP_PERIOD = 30;

type FailureKind = (typeof securityFailures.$inferSelect)["kind"];

async function securityOf(db: Db, userId: number) {
  const [row] = await db.select().from(userSecurity).where(eq(userSecurity.userId, userId)).limit(1);
  return row;
}

/** Sets some of a user's security settings, creating their row on first use. */
async function saveSecurity(db: Db, userId: number, values: Partial<typeof userSecurity.$inferInsert>) {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(userSecurity)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userSecurity.userId, set });
}

async function userRow(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw fieldError("user", "errors.not_found");
  return user;
}

/** Locks withdrawals for 24 hours from now (after a security change). */
export async function lockWithdrawals(db: Db, userId: number) {
  await saveSecurity(db, userId, { withdrawLockedUntil: new Date(Date.now() + WITHDRAW_LOCK_MS) });
}

/**
 * Counts a try of `kind` before it is checked, so that parallel guesses cannot get past the
 * limit: over it, the try is taken back and refused with the minutes left. Answers a function
 * that takes the try back (a right answer does not count).
 */
async function takeTry(db: Db, userId: number, kind: FailureKind) {
  const now = Date.now();
  // Tries older than the window no longer count: forget them.
  await db
    .delete(securityFailures)
    .where(
      and(
        eq(securityFailures.userId, userId),
        lt(securityFailures.createdAt, new Date(now - FAILURE_LIMIT.windowMs)),
      ),
    );
  const [mine] = await db
    .insert(securityFailures)
    .values({ userId, kind, createdAt: new Date(now) })
    .returning({ id: securityFailures.id });
  const giveBack = () => db.delete(securityFailures).where(eq(securityFailures.id, mine?.id ?? 0));
  const recent = await db
    .select({ id: securityFailures.id, createdAt: securityFailures.createdAt })
    .from(securityFailures)
    .where(
      and(
        eq(securityFailures.userId, userId),
        eq(securityFailures.kind, kind),
        gt(securityFailures.createdAt, new Date(now - FAILURE_LIMIT.windowMs)),
      ),
    )
    .orderBy(asc(securityFailures.createdAt), asc(securityFailures.id));
  const earlier = recent.filter((r) => r.id !== mine?.id);
  if (earlier.length >= FAILURE_LIMIT.limit) {
    await giveBack();
    const counted = earlier[earlier.length - FAILURE_LIMIT.limit];
    throw tooMany((counted?.createdAt.getTime() ?? now) + FAILURE_LIMIT.windowMs - now);
  }
  return {
    /** The answer was right: this try and the earlier wrong ones are forgotten. */
    async succeeded() {
      await db
        .delete(securityFailures)
        .where(and(eq(securityFailures.userId, userId), eq(securityFailures.kind, kind)));
    },
  };
}

const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs a user's checks of one kind one after another in this process. takeTry counts a try
 * before checking it, so parallel tries would count each other: a burst of requests with the
 * right fund password (a double-tapped withdrawal) was refused as "too many attempts". In turn,
 * a right answer clears the count before the next try; across instances the count still holds.
 */
function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const previous = inFlight.get(key) ?? Promise.resolve();
  const mine = previous.then(run, run);
  const settled = mine.then(
    () => {},
    () => {},
  );
  inFlight.set(key, settled);
  void settled.then(() => {
    if (inFlight.get(key) === settled) inFlight.delete(key);
  });
  return mine;
}

/**
 * What a withdrawal needs (spec §5: a bound phone, primary verification, a fund password) and
 * until when withdrawals are locked after a security change.
 */
export async function withdrawalReadiness(db: Db, userId: number): Promise<Readiness> {
  const user = await userRow(db, userId);
  const security = await securityOf(db, userId);
  const kyc = await kycStates(db, userId);
  const lockedUntil = security?.withdrawLockedUntil;
  return {
    phone_bound: Boolean(user.phoneE164),
    primary_verified: kyc.primary === "authenticated",
    fund_password_set: Boolean(security?.fundPasswordHash),
    google_bound: Boolean(security?.googleSecret),
    locked_until: lockedUntil && lockedUntil.getTime() > Date.now() ? lockedUntil.toISOString() : null,
  };
}

/**
 * Checks the fund password (argon2id). Throttled like login: after 5 wrong tries in 15 minutes
 * every try is refused with a 429 ("too many attempts, try again in N minutes"). Wrong tries are
 * counted in `db`: call it with the database, not inside a transaction that a wrong password
 * rolls back (that would forget the try). False when no fund password is set.
 */
export async function verifyFundPassword(db: Db, userId: number, password: string): Promise<boolean> {
  return oneAtATime(`fund_password:${userId}`, async () => {
    const security = await securityOf(db, userId);
    if (!security?.fundPasswordHash) return false;
    const attempt = await takeTry(db, userId, "fund_password");
    const ok = await verifyPassword(security.fundPasswordHash, password);
    if (ok) await attempt.succeeded();
    return ok;
  });
}

export function totp(secret: string, label = "", issuer = "") {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a 6-digit code belongs to (now, or one step either side), or null. */
export function stepOf(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const generator = totp(secret);
  const delta = generator.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}

/**
 * Checks a Google Authenticator code: 30-second TOTP, ±1 step. A code once accepted is refused
 * again (so is any code of the same or an earlier step): the last step used is stored and moved
 * forward in one conditional update, which holds across instances. Throttled like the fund
 * password (5 wrong in 15 minutes → 429). False when Google Authenticator is not bound.
 */
export async function verifyGoogleCode(db: Db, userId: number, code: string): Promise<boolean> {
  return oneAtATime(`google:${userId}`, () => checkGoogleCode(db, userId, code));
}

async function checkGoogleCode(db: Db, userId: number, code: string): Promise<boolean> {
  const security = await securityOf(db, userId);
  if (!security?.googleSecret) return false;
  const attempt = await takeTry(db, userId, "google");
  const step = stepOf(security.googleSecret, code);
  if (step === null) return false;
  const used = await db
    .update(userSecurity)
    .set({ googleLastStep: step })
    .where(
      and(
        eq(userSecurity.userId, userId),
        eq(userSecurity.googleSecret, security.googleSecret),
        or(isNull(userSecurity.googleLastStep), lt(userSecurity.googleLastStep, step)),
      ),
    )
    .returning({ userId: userSecurity.userId });
  if (used.length === 0) return false;
  await attempt.succeeded();
  return true;
}

/**
 * Once Google Authenticator is bound, security changes ask for its code (`google_code`): missing
 * or wrong is a 422 on that field. Nothing to do when it is not bound.
 */
export async function requireGoogle(db: Db, userId: number, code: string | undefined) {
  const security = await securityOf(db, userId);
  if (!security?.googleSecret) return;
  if (!code) throw fieldError("google_code", "security.google_required");
  if (!(await verifyGoogleCode(db, userId, code)))
    throw fieldError("google_code", "security.google_code_wrong");
}

/** The security centre's state for its owner. */
export async function securityOverview(db: Db, userId: number): Promise<SecurityOverview> {
  const user = await userRow(db, userId);
  const security = await securityOf(db, userId);
  return {
    email: user.email ?? "",
    phone: user.phone ?? "",
    area_code: user.areaCode ?? "",
    login_password_set: Boolean(user.passwordHash),
    fund_password_set: Boolean(security?.fundPasswordHash),
    google_bound: Boolean(security?.googleSecret),
    anti_phishing_code: security?.antiPhishingCode ?? "",
    withdrawal: await withdrawalReadiness(db, userId),
  };
}

/** The flags `data.user` carries. */
export async function securityFlags(db: Db, userId: number) {
  const security = await securityOf(db, userId);
  return {
    fund_password_set: Boolean(security?.fundPasswordHash),
    google_bound: Boolean(security?.googleSecret),
    anti_phishing_set: Boolean(security?.antiPhishingCode),
  };
}

// ── Fund password ───────────────────────────────────────────────────────────────────────────────

/** Sets the first fund password (the Google code when bound). */
export async function setFundPassword(
  db: Db,
  userId: number,
  input: { password: string; googleCode?: string },
) {
  const security = await securityOf(db, userId);
  if (security?.fundPasswordHash) throw fieldError("new_pay_pwd", "security.fund_password_already_set");
  await requireGoogle(db, userId, input.googleCode);
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Set only if still unset: of two first settings racing, one wins.
    await saveSecurity(tx, userId, {});
    const set = await tx
      .update(userSecurity)
      .set({ fundPasswordHash: hash, updatedAt: new Date() })
      .where(and(eq(userSecurity.userId, userId), isNull(userSecurity.fundPasswordHash)))
      .returning({ userId: userSecurity.userId });
    if (set.length === 0) throw fieldError("new_pay_pwd", "security.fund_password_already_set");
    await postMessage(tx, userId, "security_fund_password_set");
  });
}

/** The account's own e-mail or phone, as a code target for a security change. */
export async function ownAddress(db: Db, userId: number, channel: "email" | "sms"): Promise<Address> {
  const user = await userRow(db, userId);
  if (channel === "email") {
    if (!user.email) throw fieldError("channel", "security.no_email");
    return { type: "email", email: user.email };
  }
  if (!user.phone || !user.areaCode) throw fieldError("channel", "security.no_phone");
  return { type: "phone", areaCode: user.areaCode, phone: user.phone };
}

/**
 * Changes the fund password with the old one, or (forgotten) with a code sent to the account's
 * e-mail or phone; the Google code when bound. Withdrawals lock for 24 hours.
 */
export async function changeFundPassword(
  deps: IdentityDeps,
  userId: number,
  input: {
    oldPassword?: string;
    code?: string;
    channel?: "email" | "sms";
    password: string;
    googleCode?: string;
  },
) {
  const { db } = deps;
  const security = await securityOf(db, userId);
  if (!security?.fundPasswordHash) throw fieldError("old_password", "security.fund_password_first");
  let codeTarget: ReturnType<typeof targetOf> | undefined;
  if (input.code) {
    const user = await userRow(db, userId);
    const channel = input.channel ?? (user.email ? "email" : "sms");
    codeTarget = targetOf(await ownAddress(db, userId, channel), "security", "code");
    await checkCode(db, deps.config.sessionSecret, codeTarget, input.code, { consume: false });
  } else if (!input.oldPassword) {
    throw fieldError("old_password", "validation.required");
  } else if (!(await verifyFundPassword(db, userId, input.oldPassword))) {
    throw fieldError("old_password", "security.fund_password_wrong");
  }
  await requireGoogle(db, userId, input.googleCode);
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (codeTarget && input.code) {
      await checkCode(tx, deps.config.sessionSecret, codeTarget, input.code, { consume: true });
    }
    await saveSecurity(tx, userId, {
      fundPasswordHash: hash,
      withdrawLockedUntil: new Date(Date.now() + WITHDRAW_LOCK_MS),
    });
    await tx
      .delete(securityFailures)
      .where(and(eq(securityFailures.userId, userId), eq(securityFailures.kind, "fund_password")));
    await postMessage(tx, userId, "security_fund_password_changed");
  });
}

// ── Login password ──────────────────────────────────────────────────────────────────────────────

/**
 * Changes the login password with the old one (an account made by Google, Apple or a wallet
 * that has none sets its first); the Google code when bound. Every session ends, this one too:
 * the user logs in again. Withdrawals lock for 24 hours.
 */
export async function changeLoginPassword(
  db: Db,
  userId: number,
  input: { oldPassword?: string; password: string; googleCode?: string },
) {
  const user = await userRow(db, userId);
  if (user.passwordHash) {
    if (!input.oldPassword) throw fieldError("old_login_pwd", "validation.required");
    const attempt = await takeTry(db, userId, "login_password");
    if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
      throw fieldError("old_login_pwd", "security.old_password_wrong");
    }
    await attempt.succeeded();
    if (input.oldPassword === input.password) {
      throw fieldError("new_login_pwd", "security.password_unchanged");
    }
  }
  await requireGoogle(db, userId, input.googleCode);
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId, "password");
    await lockWithdrawals(tx, userId);
    await postMessage(tx, userId, "security_password_changed");
  });
}

// ── Google Authenticator ────────────────────────────────────────────────────────────────────────

async function labelOf(db: Db, userId: number) {
  const user = await userRow(db, userId);
  return user.email ?? (user.phoneE164 ? `${user.phoneE164}` : `UID ${uidOf(user.id)}`);
}

/**
 * Binding: a fresh secret (offered until bound, an hour at most), its otpauth URL and the QR
 * code of it (SVG, drawn here: no script needed to show it). Once bound, no secret is shown.
 */
export async function googleSetup(db: Db, userId: number, renew = false): Promise<GoogleSetup> {
  let security = await securityOf(db, userId);
  if (security?.googleSecret) return { bound: true, secret: "", otpauth_url: "", qr_svg: "" };
  const fresh =
    !security?.googlePendingSecret ||
    !security.googlePendingAt ||
    security.googlePendingAt.getTime() + PENDING_SECRET_MS < Date.now();
  if (renew || fresh) {
    await saveSecurity(db, userId, {
      googlePendingSecret: new Secret({ size: 20 }).base32,
      googlePendingAt: new Date(),
    });
    security = await securityOf(db, userId);
  }
  const secret = security?.googlePendingSecret ?? "";
  const issuer = (await getSiteContent(db)).sitename;
  const url = totp(secret, await labelOf(db, userId), issuer).toString();
  const svg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { bound: false, secret, otpauth_url: url, qr_svg: svg };
}

/** Binds Google Authenticator with a valid code of the secret offered (throttled, no replay). */
export async function bindGoogle(db: Db, userId: number, code: string) {
  const security = await securityOf(db, userId);
  if (security?.googleSecret) throw fieldError("google_code", "security.google_already_bound");
  const pending = security?.googlePendingSecret;
  if (
    !pending ||
    !security.googlePendingAt ||
    security.googlePendingAt.getTime() + PENDING_SECRET_MS < Date.now()
  ) {
    throw fieldError("google_code", "security.google_setup_expired");
  }
  const attempt = await takeTry(db, userId, "google");
  const step = stepOf(pending, code);
  if (step === null) throw fieldError("google_code", "security.google_code_wrong");
  await db.transaction(async (tx) => {
    const bound = await tx
      .update(userSecurity)
      .set({
        googleSecret: pending,
        googleLastStep: step,
        googleBoundAt: new Date(),
        googlePendingSecret: null,
        googlePendingAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(userSecurity.userId, userId),
          isNull(userSecurity.googleSecret),
          eq(userSecurity.googlePendingSecret, pending),
        ),
      )
      .returning({ userId: userSecurity.userId });
    if (bound.length === 0) throw fieldError("google_code", "security.google_already_bound");
    await postMessage(tx, userId, "security_2fa_bound");
  });
  await attempt.succeeded();
}

/** Unbinds it with a current code; withdrawals lock for 24 hours. */
export async function unbindGoogle(db: Db, userId: number, code: string) {
  const security = await securityOf(db, userId);
  if (!security?.googleSecret) throw fieldError("google_code", "security.google_not_bound");
  if (!(await verifyGoogleCode(db, userId, code)))
    throw fieldError("google_code", "security.google_code_wrong");
  await db.transaction(async (tx) => {
    await saveSecurity(tx, userId, {
      googleSecret: null,
      googleLastStep: null,
      googleBoundAt: null,
      googlePendingSecret: null,
      googlePendingAt: null,
      withdrawLockedUntil: new Date(Date.now() + WITHDRAW_LOCK_MS),
    });
    await postMessage(tx, userId, "security_2fa_unbound");
  });
}

// ── E-mail, phone, anti-phishing code ───────────────────────────────────────────────────────────

const mask = (value: string) =>
  value.includes("@") ? `${value.slice(0, 1)}***@${value.split("@")[1] ?? ""}` : `****${value.slice(-4)}`;

/**
 * Binds a new e-mail or phone (or changes it) with the code sent to the new address (purpose
 * `bind`), and the Google code when bound. A change of an address already bound locks
 * withdrawals for 24 hours.
 */
export async function bindAddress(
  deps: IdentityDeps,
  userId: number,
  input: { address: Address; code: string; googleCode?: string },
) {
  const { db } = deps;
  const { address } = input;
  const field = address.type === "email" ? "email" : "phone";
  const target = targetOf(address, "bind", field);
  const user = await userRow(db, userId);
  const current = address.type === "email" ? user.email : user.phoneE164;
  if (current && current === target.address) throw fieldError(field, "security.same_address");
  await checkCode(db, deps.config.sessionSecret, target, input.code, { consume: false });
  await requireGoogle(db, userId, input.googleCode);
  try {
    await db.transaction(async (tx) => {
      await checkCode(tx, deps.config.sessionSecret, target, input.code, { consume: true });
      await tx
        .update(users)
        .set(
          address.type === "email"
            ? { email: address.email, updatedAt: new Date() }
            : {
                areaCode: address.areaCode,
                phone: address.phone.replace(/^0+/, ""),
                phoneE164: e164(address.areaCode, address.phone),
                updatedAt: new Date(),
              },
        )
        .where(eq(users.id, userId));
      if (current) await lockWithdrawals(tx, userId);
      await postMessage(
        tx,
        userId,
        address.type === "email" ? "security_email_bound" : "security_phone_bound",
        { address: mask(target.address) },
      );
    });
  } catch (error) {
    const text = String((error as { cause?: unknown }).cause ?? error);
    if (text.includes("users_email_unique") || text.includes("users_phone_unique")) {
      throw fieldError(field, "identity.address_taken");
    }
    throw error;
  }
}

/** Sets (or, with an empty code, clears) the anti-phishing code shown in every e-mail we send. */
export async function setAntiPhishing(
  db: Db,
  userId: number,
  input: { code: string | null; googleCode?: string },
) {
  await requireGoogle(db, userId, input.googleCode);
  await saveSecurity(db, userId, { antiPhishingCode: input.code });
}
