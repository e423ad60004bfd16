import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";
import type { PgliteThread } from "./pglite-thread.ts";

const dialect = new PgDialect();
/** Statement texts prepared so far, by name; past this many, statements run unprepared. */
const MAX_PREPARED = 64;
const names = new Map<string, string>();

type Rows = { rows: Record<string, unknown>[] };

export type PreparedOptions = {
  /**
   * The transaction's last statement: nothing runs in it after this. The embedded database
   * commits with it, in the same trip to its thread (the commit no longer waits for the main
   * thread to answer first); if the statement fails, nothing is committed. On a PostgreSQL
   * server the transaction commits as usual, when its callback returns.
   */
  last?: boolean;
};

/**
 * Runs `query` as a named prepared statement in the transaction `tx`: the server parses
 * and plans its text once per connection instead of on every call. For the few big statements
 * that run many times a second (the engine's batch statements), parsing and planning them each
 * time was about a quarter of what embedded PGlite spent on a batch. Drizzle prepares only its
 * query builders, so this goes to the driver: node-postgres prepares by name per connection;
 * PGlite (one session) gets the extended protocol's Parse once, then Bind/Execute.
 */
export async function executePrepared(tx: Db, query: SQL, options: PreparedOptions = {}): Promise<Rows> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_PREPARED) return (await tx.execute(query)) as unknown as Rows;
    name = `prepared_${names.size + 1}`;
    names.set(text, name);
  }
  // The transaction's own connection: node-postgres's PoolClient prepares it once by name; the
  // embedded database's transaction runs it on its thread (platform/db/pglite-worker.mjs).
  const connection = (tx as unknown as { session: { client: PgClient | PgliteThread } }).session.client;
  if (isPgliteThread(connection))
    return (await connection.executePrepared(name, text, params, options)) as unknown as Rows;
  return connection.query({ name, text, values: params });
}

type PgClient = { query(config: { name: string; text: string; values: unknown[] }): Promise<Rows> };

/** The embedded database's thread prepares it there (platform/db/pglite-worker.mjs). */
const isPgliteThread = (client: unknown): client is PgliteThread =>
  (client as { thread?: unknown } | null)?.thread === true;
