import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
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

/**
 * A balance: a customer's wallet for one coin (spot, contract…), or one of the platform's own
 * accounts (deposits, withdrawals, fees, trading counterparty, rewards…). `available` and
 * `frozen` are caches of the entries, updated in the same transaction; the database itself
 * refuses a customer balance below zero.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: serial("id").primaryKey(),
    ownerType: text("owner_type", { enum: ["user", "platform"] }).notNull(),
    userId: integer("user_id"),
    /** The wallet of a customer ("spot", "contract"…) or the name of a platform account. */
    kind: text("kind").notNull(),
    coin: text("coin").notNull(),
    available: amount("available").notNull().default("0"),
    frozen: amount("frozen").notNull().default("0"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_owner_unique")
      .on(t.ownerType, t.userId, t.kind, t.coin)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("ledger_accounts_platform_unique").on(t.kind, t.coin).where(sql`${t.ownerType} = 'platform'`),
    check(
      "ledger_customer_not_negative",
      sql`${t.ownerType} <> 'user' or (${t.available} >= 0 and ${t.frozen} >= 0)`,
    ),
    check("ledger_owner_consistent", sql`(${t.ownerType} = 'user') = (${t.userId} is not null)`),
  ],
);

/** One movement of money: why (kind and the thing that caused it) and when. */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    refType: text("ref_type"),
    refId: text("ref_id"),
    memo: text("memo").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_tx_ref_idx").on(t.refType, t.refId)],
);

/** The append-only entries; per transaction and coin they sum to zero. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    txId: bigint("tx_id", { mode: "number" }).notNull(),
    accountId: integer("account_id").notNull(),
    coin: text("coin").notNull(),
    bucket: text("bucket", { enum: ["available", "frozen"] }).notNull(),
    amount: amount("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_entries_tx_idx").on(t.txId), index("ledger_entries_account_idx").on(t.accountId)],
);

export const ledgerAuditRuns = pgTable("ledger_audit_runs", {
  id: serial("id").primaryKey(),
  ok: integer("ok").notNull(),
  report: text("report").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
