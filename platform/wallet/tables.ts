import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** Coins the platform holds balances in: display decimals and whether the spec tracks it. */
export const coins = pgTable("coins", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  decimals: integer("decimals").notNull(),
  tracked: boolean("tracked").notNull().default(false),
  sort: integer("sort").notNull().default(0),
});

/** How a coin travels: deposit minimum, withdrawal fee and minimum, confirmations. */
export const walletNetworks = pgTable(
  "wallet_networks",
  {
    coin: text("coin").notNull(),
    network: text("network").notNull(),
    depositEnabled: boolean("deposit_enabled").notNull().default(true),
    withdrawEnabled: boolean("withdraw_enabled").notNull().default(true),
    minDeposit: amount("min_deposit").notNull(),
    withdrawFee: amount("withdraw_fee").notNull(),
    minWithdraw: amount("min_withdraw").notNull(),
    confirmations: integer("confirmations").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("wallet_networks_unique").on(t.coin, t.network)],
);

/** A customer's deposit address on a network (one per user and network; a memo/tag where the chain needs one). */
export const depositAddresses = pgTable(
  "deposit_addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    network: text("network").notNull(),
    address: text("address").notNull(),
    memo: text("memo"),
    derivationPath: text("derivation_path"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deposit_addresses_user_network").on(t.userId, t.network),
    uniqueIndex("deposit_addresses_address").on(t.network, t.address, t.memo),
  ],
);

/** Counter of derived addresses per chain family, so each derivation index is used once. */
export const derivationCounters = pgTable("derivation_counters", {
  family: text("family").primaryKey(),
  next: integer("next").notNull().default(0),
});

/** Confirmed deposits (credited through the ledger). */
export const deposits = pgTable(
  "deposits",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    coin: text("coin").notNull(),
    network: text("network").notNull(),
    amount: amount("amount").notNull(),
    address: text("address").notNull().default(""),
    txid: text("txid"),
    status: text("status", { enum: ["success"] })
      .notNull()
      .default("success"),
    operator: text("operator").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("deposits_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("deposits_txid_unique").on(t.network, t.txid).where(sql`${t.txid} is not null`),
  ],
);

/** Fiat recharges: the customer says how and how much they paid; an operator confirms. */
export const fiatRecharges = pgTable(
  "fiat_recharges",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    method: text("method").notNull(),
    currency: text("currency").notNull(),
    amount: amount("amount").notNull(),
    credit: amount("credit").notNull(),
    reference: text("reference").notNull().default(""),
    status: text("status", { enum: ["pending", "success", "rejected"] })
      .notNull()
      .default("pending"),
    reason: text("reason"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("fiat_recharges_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Withdrawals: the amount is frozen when requested (pending), leaves the ledger when an operator
 * approves (success; `txid` once sent), or is unfrozen when rejected.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    coin: text("coin").notNull(),
    network: text("network").notNull(),
    address: text("address").notNull(),
    memo: text("memo"),
    paymentMethodId: integer("payment_method_id"),
    amount: amount("amount").notNull(),
    fee: amount("fee").notNull(),
    receive: amount("receive").notNull(),
    status: text("status", { enum: ["pending", "success", "rejected"] })
      .notNull()
      .default("pending"),
    txid: text("txid"),
    reason: text("reason"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("withdrawals_user_idx").on(t.userId, t.createdAt),
    index("withdrawals_status_idx").on(t.status),
  ],
);

/** Moves between a customer's own wallets (spot ↔ contract). */
export const transfers = pgTable(
  "transfers",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    coin: text("coin").notNull(),
    fromWallet: text("from_wallet").notNull(),
    toWallet: text("to_wallet").notNull(),
    amount: amount("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("transfers_user_idx").on(t.userId, t.createdAt)],
);

/** Conversion quotes; a quote used (`usedAt`) is the record of the conversion. */
export const exchangeQuotes = pgTable(
  "exchange_quotes",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull(),
    fromCoin: text("from_coin").notNull(),
    toCoin: text("to_coin").notNull(),
    fromAmount: amount("from_amount").notNull(),
    toAmount: amount("to_amount").notNull(),
    rate: amount("rate").notNull(),
    fee: amount("fee").notNull(),
    /** The desk's tolerance when quoted: how far the live rate may be at conversion. */
    priceTolerance: amount("price_tolerance").notNull().default("0.005"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("exchange_quotes_user_idx").on(t.userId, t.createdAt)],
);
