import { Worker } from "node:worker_threads";
import type { PGliteOptions, Results, Transaction } from "@electric-sql/pglite";

/**
 * The embedded database (PGlite) on a worker thread of its own, behind the part of PGlite's
 * interface the platform uses (Drizzle's `query` and `transaction`, `exec`, `listen`, and the
 * engine's prepared statements). PGlite is PostgreSQL compiled to WebAssembly: on the main
 * thread it took about half of the order path's CPU and 38 % of a page's, on the core that also
 * answers HTTP and renders. On its own thread it runs on the second core (docs/decisions/
 * embedded-database.md). Only this thread speaks to it, so PGlite's one session and its locks
 * keep their meaning: a transaction is PGlite's own, held open in the worker until committed.
 */
export type PgliteThread = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs `text` as the named prepared statement `name` (see platform/db/prepared.ts); a
   * transaction's handle has its own, which runs it in that transaction.
   */
  executePrepared(
    name: string,
    text: string,
    params: unknown[],
    options?: { last?: boolean },
  ): Promise<Results>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Marks this object as the thread, not PGlite itself. */
  readonly thread: true;
};

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string) => unknown> };

type Reply = { id: number; value?: unknown; error?: PlainError } | { channel: string; payload: string };
type PlainError = { message: string; name: string; stack?: string; fields: Record<string, unknown> };

const PROBE = "\u0000text stays text";

/**
 * Drizzle hands PGlite parsers that leave some types' text as it is (dates, intervals, numeric
 * arrays); functions cannot cross to the worker, so they go as those types' ids. Any other
 * parser would be silently dropped: refuse it instead.
 */
function identityTypes(parsers: QueryOptions["parsers"]): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parser]) => {
    if (parser(PROBE) !== PROBE) throw new Error(`PGlite thread: parser for type ${oid} is not supported`);
    return Number(oid);
  });
}

export async function startPgliteThread(
  dataDir: string | undefined,
  options: PGliteOptions,
): Promise<PgliteThread> {
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
    workerData: { dataDir, options },
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 0;
  let nextTx = 0;
  let failure: Error | undefined;
  // An idle worker does not keep the process alive (PGlite in the main thread did not either);
  // one that owes an answer does.
  worker.unref();

  worker.on("message", (reply: Reply) => {
    if ("channel" in reply) {
      for (const callback of listeners.get(reply.channel) ?? []) callback(reply.payload);
      return;
    }
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.error) waiting.reject(errorOf(reply.error));
    else waiting.resolve(reply.value);
  });
  const fail = (error: Error) => {
    failure = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the embedded database's thread stopped (exit ${code})`)));

  function call<T>(message: Record<string, unknown>): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  /** A statement: outside any transaction, or in `tx` (the first one also begins it). */
  type In = { tx: number; begin: boolean } | undefined;
  const query = <T>(into: In, text: string, params: unknown[] = [], options: QueryOptions = {}) =>
    call<Results<T>>({
      op: "query",
      ...into,
      text,
      params,
      rowMode: options.rowMode,
      identity: identityTypes(options.parsers),
    });
  const exec = (into: In, text: string) => call<Results[]>({ op: "exec", ...into, text });
  const executePrepared = (into: In, name: string, text: string, params: unknown[], commit = false) =>
    call<Results>({ op: "prepared", ...into, name, text, params, commit });

  await call({ op: "ready" });

  return {
    thread: true,
    query: (text, params, options) => query(undefined, text, params, options),
    exec: (text) => exec(undefined, text),
    async transaction(callback) {
      const tx = nextTx++;
      // BEGIN goes with the transaction's first statement: one message to the thread, not two.
      let begun = false;
      let closed = false;
      const into = (): In => {
        if (closed) throw new Error("Transaction is closed");
        const begin = !begun;
        begun = true;
        return { tx, begin };
      };
      const end = async (op: "commit" | "rollback") => {
        closed = true;
        if (begun) await call({ op, tx });
      };
      const handle = {
        thread: true,
        query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
          query<T>(into(), text, params, options),
        exec: (text: string) => exec(into(), text),
        // A transaction's last statement commits it on the thread (see db/prepared.ts); a
        // failed one leaves it open, to be rolled back as any failure is.
        executePrepared: async (
          name: string,
          text: string,
          params: unknown[],
          options?: { last?: boolean },
        ) => {
          const result = await executePrepared(into(), name, text, params, options?.last === true);
          if (options?.last) closed = true;
          return result;
        },
        rollback: async () => {
          if (closed) throw new Error("Transaction is closed");
          await end("rollback");
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      try {
        const result = await callback(handle);
        if (!closed) await end("commit");
        return result;
      } catch (error) {
        if (!closed) await end("rollback");
        throw error;
      }
    },
    executePrepared: (name, text, params) => executePrepared(undefined, name, text, params),
    async listen(channel, callback) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(callback);
      await call({ op: "listen", channel });
      return async () => {
        set.delete(callback);
        if (set.size === 0) {
          listeners.delete(channel);
          await call({ op: "unlisten", channel });
        }
      };
    },
    async close() {
      if (failure) return;
      try {
        await call({ op: "close" });
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** The worker's error as the platform reads one: PostgreSQL's fields (`code` first) kept. */
function errorOf(plain: PlainError): Error {
  const error = Object.assign(new Error(plain.message), plain.fields);
  error.name = plain.name;
  if (plain.stack) error.stack = plain.stack;
  return error;
}
