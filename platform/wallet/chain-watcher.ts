import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { creditDeposit } from "./deposits.ts";
import { requireNetwork } from "./shared.ts";
import { depositAddresses } from "./tables.ts";

/** A deposit a chain has confirmed, as a chain integration reports it. */
export type ConfirmedDeposit = {
  coin: string;
  network: string;
  /** The deposit address it was sent to, and its memo/tag where the chain uses one. */
  address: string;
  memo?: string | null;
  /**
   * Set only when an operator has already attributed the deposit (manual credits); a chain
   * integration leaves it out and the address (and memo) decide whose it is.
   */
  userId?: number;
  /** The chain transaction: credited once per network. Null only for an operator's credit without one. */
  txid: string | null;
  amount: string;
  confirmations: number;
};

export type DepositOutcome = Awaited<ReturnType<typeof creditDeposit>>;
export type OnConfirmed = (deposit: ConfirmedDeposit) => Promise<DepositOutcome>;

/**
 * What a chain integration implements: watch its chain and report each deposit once it has the
 * network's confirmations. Reporting the same txid again is harmless (credited once).
 */
export interface ChainWatcher {
  readonly name: string;
  start(onConfirmed: OnConfirmed): void | Promise<void>;
  stop(): void | Promise<void>;
}

/**
 * The handler every watcher feeds: find whose address it is, check the confirmations, and credit
 * through the ledger (idempotent by network and txid).
 */
export function creditConfirmed(db: Db, operator: string): OnConfirmed {
  return async (deposit) => {
    const net = await requireNetwork(db, deposit.coin, deposit.network, "deposit");
    if (deposit.confirmations < net.confirmations) {
      throw new Error(
        `${deposit.txid ?? "deposit"} has ${deposit.confirmations} of ${net.confirmations} confirmations`,
      );
    }
    let userId = deposit.userId;
    if (userId === undefined) {
      const [owner] = await db
        .select({ userId: depositAddresses.userId })
        .from(depositAddresses)
        .where(
          and(
            eq(depositAddresses.network, net.network),
            eq(depositAddresses.address, deposit.address),
            deposit.memo ? eq(depositAddresses.memo, deposit.memo) : isNull(depositAddresses.memo),
          ),
        )
        .limit(1);
      if (!owner) throw new Error(`no customer owns ${deposit.address} on ${net.network}`);
      userId = owner.userId;
    }
    return creditDeposit(db, {
      userId,
      coin: deposit.coin,
      network: net.network,
      amount: deposit.amount,
      txid: deposit.txid ?? undefined,
      operator,
    });
  };
}

/** The watcher an operator drives by hand (the `deposit` command): each report is one confirmed deposit. */
export class ManualChainWatcher implements ChainWatcher {
  readonly name = "manual";
  #onConfirmed: OnConfirmed | undefined;

  start(onConfirmed: OnConfirmed) {
    this.#onConfirmed = onConfirmed;
  }

  stop() {
    this.#onConfirmed = undefined;
  }

  /** Reports a deposit the operator has seen confirmed. */
  async confirm(deposit: ConfirmedDeposit): Promise<DepositOutcome> {
    if (!this.#onConfirmed) throw new Error("the manual chain watcher is not started");
    return this.#onConfirmed(deposit);
  }
}
