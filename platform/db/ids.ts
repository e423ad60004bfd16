import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.ts";

type Serial = "orders" | "ledger_transactions";

/**
 * A scalar subquery: the ids of `count` new rows of `table` from its own serial sequence, as a
 * JSON array in order. A batch can then refer to its rows (ledger entries to their transaction,
 * fills to their order) before inserting them all in one statement; as a fragment it rides in a
 * statement the batch sends anyway (one round trip fewer).
 */
export function reservedIds(table: Serial, count: number): SQL {
  return sql`(select coalesce(json_agg(id order by id), '[]'::json)
    from (select nextval(pg_get_serial_sequence(${table}, 'id')) as id
      from generate_series(1, ${count}::int)) as reserved)`;
}

/** Reads the JSON array a `reservedIds` fragment answered (drivers parse json, or leave text). */
export function idsOf(value: unknown): number[] {
  const list = typeof value === "string" ? (JSON.parse(value) as unknown[]) : ((value ?? []) as unknown[]);
  return list.map(Number);
}

/** `reservedIds` on its own. */
export async function reserveIds(tx: Db, table: Serial, count: number) {
  const result = (await tx.execute(sql`select ${reservedIds(table, count)} as ids`)) as unknown as {
    rows: { ids: unknown }[];
  };
  return idsOf(result.rows[0]?.ids);
}
