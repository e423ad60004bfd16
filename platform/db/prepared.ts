import { type PGlite, parse as pgliteParse, protocol } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

const dialect = new PgDialect();
/** Statement texts prepared so far, by name; past this many, statements run unprepared. */
const MAX_PREPARED = 64;
const names = new Map<string, string>();

type Rows = { rows: Record<string, unknown>[] };

/**
 * Runs `query` as a named prepared statement on `tx` (a transaction of `db`): the server parses
 * and plans its text once per connection instead of on every call. For the few big statements
 * that run many times a second (the engine's batch statements), parsing and planning them each
 * time was about a quarter of what embedded PGlite spent on a batch. Drizzle prepares only its
 * query builders, so this goes to the driver: node-postgres prepares by name per connection;
 * PGlite (one session) gets the extended protocol's Parse once, then Bind/Execute.
 */
export async function executePrepared(db: Db, tx: Db, query: SQL): Promise<Rows> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_PREPARED) return (await tx.execute(query)) as unknown as Rows;
    name = `prepared_${names.size + 1}`;
    names.set(text, name);
  }
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) return pgliteExecute(client, name, text, params);
  // node-postgres: the transaction's own connection (a PoolClient) prepares it once by name.
  const connection = (tx as unknown as { session: { client: PgClient } }).session.client;
  return connection.query({ name, text, values: params });
}

type PgClient = { query(config: { name: string; text: string; values: unknown[] }): Promise<Rows> };

const isPglite = (client: unknown): client is PGlite =>
  typeof (client as { execProtocolStream?: unknown } | null)?.execProtocolStream === "function";

/** Per PGlite instance: the statements its session has parsed, with their parameters' types. */
const parsed = new WeakMap<PGlite, Map<string, number[]>>();
const JSON_OID = 114;
const JSONB_OID = 3802;
const encoder = new TextEncoder();

async function pgliteExecute(pglite: PGlite, name: string, text: string, params: unknown[]): Promise<Rows> {
  // The query lock PGlite's own queries take (a transaction holds another lock, which is ours).
  return pglite.runExclusive(async () => {
    const run = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });
    const statements = parsed.get(pglite) ?? new Map<string, number[]>();
    parsed.set(pglite, statements);
    const messages = [];
    try {
      let types = statements.get(name);
      if (!types) {
        await run(protocol.serialize.parse({ name, text }));
        const described = await run(protocol.serialize.describe({ type: "S", name }));
        types = pgliteParse.parseDescribeStatementResults(described);
        statements.set(name, types);
      }
      const values = params.map((value, i) => wireValue(value, types?.[i]));
      messages.push(...(await run(protocol.serialize.bind({ statement: name, values }))));
      messages.push(...(await run(protocol.serialize.describe({ type: "P" }))));
      messages.push(...(await run(protocol.serialize.execute({}))));
    } finally {
      messages.push(...(await run(protocol.serialize.sync())));
    }
    return pgliteParse.parseResults(messages, pglite.parsers)[0] as unknown as Rows;
  });
}

/**
 * A json parameter goes as bytes in the binary format (for json the text itself, for jsonb the
 * text after a version byte): the batches' rows are large JSON texts, and PGlite's writer counts
 * and copies a string's UTF-8 bytes in JavaScript, a character at a time, where TextEncoder
 * does it natively.
 */
function wireValue(value: unknown, type: number | undefined): string | Uint8Array | null {
  const text = textValue(value);
  if (text === null || (type !== JSON_OID && type !== JSONB_OID)) return text;
  const bytes = encoder.encode(text);
  if (type === JSON_OID) return bytes;
  const versioned = new Uint8Array(bytes.length + 1);
  versioned[0] = 1;
  versioned.set(bytes, 1);
  return versioned;
}

/** A parameter in the text format the server reads for whatever type it inferred. */
function textValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "t" : "f";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
