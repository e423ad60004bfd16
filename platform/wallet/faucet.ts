import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { DEMO_FAUCET, type Faucet } from "../contract/wallet.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { lockUser, userIdByEmail } from "../identity/index.ts";
import { post, transfer } from "../ledger/index.ts";

/**
 * The demo faucet: test money for trying the product on a local install. It is an ordinary,
 * balanced ledger movement from the platform's `faucet` account (which goes negative, like
 * `deposits`), so every balance, record and audit stays true.
 */
const KIND = "faucet";
const refOf = (userId: number) => ({ type: "user", id: userId });

/** What the account has received from the faucet so far. */
async function receivedBy(db: Db, userId: number): Promise<Decimal> {
  const result = (await db.execute(
    sql`select coalesce(sum(e.amount), 0)::text as received
          from ledger_transactions t
          join ledger_entries e on e.tx_id = t.id
          join ledger_accounts a on a.id = e.account_id
         where t.kind = ${KIND} and t.ref_type = 'user' and t.ref_id = ${String(userId)}
           and a.owner_type = 'user'`,
  )) as unknown as { rows: { received: string }[] };
  return new Decimal(result.rows[0]?.received ?? 0);
}

function view(enabled: boolean, received: Decimal): Faucet {
  const remaining = Decimal.max(0, new Decimal(DEMO_FAUCET.limit).minus(received));
  return {
    enabled,
    coin: DEMO_FAUCET.coin,
    grant: Decimal.min(DEMO_FAUCET.grant, remaining).toFixed(),
    limit: DEMO_FAUCET.limit,
    received: received.toFixed(),
    remaining: remaining.toFixed(),
  };
}

export async function faucetStatus(db: Db, userId: number, enabled: boolean): Promise<Faucet> {
  return view(enabled, enabled ? await receivedBy(db, userId) : new Decimal(0));
}

/**
 * One claim: `grant` USDT (less when that would pass the limit) into the spot wallet. The
 * customer's row is locked first, so two claims at once cannot both pass the limit.
 */
export async function claimFaucet(db: Db, userId: number, enabled: boolean): Promise<Faucet> {
  if (!enabled) throw new ApiError(403, "wallet.faucet_off");
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const before = view(true, await receivedBy(tx, userId));
    if (new Decimal(before.grant).isZero()) {
      throw new ApiError(422, "wallet.faucet_limit", {
        params: { limit: DEMO_FAUCET.limit, coin: DEMO_FAUCET.coin },
      });
    }
    await post(tx, {
      kind: KIND,
      ref: refOf(userId),
      memo: "demo faucet",
      postings: transfer(
        { platform: "faucet" },
        { user: userId, wallet: "spot" },
        DEMO_FAUCET.coin,
        before.grant,
      ),
    });
    return view(true, new Decimal(before.received).plus(before.grant));
  });
}

/** The demo account's starting balance: one claim, the first time it has received nothing. */
export async function fundDemoAccount(db: Db, email: string): Promise<boolean> {
  const demo = await userIdByEmail(db, email);
  if (demo === undefined || !(await receivedBy(db, demo)).isZero()) return false;
  await claimFaucet(db, demo, true);
  return true;
}
