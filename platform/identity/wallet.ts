import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Hex } from "viem";
import type { SiweMessage } from "viem/siwe";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { type ClientInfo, type IdentityDeps, insertUser, tooMany } from "./service.ts";
import { signIn } from "./sign-in.ts";
import { users, walletNonces } from "./tables.ts";

/**
 * Sign-In with Ethereum (EIP-4361). The platform issues the exact message to sign, with a fresh
 * single-use nonce valid 10 minutes; the signed message comes back and is checked: the text is
 * one we issue (same fields, same layout), for this site, unexpired, signed by the address it
 * names, and its nonce is used up in the same statement that checks it, so it cannot be replayed.
 *
 * Only externally owned accounts are verified (ECDSA recovery, no network): smart-contract
 * wallets (ERC-1271) would need a chain RPC.
 */
export const WALLET_MESSAGE_TTL_MS = 10 * 60_000;

/** The same in every language: what the user signs must not depend on the page's language. */
export const WALLET_STATEMENT =
  "Sign in with your Ethereum account. Signing is free and sends no transaction.";

const MESSAGE_LIMIT = { limit: 60, windowMs: 15 * 60_000 };

/**
 * viem, loaded at the first wallet message rather than at start: importing it is about 0.2 s of
 * a restart's module loading, for a sign-in few sessions use (the module stays loaded after).
 */
const viem = async () => {
  const [core, siwe] = await Promise.all([import("viem"), import("viem/siwe")]);
  return { getAddress: core.getAddress, verifyMessage: core.verifyMessage, ...siwe };
};
type Viem = Awaited<ReturnType<typeof viem>>;

/** The site a message is for: PUBLIC_URL when set, else the address the request was made to. */
export type Site = { host: string; origin: string };

export function siteOf(publicUrl: string | undefined, requestUrl: string): Site {
  const url = new URL(publicUrl ?? requestUrl);
  return { host: url.host, origin: url.origin };
}

/**
 * Issues a message for `address` to sign. `statement` says what signing does (sign-in by
 * default; other domains, e.g. binding an agent's authorization address, pass their own, so a
 * message signed for one purpose is refused by the other).
 */
export async function issueWalletMessage(
  deps: IdentityDeps,
  input: { address: string; chainId: number },
  site: Site,
  ip: string,
  statement: string = WALLET_STATEMENT,
) {
  const { createSiweMessage, getAddress } = await viem();
  const check = await deps.limiter.hit(`wallet:ip:${ip}`, MESSAGE_LIMIT.limit, MESSAGE_LIMIT.windowMs);
  if (!check.ok) throw tooMany(check.retryAfterMs);
  const nonce = randomBytes(16).toString("hex");
  const issuedAt = new Date();
  const expirationTime = new Date(issuedAt.getTime() + WALLET_MESSAGE_TTL_MS);
  // Nonces past their time are of no further use, used or not.
  await deps.db.delete(walletNonces).where(lt(walletNonces.expiresAt, sql`now() - interval '1 hour'`));
  await deps.db.insert(walletNonces).values({ nonce, createdAt: issuedAt, expiresAt: expirationTime });
  const message = createSiweMessage({
    domain: site.host,
    address: getAddress(input.address),
    statement,
    uri: site.origin,
    version: "1",
    chainId: input.chainId,
    nonce,
    issuedAt,
    expirationTime,
  });
  return { message, nonce, expires_at: expirationTime.toISOString() };
}

/** Reads a message as ours or refuses it: every field we set must be there and nothing else. */
function readMessage(
  message: string,
  statement: string,
  { parseSiweMessage, createSiweMessage }: Viem,
): SiweMessage {
  const invalid = () => fieldError("message", "identity.wallet_message_invalid");
  const parsed = parseSiweMessage(message);
  if (
    !parsed.address ||
    !parsed.domain ||
    !parsed.uri ||
    !parsed.nonce ||
    parsed.version !== "1" ||
    !parsed.chainId ||
    !parsed.issuedAt ||
    !parsed.expirationTime ||
    parsed.statement !== statement ||
    // Fields we never set.
    parsed.notBefore ||
    parsed.requestId !== undefined ||
    parsed.resources ||
    parsed.scheme
  ) {
    throw invalid();
  }
  let rebuilt: string;
  try {
    rebuilt = createSiweMessage(parsed as SiweMessage);
  } catch {
    throw invalid();
  }
  if (rebuilt !== message) throw invalid();
  return parsed as SiweMessage;
}

async function findWalletUser(db: Db, address: string) {
  const [user] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(sql`lower(${users.walletAddress}) = ${address.toLowerCase()}`)
    .limit(1);
  return user;
}

/**
 * Checks a signed message we issued with `statement`: ours, for this site, unexpired, signed by
 * the address it names; then uses up its nonce (in `db`, which may be the caller's transaction:
 * if the caller's work fails, the nonce stays usable). Answers the signing address, lower case.
 * Refusals are 422s on `message` or `signature`.
 */
export async function verifyWalletMessage(
  db: Db,
  input: { message: string; signature: string },
  site: Site,
  statement: string = WALLET_STATEMENT,
): Promise<string> {
  const loaded = await viem();
  const fields = readMessage(input.message, statement, loaded);
  if (fields.domain !== site.host || new URL(fields.uri).origin !== site.origin) {
    throw fieldError("message", "identity.wallet_domain");
  }
  const now = Date.now();
  if (fields.expirationTime && fields.expirationTime.getTime() <= now) {
    throw fieldError("message", "identity.wallet_expired");
  }
  if (fields.issuedAt && fields.issuedAt.getTime() > now + 60_000) {
    throw fieldError("message", "identity.wallet_message_invalid");
  }
  let signed = false;
  try {
    signed = await loaded.verifyMessage({
      address: fields.address,
      message: input.message,
      signature: input.signature as Hex,
    });
  } catch {
    signed = false;
  }
  if (!signed) throw fieldError("signature", "identity.wallet_signature_invalid");

  // Check and use up the nonce in one statement: of two logins with one message, one wins.
  const used = await db
    .update(walletNonces)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(walletNonces.nonce, fields.nonce),
        isNull(walletNonces.usedAt),
        gt(walletNonces.expiresAt, new Date(now)),
      ),
    )
    .returning({ nonce: walletNonces.nonce });
  if (used.length === 0) throw fieldError("message", "identity.wallet_nonce_used");
  return fields.address.toLowerCase();
}

export async function walletLogin(
  deps: IdentityDeps,
  input: { message: string; signature: string },
  site: Site,
  info: ClientInfo,
) {
  const { db } = deps;
  const address = await verifyWalletMessage(db, input, site);
  let user = await findWalletUser(db, address);
  let created = false;
  if (!user) {
    try {
      const id = await insertUser(db, { walletAddress: address, passwordHash: null, lang: info.lang });
      user = { id, status: "active" };
      created = true;
    } catch (error) {
      // The same wallet's first sign-in on another device won the race: use that account.
      if (!String((error as { cause?: unknown }).cause ?? error).includes("users_wallet_unique")) throw error;
      user = await findWalletUser(db, address);
      if (!user) throw error;
    }
  }
  if (user.status !== "active") throw new ApiError(423, "identity.account_frozen");
  // A session, or the Google Authenticator step first when it is bound.
  return { ...(await signIn(db, user.id, "wallet", info)), created };
}
