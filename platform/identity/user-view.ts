import { eq } from "drizzle-orm";
import { type User, uidOf } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { kycStates } from "../kyc/index.ts";
import { securityFlags } from "./security.ts";
import { users } from "./tables.ts";

/** The user as the spec's clients read it (`data.user`). */
export async function userView(db: Db, userId: number): Promise<User> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new ApiError(404, "errors.not_found");
  return {
    id: u.id,
    uid: uidOf(u.id),
    account: u.email ?? (u.phoneE164 ? `${u.phone}` : (u.walletAddress ?? "")),
    area_code: u.areaCode ?? "",
    phone: u.phone ?? "",
    email: u.email ?? "",
    name: u.name,
    avatar: u.avatar,
    authentication: await kycStates(db, u.id),
    ...(await securityFlags(db, u.id)),
    invite_code: u.inviteCode,
    kind: u.kind,
    wallet_address: u.walletAddress,
    created_at: u.createdAt.toISOString(),
  };
}
