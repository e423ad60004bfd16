// The embedded database on a thread of its own (see platform/db/pglite-thread.ts, which starts it
// and speaks to it). Plain JavaScript: it runs as it is under tsx, Vitest and the production
// build alike (scripts/build-server.mjs copies it beside the compiled server).
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol } from "@electric-sql/pglite";

const pglite = new PGlite(workerData.dataDir ?? undefined, workerData.options ?? {});

/** Open transactions by the id the main thread gave them: PGlite's own, held open until told. */
const transactions = new Map();
/** What `listen` returned, by channel. */
const listening = new Map();
/** Per statement name: the parameter types its Parse was described with (see `prepared`). */
const statements = new Map();
const JSON_OID = 114;
const JSONB_OID = 3802;
const encoder = new TextEncoder();
const ROLLBACK = Symbol("rollback");

/** Parsers come across as the type ids whose text stays text (Drizzle's only kind). */
const parsersOf = (identity) =>
  identity ? Object.fromEntries(identity.map((oid) => [oid, (value) => value])) : undefined;

/**
 * A transaction begins with its first statement (one message, not two): the message that
 * carries `begin` opens it, and every message of that transaction waits until it is open.
 */
const opening = new Map();

const targetOf = async (tx) => {
  if (tx === undefined) return pglite;
  await opening.get(tx);
  const open = transactions.get(tx);
  if (!open) throw new Error("Transaction is closed");
  return open.tx;
};

const handlers = {
  ready: async () => {
    await pglite.waitReady;
  },
  query: async ({ tx, text, params, rowMode, identity }) => {
    const result = await (await targetOf(tx)).query(text, params, { rowMode, parsers: parsersOf(identity) });
    return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
  },
  exec: async ({ tx, text }) =>
    (await (await targetOf(tx)).exec(text)).map((result) => ({
      rows: result.rows,
      fields: result.fields,
      affectedRows: result.affectedRows,
    })),
  commit: async ({ tx }) => {
    await opening.get(tx);
    const open = transactions.get(tx);
    if (!open) throw new Error("Transaction is closed");
    open.commit();
    try {
      await open.done;
    } finally {
      transactions.delete(tx);
      opening.delete(tx);
    }
  },
  rollback: async ({ tx }) => {
    await opening.get(tx)?.catch(() => {});
    opening.delete(tx);
    const open = transactions.get(tx);
    if (!open) return;
    open.rollback(ROLLBACK);
    try {
      await open.done;
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    } finally {
      transactions.delete(tx);
    }
  },
  prepared: async ({ tx, name, text, params, commit }) => {
    // Inside its transaction: PGlite's one session is in it while the transaction is open.
    await targetOf(tx);
    const result = await prepared(name, text, params);
    // The transaction's last statement: it commits here, before the answer goes back. A failed
    // statement threw above and left the transaction to the main thread's rollback.
    if (commit) await handlers.commit({ tx });
    return result;
  },
  listen: async ({ channel }) => {
    if (listening.has(channel)) return;
    listening.set(
      channel,
      await pglite.listen(channel, (payload) => parentPort.postMessage({ channel, payload })),
    );
  },
  unlisten: async ({ channel }) => {
    const unlisten = listening.get(channel);
    listening.delete(channel);
    await unlisten?.();
  },
  close: async () => {
    await pglite.close();
  },
};

/** Opens transaction `tx` in PGlite and holds it open until `commit` or `rollback`. */
function begin(tx) {
  return new Promise((opened, failed) => {
    const done = pglite.transaction(
      (handle) =>
        new Promise((commit, rollback) => {
          transactions.set(tx, { tx: handle, commit, rollback, done });
          opened();
        }),
    );
    // BEGIN itself failed: nothing is open.
    done.catch((error) => {
      if (!transactions.has(tx)) failed(error);
    });
  });
}

parentPort.on("message", async (message) => {
  // Before any await: the messages after this one (handled meanwhile) find it opening.
  if (message.begin) opening.set(message.tx, begin(message.tx));
  try {
    const value = await handlers[message.op](message);
    parentPort.postMessage({ id: message.id, value });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: plainError(error) });
  }
});

/**
 * An error as the main thread can receive it: its message, name and every plain field
 * (PostgreSQL's code, constraint, detail…); the query options it carries hold functions.
 */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: "Error", fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/**
 * Runs `text` as the named prepared statement `name`: parsed and described once, then only
 * bound and executed (see platform/db/prepared.ts for why).
 */
function prepared(name, text, params) {
  // The query lock PGlite's own queries take (a transaction holds another lock, which is ours).
  return pglite.runExclusive(async () => {
    const run = (message) => pglite.execProtocolStream(message, { syncToFs: false });
    const messages = [];
    try {
      let types = statements.get(name);
      if (!types) {
        await run(protocol.serialize.parse({ name, text }));
        const described = await run(protocol.serialize.describe({ type: "S", name }));
        types = parse.parseDescribeStatementResults(described);
        statements.set(name, types);
      }
      const values = params.map((value, i) => wireValue(value, types?.[i]));
      messages.push(...(await run(protocol.serialize.bind({ statement: name, values }))));
      messages.push(...(await run(protocol.serialize.describe({ type: "P" }))));
      messages.push(...(await run(protocol.serialize.execute({}))));
    } finally {
      messages.push(...(await run(protocol.serialize.sync())));
    }
    const result = parse.parseResults(messages, pglite.parsers)[0];
    return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
  });
}

/**
 * A json parameter goes as bytes in the binary format (for json the text itself, for jsonb the
 * text after a version byte): the batches' rows are large JSON texts, and PGlite's writer counts
 * and copies a string's UTF-8 bytes in JavaScript, a character at a time, where TextEncoder
 * does it natively.
 */
function wireValue(value, type) {
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
function textValue(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "t" : "f";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
