import { eq, or } from "drizzle-orm";
import { uidOf } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import { registerOps, table } from "../ops/registry.ts";
import { users } from "./tables.ts";

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
        uid && uid > 0 ? eq(users.id, uid) : undefined,
      ),
    )
    .limit(1);
  return user;
}

registerOps({
  path: ["user", "show"],
  usage: "user show <email | +phone | uid | wallet address>",
  summary: "Shows a customer's account: uid, contacts, kind, status, created.",
  async run({ db }, { positionals }) {
    const term = positionals[0];
    if (!term) return { ok: false, output: "Which customer? Give an e-mail, +phone, uid or wallet address." };
    const user = await findCustomer(db, term);
    if (!user) return { ok: false, output: `No customer matches ${term}` };
    return {
      ok: true,
      output: table([
        {
          uid: uidOf(user.id),
          email: user.email,
          phone: user.phoneE164,
          wallet: user.walletAddress,
          kind: user.kind,
          status: user.status,
          created: user.createdAt.toISOString(),
        },
      ]),
    };
  },
});
