import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/**
 * Ids for `count` new rows of `table`, in order, from the table's own serial sequence: a batch
 * can then refer to its rows (ledger entries to their transaction, fills to their order) before
 * inserting them all in one statement.
 */
export async function reserveIds(tx: Db, table: "orders" | "ledger_transactions", count: number) {
  const result = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::text as id from generate_series(1, ${count}::int)`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => Number(r.id));
}
