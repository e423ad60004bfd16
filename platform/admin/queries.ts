import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { operators } from "./tables.ts";

// What other domains (support) may read of the operators, as functions; the tables stay admin's.

/** The id and e-mail of each of these operators (those that exist). */
export async function operatorEmails(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(inArray(operators.id, ids));
}

/** One operator's e-mail, if they exist. */
export async function operatorEmailOf(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ email: operators.email }).from(operators).where(eq(operators.id, id));
  return row?.email;
}
