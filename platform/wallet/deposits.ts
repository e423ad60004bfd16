// Money coming in: the customer's deposit addresses, chain deposits credited once confirmed, and
// fiat recharges an operator reviews (with the pending list the console works from).
import Decimal from "decimal.js";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { postMessage } from "../inbox/index.ts";
import { coinCode, post, transfer } from "../ledger/index.ts";
import { derive, type Family, NETWORK_FAMILY } from "./derive.ts";
import { checkScale, coinDecimals, requireNetwork, type WalletDeps } from "./shared.ts";
import { depositAddresses, deposits, derivationCounters, fiatRecharges } from "./tables.ts";

const d = (value: Decimal.Value) => new Decimal(value);

/**
 * The customer's deposit address on a network: derived once from the deposit key (a fresh index
 * per customer), or the shared address with the customer's UID as memo where the chain uses
 * memos (XRP destination tags, EOS memos).
 */
export async function depositAddress(deps: WalletDeps, userId: number, coin: string, network: string) {
  const net = await requireNetwork(deps.db, coin, network, "deposit");
  const family = NETWORK_FAMILY[net.network];
  if (!family) throw fieldError("network", "wallet.network_unknown");
  const info = {
    coin: net.coin,
    network: net.network,
    min_deposit: d(net.minDeposit).toFixed(),
    confirmations: net.confirmations,
  };
  const [existing] = await deps.db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, net.network)))
    .limit(1);
  if (existing) return { ...info, address: existing.address, memo: existing.memo };
  const memo = family === "memo" || family === "xrp" ? String(10_000_000 + userId) : null;
  return deps.db.transaction(async (tx) => {
    let address: string;
    let path: string | null = null;
    if (family === "memo") address = deps.eosAccount;
    else if (family === "xrp") ({ address, path } = derive(deps.depositXpub, "xrp", 0));
    else {
      const index = await nextIndex(tx, family);
      ({ address, path } = derive(deps.depositXpub, family, index));
    }
    const [created] = await tx
      .insert(depositAddresses)
      .values({ userId, network: net.network, address, memo, derivationPath: path })
      .onConflictDoNothing()
      .returning();
    if (created) return { ...info, address: created.address, memo: created.memo };
    // Another request made it first.
    const [row] = await tx
      .select()
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, net.network)))
      .limit(1);
    if (!row) throw new Error("deposit address vanished");
    return { ...info, address: row.address, memo: row.memo };
  });
}

async function nextIndex(tx: Db, family: Family): Promise<number> {
  const [row] = await tx
    .insert(derivationCounters)
    .values({ family, next: 1 })
    .onConflictDoUpdate({
      target: derivationCounters.family,
      set: { next: sql`${derivationCounters.next} + 1` },
    })
    .returning({ next: derivationCounters.next });
  return (row?.next ?? 1) - 1;
}

/**
 * Credits a confirmed deposit: the platform's deposits account → the customer's spot wallet.
 * Idempotent by (network, txid): a transaction seen again returns the first record, `credited: false`.
 */
export async function creditDeposit(
  db: Db,
  input: { userId: number; coin: string; network: string; amount: string; txid?: string; operator: string },
) {
  const coin = coinCode(input.coin);
  const net = await requireNetwork(db, coin, input.network, "deposit");
  const amount = d(input.amount);
  checkScale(amount, await coinDecimals(db, coin));
  if (amount.lte(0)) throw fieldError("amount", "wallet.amount_positive");
  return db.transaction(async (tx) => {
    const [address] = await tx
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, input.userId), eq(depositAddresses.network, net.network)))
      .limit(1);
    const [row] = await tx
      .insert(deposits)
      .values({
        userId: input.userId,
        coin,
        network: net.network,
        amount: amount.toFixed(),
        address: address?.address ?? "",
        txid: input.txid ?? null,
        operator: input.operator,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [seen] = input.txid
        ? await tx
            .select()
            .from(deposits)
            .where(and(eq(deposits.network, net.network), eq(deposits.txid, input.txid)))
            .limit(1)
        : [];
      if (!seen) throw new Error("deposit not recorded");
      return { ...seen, credited: false };
    }
    await post(tx, {
      kind: "deposit",
      ref: { type: "deposit", id: row.id },
      postings: transfer({ platform: "deposits" }, { user: input.userId, wallet: "spot" }, coin, amount),
    });
    await postMessage(tx, input.userId, "deposit_credited", { amount: amount.toFixed(), coin });
    return { ...row, credited: true };
  });
}

/** A fiat recharge request (USD, credited 1:1 in USDT once an operator confirms the payment). */
export async function requestFiatRecharge(
  db: Db,
  userId: number,
  input: { method: string; amount: string; reference?: string },
) {
  const amount = d(input.amount);
  checkScale(amount, 2);
  if (amount.lt(10)) throw fieldError("amount", "wallet.fiat_minimum", { minimum: 10 });
  const [row] = await db
    .insert(fiatRecharges)
    .values({
      userId,
      method: input.method,
      currency: "USD",
      amount: amount.toFixed(),
      credit: amount.toFixed(),
      reference: input.reference ?? "",
    })
    .returning();
  return row;
}

/** An operator's decision on a fiat recharge; approving credits USDT, exactly once. */
export async function reviewFiatRecharge(
  db: Db,
  id: number,
  decision: { approve: boolean; operator: string; reason?: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(fiatRecharges)
      .set({
        status: decision.approve ? "success" : "rejected",
        reviewedBy: decision.operator,
        reviewedAt: new Date(),
        reason: decision.reason ?? null,
      })
      .where(and(eq(fiatRecharges.id, id), eq(fiatRecharges.status, "pending")))
      .returning();
    if (!row) throw new ApiError(409, "wallet.already_reviewed");
    if (decision.approve) {
      await post(tx, {
        kind: "fiat_recharge",
        ref: { type: "fiat_recharge", id: row.id },
        postings: transfer(
          { platform: "deposits" },
          { user: row.userId, wallet: "spot" },
          "USDT",
          row.credit,
        ),
      });
    }
    await postMessage(
      tx,
      row.userId,
      decision.approve ? "fiat_recharge_approved" : "fiat_recharge_rejected",
      {
        amount: d(row.amount).toFixed(2),
        currency: row.currency,
        reason: decision.reason ?? "",
      },
    );
    return row;
  });
}

export async function pendingFiatRecharges(db: Db) {
  return db
    .select()
    .from(fiatRecharges)
    .where(eq(fiatRecharges.status, "pending"))
    .orderBy(asc(fiatRecharges.createdAt))
    .limit(200);
}
