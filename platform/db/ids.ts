import { type SQL, sql } from "drizzle-orm";

type Serial = "orders" | "ledger_transactions" | "positions" | "position_closes";

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

/** A json column as answered: drivers parse json, or leave it as text. */
export function jsonOf<T>(value: unknown, empty: T): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : ((value ?? empty) as T);
}

/** The ids a `reservedIds` fragment answered. */
export const idsOf = (value: unknown): number[] => jsonOf<unknown[]>(value, []).map(Number);
