import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { Balances } from "../contract/reserves.ts";

/** A published proof of reserves: the root of the Merkle sum tree of every customer's balances. */
export const reserveSnapshots = pgTable("reserve_snapshots", {
  id: serial("id").primaryKey(),
  rootHash: text("root_hash").notNull(),
  /** What the platform owes its customers per coin (the root's sums). */
  totals: jsonb("totals").$type<Balances>().notNull(),
  customers: integer("customers").notNull(),
  /** "job" for the daily run, else the operator who asked. */
  publishedBy: text("published_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One customer's leaf in a snapshot. The nonce salts the leaf's hash and is shown only to that
 * customer; leaves sit at random positions, so the tree says nothing about who is where.
 */
export const reserveLeaves = pgTable(
  "reserve_leaves",
  {
    snapshotId: integer("snapshot_id")
      .notNull()
      .references(() => reserveSnapshots.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    userId: integer("user_id").notNull(),
    nonce: text("nonce").notNull(),
    balances: jsonb("balances").$type<Balances>().notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.position] }),
    index("reserve_leaves_user").on(t.snapshotId, t.userId),
  ],
);
