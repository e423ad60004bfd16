import { randomInt } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { User } from "../contract/identity.ts";
import { uidOf } from "../contract/identity.ts";
import { offsetOf, type PageQuery, pageResult } from "../contract/pagination.ts";
import type { AgentInfo, Referral, ReferralSummary } from "../contract/referral.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import {
  type IdentityDeps,
  issueWalletMessage,
  listInvitees,
  type Site,
  setUserKind,
  tooMany,
  userView,
  verifyWalletMessage,
} from "../identity/index.ts";
import { postMessage } from "../inbox/index.ts";
import { agentCodes, agents } from "./tables.ts";

/**
 * What a user signs to bind an agent's authorization address (EIP-4361, like wallet sign-in but
 * with its own statement, so neither message is accepted in place of the other). The same in
 * every language.
 */
export const AGENT_WALLET_STATEMENT =
  "Bind this wallet as the authorization address of my agent account. Signing is free and sends no transaction.";

/** Wrong codes a user may enter per hour before being told to wait. */
const CODE_TRIES = { limit: 10, windowMs: 60 * 60_000 };

// ------------------------------------------------------------------ invitations

export async function referralSummary(db: Db, userId: number): Promise<ReferralSummary> {
  const user = await userView(db, userId);
  const { total } = await listInvitees(db, userId, { offset: 0, limit: 0 });
  return {
    invite_code: user.invite_code,
    invite_path: `/resgister?invite=${encodeURIComponent(user.invite_code)}`,
    invited: total,
  };
}

/** Shows enough of an address to recognise it, never all of it. */
export function maskAccount(user: Pick<User, "email" | "phone" | "area_code" | "wallet_address">): string {
  if (user.email) {
    const [local = "", domain = ""] = user.email.split("@");
    const keep = local.length > 3 ? 2 : 1;
    return `${local.slice(0, keep)}***@${domain}`;
  }
  if (user.phone) {
    const p = user.phone;
    return `+${user.area_code} ${p.slice(0, Math.min(3, p.length - 4))}****${p.slice(-2)}`;
  }
  if (user.wallet_address) return `${user.wallet_address.slice(0, 6)}…${user.wallet_address.slice(-4)}`;
  return "***";
}

function referralOf(user: User, withUid: boolean): Referral {
  const verified =
    user.authentication.primary === "authenticated" || user.authentication.advanced === "authenticated";
  return {
    uid: withUid ? uidOf(user.id) : null,
    account: maskAccount(user),
    joined_at: user.created_at,
    status: verified ? "verified" : "registered",
  };
}

/** The accounts a user invited, newest first; agents also see each one's UID. */
export async function listReferrals(db: Db, userId: number, page: PageQuery, withUid: boolean) {
  const { total, items } = await listInvitees(db, userId, offsetOf(page));
  return pageResult(
    page,
    items.map((u) => referralOf(u, withUid)),
    total,
  );
}

// ------------------------------------------------------------------ agent codes

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I look-alikes

/** 12 characters (60 bits), stored without separators. */
export const newAgentCode = () =>
  Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");

/** How a code is printed and handed out: XXXX-XXXX-XXXX. */
export const formatAgentCode = (code: string) => code.replace(/(.{4})(?=.)/g, "$1-");

export async function createAgentCodes(db: Db, count: number, operator: string) {
  const created: string[] = [];
  while (created.length < count) {
    const [row] = await db
      .insert(agentCodes)
      .values({ code: newAgentCode(), createdBy: operator })
      .onConflictDoNothing()
      .returning({ code: agentCodes.code });
    if (row) created.push(row.code);
  }
  return created;
}

export async function listAgentCodes(db: Db, options: { unusedOnly: boolean }) {
  return db
    .select()
    .from(agentCodes)
    .where(options.unusedOnly ? isNull(agentCodes.usedAt) : undefined)
    .orderBy(asc(agentCodes.id));
}

/** Refuses a code that is not an unused one (without using it up). */
async function checkCode(deps: IdentityDeps, userId: number, code: string) {
  const key = `agent:code:${userId}`;
  const state = await deps.limiter.blocked(key, CODE_TRIES.limit, CODE_TRIES.windowMs);
  if (!state.ok) throw tooMany(state.retryAfterMs);
  const [row] = await deps.db.select().from(agentCodes).where(eq(agentCodes.code, code)).limit(1);
  if (!row || row.usedAt) {
    await deps.limiter.hit(key, CODE_TRIES.limit, CODE_TRIES.windowMs);
    throw fieldError("code", row ? "agent.code_used" : "agent.code_unknown");
  }
  return row;
}

// ------------------------------------------------------------------ agents

export async function agentInfo(db: Db, userId: number): Promise<AgentInfo> {
  const [agent] = await db.select().from(agents).where(eq(agents.userId, userId)).limit(1);
  const { total } = await listInvitees(db, userId, { offset: 0, limit: 0 });
  return {
    is_agent: Boolean(agent),
    address: agent?.address ?? null,
    bound_at: agent?.boundAt.toISOString() ?? null,
    invited: total,
  };
}

export async function isAgent(db: Db, userId: number) {
  const [agent] = await db.select({ userId: agents.userId }).from(agents).where(eq(agents.userId, userId));
  return Boolean(agent);
}

async function addressTaken(db: Db, address: string) {
  const [row] = await db
    .select({ userId: agents.userId })
    .from(agents)
    .where(eq(agents.address, address.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/**
 * Step 1 of becoming an agent: the code is checked (not used yet) and the message to sign with
 * the wallet is issued.
 */
export async function issueAgentMessage(
  deps: IdentityDeps,
  userId: number,
  input: { code: string; address: string; chainId: number },
  site: Site,
  ip: string,
) {
  if (await isAgent(deps.db, userId)) throw new ApiError(409, "agent.already_agent");
  await checkCode(deps, userId, input.code);
  if (await addressTaken(deps.db, input.address)) throw fieldError("address", "agent.address_taken");
  return issueWalletMessage(
    deps,
    { address: input.address, chainId: input.chainId },
    site,
    ip,
    AGENT_WALLET_STATEMENT,
  );
}

// Wallet refusals worded for sign-in, reworded for this purpose.
const REWORDED: Record<string, string> = {
  "identity.wallet_message_invalid": "agent.wallet_message_invalid",
  "identity.wallet_domain": "agent.wallet_domain",
  "identity.wallet_expired": "agent.wallet_expired",
  "identity.wallet_nonce_used": "agent.wallet_nonce_used",
};

async function verifyAgentMessage(db: Db, input: { message: string; signature: string }, site: Site) {
  try {
    return await verifyWalletMessage(db, input, site, AGENT_WALLET_STATEMENT);
  } catch (error) {
    const reworded = error instanceof ApiError ? REWORDED[error.messageKey] : undefined;
    if (!reworded) throw error;
    throw fieldError("message", reworded);
  }
}

/**
 * Step 2: the signed message proves the address; in one transaction the code is used up, the
 * address bound, the user made an agent and told so in the message centre. Anything refused
 * changes nothing (the code and the message stay usable).
 */
export async function bindAgent(
  deps: IdentityDeps,
  userId: number,
  input: { code: string; message: string; signature: string },
  site: Site,
) {
  if (await isAgent(deps.db, userId)) throw new ApiError(409, "agent.already_agent");
  await checkCode(deps, userId, input.code);
  try {
    await deps.db.transaction(async (tx) => {
      const address = await verifyAgentMessage(tx, input, site);
      const [code] = await tx
        .update(agentCodes)
        .set({ usedBy: userId, usedAt: new Date() })
        .where(and(eq(agentCodes.code, input.code), isNull(agentCodes.usedAt)))
        .returning({ id: agentCodes.id });
      // Someone else used it between the check and now.
      if (!code) throw fieldError("code", "agent.code_used");
      await tx.insert(agents).values({ userId, address, codeId: code.id });
      await setUserKind(tx, userId, "agent");
      await postMessage(tx, userId, "agent_approved", { address });
    });
  } catch (error) {
    const text = String((error as { cause?: unknown }).cause ?? error);
    if (text.includes("agents_address_unique")) throw fieldError("message", "agent.address_taken");
    if (text.includes("agents_pkey")) throw new ApiError(409, "agent.already_agent");
    throw error;
  }
  return agentInfo(deps.db, userId);
}

/** Agents only: their invited users. */
export async function agentUsers(db: Db, userId: number, page: PageQuery) {
  if (!(await isAgent(db, userId))) throw new ApiError(403, "agent.not_agent");
  return listReferrals(db, userId, page, true);
}
