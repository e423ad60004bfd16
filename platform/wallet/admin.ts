// The console's deposit networks and withdrawal fees (wallet_networks), each edit in one
// transaction with its audit row, written by the writer the console (admin) hands in with the
// operator (`Actor`). Wallet reads these rows on every call, so a change shows at once.
import Decimal from "decimal.js";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Actor } from "../http/console.ts";
import { ApiError } from "../http/errors.ts";
import { walletNetworks } from "./tables.ts";

type Network = typeof walletNetworks.$inferSelect;
const networkView = (n: Network) => ({
  coin: n.coin,
  network: n.network,
  deposit_enabled: n.depositEnabled,
  withdraw_enabled: n.withdrawEnabled,
  min_deposit: new Decimal(n.minDeposit).toFixed(),
  withdraw_fee: new Decimal(n.withdrawFee).toFixed(),
  min_withdraw: new Decimal(n.minWithdraw).toFixed(),
  confirmations: n.confirmations,
});

export async function listNetworks(db: Db) {
  const rows = await db
    .select()
    .from(walletNetworks)
    .orderBy(asc(walletNetworks.coin), asc(walletNetworks.sort), asc(walletNetworks.network));
  return rows.map(networkView);
}

export type NetworkChange = {
  deposit_enabled: boolean;
  withdraw_enabled: boolean;
  min_deposit: string;
  withdraw_fee: string;
  min_withdraw: string;
};

/**
 * Opens or pauses deposits and withdrawals on a network and sets its minimums and withdrawal fee
 * (a withdrawal already asked for keeps the fee it was quoted).
 */
export async function updateNetwork(
  db: Db,
  by: Actor,
  key: { coin: string; network: string },
  change: NetworkChange,
) {
  const where = and(
    eq(walletNetworks.coin, key.coin.trim().toUpperCase()),
    eq(walletNetworks.network, key.network.trim().toUpperCase()),
  );
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(walletNetworks).where(where).for("update").limit(1);
    if (!before) throw new ApiError(404, "errors.not_found");
    const [after] = await tx
      .update(walletNetworks)
      .set({
        depositEnabled: change.deposit_enabled,
        withdrawEnabled: change.withdraw_enabled,
        minDeposit: change.min_deposit,
        withdrawFee: change.withdraw_fee,
        minWithdraw: change.min_withdraw,
      })
      .where(where)
      .returning();
    if (!after) throw new ApiError(404, "errors.not_found");
    await by.record(tx, {
      operator: by.email,
      action: "network.update",
      target: `network:${after.coin}:${after.network}`,
      before: networkView(before),
      after: networkView(after),
    });
    return networkView(after);
  });
}
