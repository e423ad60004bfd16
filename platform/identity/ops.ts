import { uidOf } from "../contract/identity.ts";
import { registerOps, table } from "../ops/registry.ts";
import { findCustomer } from "./queries.ts";

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
