import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { lockDataDir } from "./lock.ts";
import { type PgliteThread, startPgliteThread } from "./pglite-thread.ts";
import { retryTransactions } from "./retry.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** A database or a transaction: every service function takes one of these. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  ping(): Promise<boolean>;
  /** The embedded database's thread, when embedded (for LISTEN). */
  pglite?: PgliteThread;
  /** The PostgreSQL URL, for work that needs a connection of its own (LISTEN, advisory locks). */
  url?: string;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
// Any constant shared by every instance works; this one spells "mig".
const MIGRATION_LOCK = 0x6d6967;

/**
 * The embedded database's settings, written to its data directory's postgresql.conf (PGlite
 * applies them to a data directory only: an in-memory database, as tests use, keeps the
 * defaults).
 * - shared_buffers: PostgreSQL's own buffer cache. Its default, 128 MB, is set up at every
 *   start: with it the idle server held 379 MB, with 32 MB 275 MB (issue 23: ≤ 350 MB). The
 *   embedded database is one customer base on one machine: the operating system's page cache
 *   holds what the smaller cache does not.
 * - wal_init_zero off: a new 16 MB WAL segment is not filled with zeros first. That fill runs
 *   inside the commit that crosses into the segment, on the database's one thread: under the
 *   orders bench it held a commit (and every order waiting on it) about 40 ms, twice in five
 *   seconds. PGlite writes without fsync (its -F), so the zeros bought no crash safety here.
 */
const EMBEDDED_SETTINGS = { postgresqlconf: ["shared_buffers=32MB", "wal_init_zero=off"] };

export type OpenOptions = { databaseUrl: string; max?: number } | { dataDir: string } | { memory: true };

/**
 * Opens the database and brings its schema up to date: node-postgres when a URL is given, else
 * PGlite in DATA_DIR (locked to this process) or in memory (tests).
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ("databaseUrl" in options) {
    // node-postgres only with DATABASE_URL: the embedded default never imports it.
    const [{ default: pg }, { drizzle: drizzleNodePg, NodePgSession }, { migrate: migrateNodePg }] =
      await Promise.all([
        import("pg"),
        import("drizzle-orm/node-postgres"),
        import("drizzle-orm/node-postgres/migrator"),
      ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.max ?? 20 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    // …and so must one that drops while checked out between two statements of a transaction
    // (the pool listens only to idle ones): its next query fails and the request answers 503.
    pool.on("connect", (client) => client.on("error", () => {}));
    const base = drizzleNodePg({ client: pool, schema });
    releaseOnFailedBegin(base as unknown as { session: PooledSession }, pool, NodePgSession);
    const db = retryTransactions(base as unknown as Db);
    const client = await pool.connect();
    try {
      // Several instances may start at once: one migrates, the others wait for it.
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return {
      db,
      kind: "postgres",
      url: options.databaseUrl,
      close: () => pool.end(),
      ping: () => ping(db),
    };
  }

  const release = "dataDir" in options ? lockDataDir(options.dataDir) : () => {};
  try {
    // On a thread of its own, so it runs on the second core (see pglite-thread.ts).
    const pglite = await startPgliteThread(
      "dataDir" in options ? join(options.dataDir, "pglite") : undefined,
      EMBEDDED_SETTINGS,
    );
    const pdb = drizzlePglite({ client: pglite as unknown as PGlite, schema });
    // A failed migration stops the thread too (else it holds the data directory's files open).
    await migratePglite(pdb, { migrationsFolder }).catch(async (error) => {
      await pglite.close().catch(() => {});
      throw error;
    });
    const db = pdb as unknown as Db;
    return {
      db,
      kind: "pglite",
      pglite,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
      ping: () => ping(db),
    };
  } catch (error) {
    release();
    throw error;
  }
}

type NodePgSessionClass = typeof import("drizzle-orm/node-postgres").NodePgSession;
/** The parts of Drizzle's session (private in its types) that a session of our own is made from. */
type PooledSession = {
  dialect: ConstructorParameters<NodePgSessionClass>[1];
  schema: ConstructorParameters<NodePgSessionClass>[2];
  options: ConstructorParameters<NodePgSessionClass>[3];
  transaction: InstanceType<NodePgSessionClass>["transaction"];
};
/**
 * Drizzle 0.45's pooled `transaction()` checks a connection out and sends `begin` before its
 * try/finally (drizzle-orm issues #6023, #6241; the fixes are unmerged): when `begin` fails, as it
 * does on a connection that died while idle in an outage, the connection is never given back. A
 * few of those empty the pool and the instance waits for ever. Here the connection is checked out
 * by us and always released; Drizzle's session runs begin, the work and commit/rollback on it. A
 * connection that died is dropped by the pool on release (pg-pool discards clients that are no
 * longer queryable).
 */
function releaseOnFailedBegin(
  base: { session: PooledSession },
  pool: import("pg").Pool,
  Session: NodePgSessionClass,
) {
  const pooled = base.session;
  pooled.transaction = async (work, config) => {
    const client = await pool.connect();
    try {
      // On a plain client (not a pool), Drizzle's session runs the transaction and releases nothing.
      const own = new Session(client, pooled.dialect, pooled.schema, pooled.options);
      return await own.transaction(work, config);
    } finally {
      client.release();
    }
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
