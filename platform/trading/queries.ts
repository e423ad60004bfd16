import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, positions } from "./tables.ts";

// Reads of trading for other domains (the console), as functions; the tables stay trading's own.

/** A customer's newest orders, spot and contract (at most `limit`). */
export async function recentOrdersOf(db: Db, userId: number, limit = 50) {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id)).limit(limit);
}

/** A customer's newest positions, open or closed (at most `limit`). */
export async function recentPositionsOf(db: Db, userId: number, limit = 50) {
  return db
    .select()
    .from(positions)
    .where(eq(positions.userId, userId))
    .orderBy(desc(positions.id))
    .limit(limit);
}
