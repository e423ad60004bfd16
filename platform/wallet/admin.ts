// The console's wallet work, each change in one transaction with its audit row, written by the
// writer the console (admin) hands in with the operator (`Actor`): the reviews of withdrawals and
// fiat recharges and deposits credited by hand (the same service functions as the operator CLI),
// and the deposit networks and withdrawal fees (wallet_networks; wallet reads these rows on every
// call, so a change shows at once).
import Decimal from "decimal.js";
import { and, asc, eq } from "drizzle-orm";
import { uidOf } from "../contract/identity.ts";
import type { Db } from "../db/client.ts";
import type { Actor } from "../http/console.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { accountNamesOf, findCustomer } from "../identity/index.ts";
import { creditDeposit, pendingFiatRecharges, reviewFiatRecharge } from "./deposits.ts";
import {
  fiatRechargeById,
  fiatState,
  fiatView,
  withdrawalById,
  withdrawalState,
  withdrawalView,
} from "./review.ts";
import { firstNetwork } from "./shared.ts";
import { walletNetworks } from "./tables.ts";
import {
  markWithdrawalSent,
  pendingWithdrawals,
  recentWithdrawals,
  reviewWithdrawal,
} from "./withdrawals.ts";

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

const money = (v: string) => new Decimal(v).toFixed();

export async function withdrawalQueue(db: Db, all: boolean) {
  const rows = all ? await recentWithdrawals(db, 100) : await pendingWithdrawals(db);
  const account = await accountNamesOf(
    db,
    rows.map((w) => w.userId),
  );
  return rows.map((w) => withdrawalView(w, account(w.userId)));
}

export async function decideWithdrawal(
  db: Db,
  by: Actor,
  id: number,
  decision: { approve: boolean; reason?: string; txid?: string },
) {
  return db.transaction(async (tx) => {
    const before = await withdrawalById(tx, id);
    const after = await reviewWithdrawal(tx, id, {
      approve: decision.approve,
      operator: by.email,
      reason: decision.reason,
      txid: decision.txid || undefined,
    });
    await by.record(tx, {
      operator: by.email,
      action: decision.approve ? "withdrawal.approve" : "withdrawal.reject",
      target: `withdrawal:${id}`,
      before: withdrawalState(before),
      after: withdrawalState(after),
    });
    return withdrawalView(after, "");
  });
}

export async function withdrawalSent(db: Db, by: Actor, id: number, txid: string) {
  return db.transaction(async (tx) => {
    const before = await withdrawalById(tx, id);
    const after = await markWithdrawalSent(tx, id, txid);
    await by.record(tx, {
      operator: by.email,
      action: "withdrawal.sent",
      target: `withdrawal:${id}`,
      before: withdrawalState(before),
      after: withdrawalState(after),
    });
    return withdrawalView(after, "");
  });
}

export async function fiatQueue(db: Db) {
  const rows = await pendingFiatRecharges(db);
  const account = await accountNamesOf(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => fiatView(r, account(r.userId)));
}

export async function decideFiat(
  db: Db,
  by: Actor,
  id: number,
  decision: { approve: boolean; reason?: string },
) {
  return db.transaction(async (tx) => {
    const before = await fiatRechargeById(tx, id);
    const after = await reviewFiatRecharge(tx, id, { ...decision, operator: by.email });
    await by.record(tx, {
      operator: by.email,
      action: decision.approve ? "fiat.approve" : "fiat.reject",
      target: `fiat_recharge:${id}`,
      before: fiatState(before),
      after: fiatState(after),
    });
    return fiatView(after, "");
  });
}

/** A confirmed chain deposit credited by hand (as `npm run ops -- deposit` does). */
export async function confirmDeposit(
  db: Db,
  by: Actor,
  input: { account: string; coin: string; amount: string; network?: string; txid?: string },
) {
  const user = await findCustomer(db, input.account);
  if (!user) throw fieldError("account", "admin.no_customer");
  const coin = input.coin.toUpperCase();
  let network = input.network?.toUpperCase();
  if (!network) network = await firstNetwork(db, coin);
  if (!network) throw fieldError("coin", "admin.no_network");
  return db.transaction(async (tx) => {
    const row = await creditDeposit(tx, {
      userId: user.id,
      coin,
      network: network as string,
      amount: input.amount,
      txid: input.txid || undefined,
      operator: by.email,
    });
    // The same chain transaction twice credits once: say so instead of recording a credit.
    if ((row as { credited?: boolean }).credited === false) throw fieldError("txid", "admin.txid_credited");
    const after = {
      uid: uidOf(user.id),
      coin: row.coin,
      network: row.network,
      amount: money(row.amount),
      txid: row.txid,
    };
    await by.record(tx, { operator: by.email, action: "deposit.credit", target: `deposit:${row.id}`, after });
    return { id: row.id, ...after };
  });
}
