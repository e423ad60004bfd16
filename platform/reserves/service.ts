import { randomBytes, randomInt } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { uidOf } from "../contract/identity.ts";
import {
  type Balances,
  buildLevels,
  leafNode,
  pathOf,
  type ReserveProof,
  type TreeNode,
} from "../contract/reserves.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { reserveLeaves, reserveSnapshots } from "./tables.ts";

type Row = { user_id: number; coin: string; amount: string };

/**
 * Publishes a snapshot: every customer's total per coin over all their wallets (available and
 * frozen), read in one consistent view of the ledger, a leaf each at a random position, and the
 * tree's root and totals. Returns the snapshot row.
 */
export async function publishSnapshot(db: Db, publishedBy: string) {
  return db.transaction(
    async (tx) => {
      const { rows } = (await tx.execute(sql`
        select user_id, coin, sum(available + frozen)::text as amount
          from ledger_accounts where owner_type = 'user'
         group by user_id, coin order by user_id, coin`)) as unknown as { rows: Row[] };
      const byUser = new Map<number, Balances>();
      for (const r of rows) {
        const balances = byUser.get(r.user_id) ?? {};
        balances[r.coin] = r.amount;
        byUser.set(r.user_id, balances);
      }
      // Fisher–Yates with a cryptographic random source: positions reveal nothing.
      const users = [...byUser.keys()];
      for (let i = users.length - 1; i > 0; i--) {
        const j = randomInt(i + 1);
        [users[i], users[j]] = [users[j] as number, users[i] as number];
      }
      const leaves = await Promise.all(
        users.map(async (userId, position) => {
          const input = {
            uid: uidOf(userId),
            nonce: randomBytes(16).toString("hex"),
            balances: byUser.get(userId) as Balances,
          };
          const node = await leafNode(input);
          return { position, userId, nonce: input.nonce, balances: node.sums, hash: node.hash };
        }),
      );
      const levels = await buildLevels(leaves.map((l) => ({ hash: l.hash, sums: l.balances })));
      const root = levels.at(-1)?.[0] as TreeNode;
      const [snapshot] = await tx
        .insert(reserveSnapshots)
        .values({ rootHash: root.hash, totals: root.sums, customers: leaves.length, publishedBy })
        .returning();
      const id = snapshot?.id as number;
      for (let i = 0; i < leaves.length; i += 1000) {
        await tx
          .insert(reserveLeaves)
          .values(leaves.slice(i, i + 1000).map((l) => ({ ...l, snapshotId: id })));
      }
      levelsCache.set(db, { snapshotId: id, levels });
      return snapshot as typeof reserveSnapshots.$inferSelect;
    },
    { isolationLevel: "repeatable read" },
  );
}

export async function latestSnapshot(db: Db) {
  const [row] = await db.select().from(reserveSnapshots).orderBy(desc(reserveSnapshots.id)).limit(1);
  return row;
}

export async function snapshotHistory(db: Db, limit = 30) {
  return db.select().from(reserveSnapshots).orderBy(desc(reserveSnapshots.id)).limit(limit);
}

// Per database, the tree of the newest snapshot asked about, so proofs do not rebuild it each time.
const levelsCache = new WeakMap<Db, { snapshotId: number; levels: TreeNode[][] }>();

async function levelsOf(db: Db, snapshotId: number) {
  const cached = levelsCache.get(db);
  if (cached?.snapshotId === snapshotId) return cached.levels;
  const leaves = await db
    .select({ hash: reserveLeaves.hash, balances: reserveLeaves.balances })
    .from(reserveLeaves)
    .where(eq(reserveLeaves.snapshotId, snapshotId))
    .orderBy(asc(reserveLeaves.position));
  const levels = await buildLevels(leaves.map((l) => ({ hash: l.hash, sums: l.balances })));
  levelsCache.set(db, { snapshotId, levels });
  return levels;
}

/** A customer's leaf and path in the newest snapshot (404 when they were not yet a customer). */
export async function proofFor(db: Db, userId: number): Promise<ReserveProof> {
  const snapshot = await latestSnapshot(db);
  if (!snapshot) throw new ApiError(404, "reserves.none_yet");
  const [leaf] = await db
    .select()
    .from(reserveLeaves)
    .where(and(eq(reserveLeaves.snapshotId, snapshot.id), eq(reserveLeaves.userId, userId)))
    .limit(1);
  if (!leaf) throw new ApiError(404, "reserves.not_included");
  const levels = await levelsOf(db, snapshot.id);
  return {
    snapshot: snapshot.id,
    uid: uidOf(userId),
    nonce: leaf.nonce,
    balances: leaf.balances,
    path: pathOf(levels, leaf.position),
    root: { hash: snapshot.rootHash, totals: snapshot.totals },
  };
}

/** For the daily job: a snapshot when the newest is a day old (or there is none). */
export async function publishIfDue(db: Db, now = new Date()) {
  const latest = await latestSnapshot(db);
  if (latest && now.getTime() - latest.createdAt.getTime() < 24 * 3_600_000) return undefined;
  return publishSnapshot(db, "job");
}
