import { randomInt } from "node:crypto";
import { and, count, desc, eq, gt } from "drizzle-orm";
import { isValidPhoneNumber } from "libphonenumber-js/max";
import { getSiteContent } from "../content/index.ts";
import type { CodePurpose, User } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { translator } from "../http/i18n.ts";
import { tooMany } from "../http/rate-limit.ts";
import { postMessage } from "../inbox/index.ts";
import { type Address, type ClientInfo, e164, type IdentityDeps, targetOf } from "./basics.ts";
import { checkCode, createCode } from "./codes.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { lockWithdrawals } from "./security.ts";
import { createSession, revokeAllSessions } from "./sessions.ts";
import { recordLogin, signIn } from "./sign-in.ts";
import { loginEvents, users } from "./tables.ts";
import { userView } from "./user-view.ts";

export { type Address, type ClientInfo, e164, type IdentityDeps, targetOf, userView };

const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I look-alikes
export const newInviteCode = () =>
  Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join("");

export async function findUserByAddress(db: Db, address: Address) {
  const where =
    address.type === "email"
      ? eq(users.email, address.email)
      : eq(users.phoneE164, e164(address.areaCode, address.phone));
  const [user] = await db.select().from(users).where(where).limit(1);
  return user;
}

/** Reads a login `account`: an e-mail, or a phone (with `area_code`, or written as +E.164). */
export function addressOfAccount(account: string, areaCode?: string): Address {
  const value = account.trim();
  if (value.includes("@")) return { type: "email", email: value.toLowerCase() };
  const digits = value.replace(/[\s\-().]/g, "");
  if (areaCode) return { type: "phone", areaCode, phone: digits.replace(/^\+/, "") };
  if (digits.startsWith("+")) {
    const match = /^\+(\d{1,4}?)(\d{4,15})$/.exec(digits);
    // Try each split of the dial code; libphonenumber knows which is real.
    for (let n = 1; n <= 4; n++) {
      const area = digits.slice(1, 1 + n);
      const rest = digits.slice(1 + n);
      if (isValidPhoneNumber(`+${area}${rest}`)) return { type: "phone", areaCode: area, phone: rest };
    }
    if (match) return { type: "phone", areaCode: match[1] ?? "", phone: match[2] ?? "" };
  }
  throw fieldError("area_code", "identity.area_code_required");
}

/**
 * The phone a code goes to when a client names it without a dial code (the spec's client sends
 * only `phone` and `key_str`): the country of a `+` number, else the given `area_code`, else the
 * signed-in user's stored one; else a refusal naming what is missing.
 */
export async function phoneOfRequest(
  db: Db,
  input: { phone: string; areaCode?: string; userId?: number },
): Promise<Address> {
  if (input.phone.startsWith("+")) return addressOfAccount(input.phone);
  if (input.areaCode) return { type: "phone", areaCode: input.areaCode, phone: input.phone };
  if (input.userId) {
    const [user] = await db
      .select({ areaCode: users.areaCode })
      .from(users)
      .where(eq(users.id, input.userId))
      .limit(1);
    if (user?.areaCode) return { type: "phone", areaCode: user.areaCode, phone: input.phone };
  }
  throw fieldError("area_code", "identity.area_code_missing");
}

/**
 * Sends a one-time code. Answers the same whether or not an account exists: a registration code
 * for a taken address sends a "you already have an account" notice instead; a reset code for an
 * unknown address sends nothing. Delivery by a provider happens after the answer, so its time
 * cannot tell either.
 */
export async function sendCode(
  deps: IdentityDeps,
  address: Address,
  purpose: CodePurpose,
  client: ClientInfo,
  userId?: number,
): Promise<{ captchaKey: string }> {
  const { db } = deps;
  const target = targetOf(address, purpose, address.type === "email" ? "email" : "phone");
  // Per address and destination (many people share one address behind a NAT, each asking for
  // their own codes), under a higher ceiling for the address as a whole.
  const pairCheck = await deps.limiter.hit(
    `codes:pair:${client.ip}:${target.address}`,
    deps.config.codesPerDestinationHour,
    3_600_000,
  );
  if (!pairCheck.ok) throw tooMany(pairCheck.retryAfterMs);
  const burst = await deps.limiter.hit(`codes:ip-minute:${client.ip}`, deps.config.codesPerIpMinute, 60_000);
  if (!burst.ok) throw tooMany(burst.retryAfterMs);
  // Nor the minute's in one go: 20 codes at once held every customer's pages for a second.
  const spike = await deps.limiter.hit(`codes:ip-10s:${client.ip}`, deps.config.codesPerIp10Seconds, 10_000);
  if (!spike.ok) throw tooMany(spike.retryAfterMs);
  const ipCheck = await deps.limiter.hit(`codes:ip:${client.ip}`, deps.config.codesPerIpHour, 3_600_000);
  if (!ipCheck.ok) throw tooMany(ipCheck.retryAfterMs);
  const existing = await findUserByAddress(db, address);
  const ownOnly = purpose === "withdraw" || purpose === "security";
  if ((purpose === "bind" && existing) || (ownOnly && (!userId || existing?.id !== userId))) {
    throw fieldError(
      address.type === "email" ? "email" : "phone",
      purpose === "bind" ? "identity.address_taken" : "identity.not_your_address",
    );
  }
  const { code, captchaKey } = await createCode(
    db,
    deps.config.sessionSecret,
    target,
    deps.config.codeResendSeconds * 1000,
  );
  const t = translator(client.lang);
  const site = (await getSiteContent(db)).sitename;
  let message: { subject: string; text: string; code?: string } | undefined;
  if (purpose === "register" && existing) {
    message = { subject: t("mail.exists_subject", { site }), text: t("mail.exists_text", { site }) };
  } else if (purpose !== "reset" || existing) {
    message = {
      subject: t("mail.code_subject", { site }),
      text: t(`mail.code_text_${purpose}`, { site, code }),
      code,
    };
  }
  if (message) {
    await deps.notifier.send(db, { channel: target.channel, to: target.address, ...message });
  }
  return { captchaKey };
}

export { tooMany };

async function inviterOf(db: Db, inviteCode: string | undefined) {
  if (!inviteCode) return null;
  const [inviter] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.inviteCode, inviteCode))
    .limit(1);
  if (!inviter) throw fieldError("invite_code", "identity.invite_unknown");
  return inviter.id;
}

/** Inserts a user with a fresh invite code of their own (retrying the rare collision). */
export async function insertUser(db: Db, values: Omit<typeof users.$inferInsert, "inviteCode">) {
  for (let attempt = 0; ; attempt++) {
    try {
      const [created] = await db
        .insert(users)
        .values({ ...values, inviteCode: newInviteCode() })
        .returning({ id: users.id });
      if (!created) throw new Error("insert returned nothing");
      return created.id;
    } catch (error) {
      const text = String((error as { cause?: unknown }).cause ?? error);
      if (attempt < 3 && text.includes("users_invite_code_unique")) continue;
      if (text.includes("users_email_unique") || text.includes("users_phone_unique")) {
        throw fieldError(values.email ? "email" : "phone", "identity.address_taken");
      }
      throw error;
    }
  }
}

export async function register(
  deps: IdentityDeps,
  input: {
    address: Address;
    code: string;
    captchaKey?: string;
    password: string;
    inviteCode?: string;
  },
  client: ClientInfo,
) {
  const { db } = deps;
  const target = targetOf(input.address, "register");
  await checkCode(db, deps.config.sessionSecret, target, input.code, {
    consume: false,
    captchaKey: input.captchaKey,
  });
  const invitedBy = await inviterOf(db, input.inviteCode);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await checkCode(tx, deps.config.sessionSecret, target, input.code, {
      consume: true,
      captchaKey: input.captchaKey,
    });
    const userId = await insertUser(tx, {
      email: input.address.type === "email" ? input.address.email : null,
      areaCode: input.address.type === "phone" ? input.address.areaCode : null,
      phone: input.address.type === "phone" ? input.address.phone.replace(/^0+/, "") : null,
      phoneE164: target.channel === "sms" ? target.address : null,
      passwordHash,
      invitedBy,
      lang: client.lang,
    });
    const token = await createSession(tx, userId, { method: "register", ...client });
    await recordLogin(tx, userId, { method: "register", success: true, ...client });
    return { token, user: await userView(tx, userId) };
  });
}

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * The account-wide steps of the growing delay (OWASP: slow brute force down, never lock the
 * owner out): a quarter of the hourly allowance a minute, half of it in ten minutes, all of it
 * in an hour. Each step passed makes the next try wait longer.
 */
function accountSteps(perHour: number) {
  return [
    { suffix: "1m", limit: Math.ceil(perHour / 4), windowMs: 60_000 },
    { suffix: "10m", limit: Math.ceil(perHour / 2), windowMs: 10 * 60_000 },
    { suffix: "1h", limit: perHour, windowMs: 3_600_000 },
  ];
}

/** A device the owner signed in from (the same address and browser) in the last 90 days. */
async function knownDevice(db: Db, userId: number, client: ClientInfo) {
  const [seen] = await db
    .select({ id: loginEvents.id })
    .from(loginEvents)
    .where(
      and(
        eq(loginEvents.userId, userId),
        eq(loginEvents.success, true),
        eq(loginEvents.ip, client.ip.slice(0, 64)),
        eq(loginEvents.userAgent, client.userAgent.slice(0, 300)),
        gt(loginEvents.createdAt, new Date(Date.now() - 90 * 86_400_000)),
      ),
    )
    .limit(1);
  return seen !== undefined;
}

/**
 * Password login. Wrong passwords are limited per account and address pair and per address
 * (LOGIN_FAILURES_PER_PAIR, LOGIN_FAILURES_PER_IP in 15 minutes), and per account by a growing
 * delay (LOGIN_FAILURES_PER_ACCOUNT_HOUR) that the owner's known devices skip: knowing an e-mail
 * no longer lets anyone lock its owner out. The owner is told once an hour while it happens.
 * Every limit is keyed by the account as typed, so an unknown account answers the same.
 */
export async function login(
  deps: IdentityDeps,
  input: { account: string; password: string; areaCode?: string },
  client: ClientInfo,
) {
  const { db, limiter } = deps;
  const { perPair, perIp, perAccountHour } = deps.config.loginLimits;
  const address = addressOfAccount(input.account, input.areaCode);
  const name = address.type === "email" ? address.email : e164(address.areaCode, address.phone);
  const pairKey = `login:pair:${name}:${client.ip}`;
  const ipKey = `login:ip:${client.ip}`;
  const steps = accountSteps(perAccountHour).map((step) => ({
    ...step,
    key: `login:acct:${step.suffix}:${name}`,
  }));
  for (const [key, limit] of [
    [pairKey, perPair],
    [ipKey, perIp],
  ] as const) {
    const state = await limiter.blocked(key, limit, FIFTEEN_MINUTES);
    if (!state.ok) throw tooMany(state.retryAfterMs);
  }
  const user = await findUserByAddress(db, address);
  const delays = await Promise.all(steps.map((step) => limiter.blocked(step.key, step.limit, step.windowMs)));
  const wait = Math.max(0, ...delays.filter((d) => !d.ok).map((d) => d.retryAfterMs));
  if (wait > 0 && !(user && (await knownDevice(db, user.id, client)))) throw tooMany(wait);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await limiter.hit(pairKey, perPair, FIFTEEN_MINUTES);
    await limiter.hit(ipKey, perIp, FIFTEEN_MINUTES);
    for (const step of steps) await limiter.hit(step.key, step.limit, step.windowMs);
    if (user) {
      await recordLogin(db, user.id, { method: "password", success: false, reason: "password", ...client });
      const after = await Promise.all(
        steps.map((step) => limiter.blocked(step.key, step.limit, step.windowMs)),
      );
      const slowed = after.some((state) => !state.ok);
      if (slowed && (await limiter.hit(`login:notice:${user.id}`, 1, 3_600_000)).ok)
        await postMessage(db, user.id, "security_login_attempts", { ip: client.ip || "-" });
    }
    throw new ApiError(422, "identity.login_failed", { errors: { password: ["identity.login_failed"] } });
  }
  if (user.status !== "active") throw new ApiError(423, "identity.account_frozen");
  await limiter.reset(pairKey);
  // A session, or the Google Authenticator step first when it is bound.
  return signIn(db, user.id, "password", client);
}

/** Sets a new login password with an e-mail or SMS code; every session of the account ends. */
export async function resetPassword(
  deps: IdentityDeps,
  input: { address: Address; code: string; password: string },
) {
  const { db } = deps;
  const target = targetOf(input.address, "reset", "account");
  const user = await findUserByAddress(db, input.address);
  await db.transaction(async (tx) => {
    await checkCode(tx, deps.config.sessionSecret, target, input.code, { consume: true });
    // No account means no code was ever sent: the check above has already failed.
    if (!user) throw fieldError("code", "identity.code_wrong");
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, "password");
    // A reset is a password change: withdrawals wait 24 hours, and the owner is told.
    await lockWithdrawals(tx, user.id);
    await postMessage(tx, user.id, "security_password_changed");
  });
}

export const DEMO_ACCOUNT = { email: "demo@example.com", password: "Demo2026" };

/** With SEED_DEMO: a ready account on first start, its credentials logged once. */
export async function seedDemo(deps: IdentityDeps) {
  if (await findUserByAddress(deps.db, { type: "email", email: DEMO_ACCOUNT.email })) return false;
  await insertUser(deps.db, {
    email: DEMO_ACCOUNT.email,
    passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    name: "Demo",
  });
  // Spelled out in the message: a "password" field would be redacted from the log.
  deps.logger.info(`demo account created: log in as ${DEMO_ACCOUNT.email} with ${DEMO_ACCOUNT.password}`);
  return true;
}

/** Makes a user an agent (or back): the referral domain calls it once an agent is authorized. */
export async function setUserKind(db: Db, userId: number, kind: "user" | "agent") {
  await db.update(users).set({ kind, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * The accounts a user invited (registered with their invite code), newest first, each as
 * `userView` shows it (so its verification state is the one /user/info reports).
 */
export async function listInvitees(db: Db, inviterId: number, page: { offset: number; limit: number }) {
  const [counted] = await db.select({ total: count() }).from(users).where(eq(users.invitedBy, inviterId));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.invitedBy, inviterId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .offset(page.offset)
    .limit(page.limit);
  const items: User[] = [];
  for (const row of rows) items.push(await userView(db, row.id));
  return { total: counted?.total ?? 0, items };
}
