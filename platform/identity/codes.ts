import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { CodePurpose } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { verificationCodes } from "./tables.ts";

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;

export type CodeTarget = { channel: "email" | "sms"; address: string; purpose: CodePurpose };

function digest(secret: string, target: CodeTarget, code: string) {
  return createHmac("sha256", secret)
    .update(`${target.channel}|${target.address}|${target.purpose}|${code}`)
    .digest("hex");
}

/**
 * Creates a fresh code for an address, at most one per address every `resendAfterMs` (60 s by
 * default, whatever the purpose), and returns it with its captcha key; sending is the caller's.
 */
export async function createCode(db: Db, secret: string, target: CodeTarget, resendAfterMs: number) {
  const [last] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.channel, target.channel), eq(verificationCodes.address, target.address)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const wait = last ? last.createdAt.getTime() + resendAfterMs - Date.now() : 0;
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new ApiError(429, "identity.code_wait", {
      params: { seconds },
      headers: { "retry-after": String(seconds) },
      data: { retry_after: seconds },
    });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const captchaKey = randomBytes(12).toString("base64url");
  await db.insert(verificationCodes).values({
    channel: target.channel,
    address: target.address,
    purpose: target.purpose,
    codeHash: digest(secret, target, code),
    captchaKey,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return { code, captchaKey };
}

/**
 * Checks a code against the newest one sent to the address for this purpose. A wrong code
 * counts a try (5 and the code is dead); `consume` uses it up, exactly once even under races.
 */
export async function checkCode(
  db: Db,
  secret: string,
  target: CodeTarget,
  code: string,
  options: { consume: boolean; captchaKey?: string; field?: string },
) {
  const field = options.field ?? "code";
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, target.channel),
        eq(verificationCodes.address, target.address),
        eq(verificationCodes.purpose, target.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now()) throw fieldError(field, "identity.code_expired");
  if (options.captchaKey && row.captchaKey && options.captchaKey !== row.captchaKey) {
    throw fieldError(field, "identity.code_wrong");
  }
  // Take a try before comparing, atomically: parallel guesses cannot exceed the five tries.
  const [reserved] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, MAX_WRONG_TRIES)))
    .returning({ attempts: verificationCodes.attempts });
  if (!reserved) throw fieldError(field, "identity.code_too_many");
  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(digest(secret, target, code), "hex");
  if (!timingSafeEqual(expected, given)) {
    throw fieldError(
      field,
      reserved.attempts >= MAX_WRONG_TRIES ? "identity.code_too_many" : "identity.code_wrong",
    );
  }
  // A right code gives its try back: only wrong ones count.
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} - 1` })
    .where(eq(verificationCodes.id, row.id));
  if (options.consume) {
    const used = await db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (used.length === 0) throw fieldError(field, "identity.code_expired");
  }
}
