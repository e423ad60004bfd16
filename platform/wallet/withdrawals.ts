// Withdrawals, from request to chain: the preconditions and checks of a coin or fiat request,
// the freeze that records it, the operator's review (paid out or unfrozen) and the txid of one
// sent, with the lists the console works from.
import Decimal from "decimal.js";
import { and, asc, desc, eq } from "drizzle-orm";
import { canonicalAddress, validateAddress } from "../contract/addresses.ts";
import { FIAT_NETWORK, type FiatWithdrawInput, type FiatWithdrawTerms } from "../contract/wallet.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import {
  paymentMethodOf,
  requireGoogle,
  verifyFundPassword,
  withdrawalReadiness,
} from "../identity/index.ts";
import { postMessage } from "../inbox/index.ts";
import { coinCode, freeze, post, spendFrozen } from "../ledger/index.ts";
import { checkScale, coinDecimals, requireNetwork } from "./shared.ts";
import { walletNetworks, withdrawals } from "./tables.ts";

const d = (value: Decimal.Value) => new Decimal(value);

export type WithdrawInput = {
  coin: string;
  network: string;
  address: string;
  memo?: string;
  amount: string;
  payment_password: string;
  google_code?: string;
};

/**
 * The withdrawal preconditions, in the spec's order, each with its own message: a bound phone,
 * primary verification, a fund password; then the 24-hour lock after a security change.
 */
export async function assertCanWithdraw(db: Db, userId: number) {
  const ready = await withdrawalReadiness(db, userId);
  if (!ready.phone_bound) throw new ApiError(403, "wallet.bind_phone_first", { data: { readiness: ready } });
  if (!ready.primary_verified)
    throw new ApiError(403, "wallet.primary_kyc_first", { data: { readiness: ready } });
  if (!ready.fund_password_set)
    throw new ApiError(403, "wallet.fund_password_first", { data: { readiness: ready } });
  if (ready.locked_until) {
    throw new ApiError(423, "wallet.locked_until", {
      params: { time: ready.locked_until },
      data: { readiness: ready },
    });
  }
  return ready;
}

/**
 * The amount of a withdrawal against its coin's decimals and its network's minimum and fee:
 * what is taken, and the fee out of it.
 */
async function checkAmount(
  db: Db,
  coin: string,
  network: { minWithdraw: string; withdrawFee: string },
  value: string,
) {
  const amount = new Decimal(value);
  checkScale(amount, await coinDecimals(db, coin));
  const fee = new Decimal(network.withdrawFee);
  if (amount.lt(network.minWithdraw))
    throw fieldError("amount", "wallet.below_minimum", {
      minimum: new Decimal(network.minWithdraw).toFixed(),
      coin,
    });
  if (amount.lte(fee)) throw fieldError("amount", "wallet.below_fee", { fee: fee.toFixed(), coin });
  return { amount, fee };
}

/** The fund password, then the Google code when one is bound: the last checks before the freeze. */
async function checkSecrets(
  db: Db,
  userId: number,
  input: { payment_password: string; google_code?: string },
) {
  if (!(await verifyFundPassword(db, userId, input.payment_password))) {
    throw fieldError("payment_password", "wallet.fund_password_wrong");
  }
  await requireGoogle(db, userId, input.google_code);
}

/**
 * A crypto withdrawal request: every precondition, the address checked for the network, the
 * amount against the network's minimum and fee, the fund password (and the Google code when
 * bound); then the amount is frozen and the request waits for review.
 */
export async function requestWithdrawal(db: Db, userId: number, input: WithdrawInput) {
  await assertCanWithdraw(db, userId);
  const coin = coinCode(input.coin);
  const network = await requireNetwork(db, coin, input.network, "withdraw");
  const typed = input.address.trim();
  if (!validateAddress(network.network, typed))
    throw fieldError("address", "wallet.address_invalid", { network: network.network });
  const address = canonicalAddress(network.network, typed);
  const { amount, fee } = await checkAmount(db, coin, network, input.amount);
  await checkSecrets(db, userId, input);
  return createWithdrawal(db, {
    userId,
    coin,
    network: network.network,
    address,
    memo: input.memo,
    amount,
    fee,
  });
}

/** Fiat payouts are in USDT, at the terms stored with the networks (network FIAT). */
const FIAT_COIN = "USDT";

/** The fiat withdrawal's minimum and fee, as an operator last set them. */
export async function fiatWithdrawTerms(db: Db): Promise<FiatWithdrawTerms> {
  const [row] = await db
    .select()
    .from(walletNetworks)
    .where(and(eq(walletNetworks.coin, FIAT_COIN), eq(walletNetworks.network, FIAT_NETWORK)))
    .limit(1);
  return {
    coin: FIAT_COIN,
    withdraw_enabled: row?.withdrawEnabled ?? false,
    min_withdraw: new Decimal(row?.minWithdraw ?? 0).toFixed(),
    withdraw_fee: new Decimal(row?.withdrawFee ?? 0).toFixed(),
  };
}

/**
 * A fiat withdrawal: the same preconditions, checks and review as a coin withdrawal, paid out to
 * one of the customer's own saved payment methods instead of an address.
 */
export async function requestFiatWithdrawal(db: Db, userId: number, input: FiatWithdrawInput) {
  await assertCanWithdraw(db, userId);
  const network = await requireNetwork(db, FIAT_COIN, FIAT_NETWORK, "withdraw");
  // Another customer's method is "unknown" too: nothing tells it exists.
  const method = await paymentMethodOf(db, userId, input.payment_method_id);
  if (!method) throw fieldError("payment_method_id", "wallet.payment_method_unknown");
  const { amount, fee } = await checkAmount(db, FIAT_COIN, network, input.amount);
  await checkSecrets(db, userId, input);
  const last4 = method.account.length <= 4 ? method.account : `****${method.account.slice(-4)}`;
  return createWithdrawal(db, {
    userId,
    coin: FIAT_COIN,
    network: FIAT_NETWORK,
    // What the records show: where the money goes, with the account masked.
    address: `${method.provider} ${last4}`,
    paymentMethodId: method.id,
    amount,
    fee,
  });
}

/** A withdrawal already checked (preconditions, address, fund password): freeze and record it. */
export async function createWithdrawal(
  db: Db,
  input: {
    userId: number;
    coin: string;
    network: string;
    address: string;
    memo?: string;
    paymentMethodId?: number;
    amount: Decimal;
    fee: Decimal;
  },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId: input.userId,
        coin: input.coin,
        network: input.network,
        address: input.address,
        memo: input.memo ?? null,
        paymentMethodId: input.paymentMethodId ?? null,
        amount: input.amount.toFixed(),
        fee: input.fee.toFixed(),
        receive: input.amount.minus(input.fee).toFixed(),
      })
      .returning();
    if (!row) throw new Error("withdrawal not recorded");
    await post(
      tx,
      {
        kind: "withdrawal_request",
        ref: { type: "withdrawal", id: row.id },
        postings: freeze({ user: input.userId, wallet: "spot" }, input.coin, input.amount),
      },
      { insufficientKey: "wallet.insufficient" },
    );
    await postMessage(tx, input.userId, "withdrawal_requested", {
      amount: input.amount.toFixed(),
      coin: input.coin,
    });
    return row;
  });
}

/**
 * An operator completes a pending withdrawal: approved, the frozen amount leaves (what arrives to
 * the withdrawals account, the fee to the fees account); rejected, it is unfrozen. Exactly once.
 */
export async function reviewWithdrawal(
  db: Db,
  id: number,
  decision: { approve: boolean; operator: string; txid?: string; reason?: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({
        status: decision.approve ? "success" : "rejected",
        reviewedBy: decision.operator,
        reviewedAt: new Date(),
        txid: decision.txid ?? null,
        reason: decision.reason ?? null,
      })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "pending")))
      .returning();
    if (!row) throw new ApiError(409, "wallet.already_reviewed");
    const user = { user: row.userId, wallet: "spot" as const };
    if (decision.approve) {
      const postings = [...spendFrozen(user, { platform: "withdrawals" }, row.coin, row.receive)];
      if (!d(row.fee).isZero()) postings.push(...spendFrozen(user, { platform: "fees" }, row.coin, row.fee));
      await post(tx, { kind: "withdrawal", ref: { type: "withdrawal", id: row.id }, postings });
    } else {
      await post(tx, {
        kind: "withdrawal_reject",
        ref: { type: "withdrawal", id: row.id },
        postings: freeze(user, row.coin, d(row.amount).neg()),
      });
    }
    await postMessage(tx, row.userId, decision.approve ? "withdrawal_approved" : "withdrawal_rejected", {
      amount: d(row.amount).toFixed(),
      coin: row.coin,
      reason: decision.reason ?? "",
    });
    return row;
  });
}

/** Records the chain transaction of an approved withdrawal (an operator "marks it sent"). */
export async function markWithdrawalSent(db: Db, id: number, txid: string) {
  const [row] = await db
    .update(withdrawals)
    .set({ txid })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "success")))
    .returning();
  if (!row) throw new ApiError(409, "wallet.not_approved");
  await postMessage(db, row.userId, "withdrawal_sent", {
    amount: d(row.amount).toFixed(),
    coin: row.coin,
    txid,
  });
  return row;
}

export async function pendingWithdrawals(db: Db) {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.status, "pending"))
    .orderBy(asc(withdrawals.createdAt))
    .limit(200);
}

export async function recentWithdrawals(db: Db, limit = 50) {
  return db.select().from(withdrawals).orderBy(desc(withdrawals.createdAt)).limit(limit);
}
