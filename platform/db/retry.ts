import type { Db } from "./client.ts";

/**
 * PostgreSQL codes after which the whole transaction may simply run again: a deadlock (one of the
 * two waiters is rolled back) or a serialization failure. Neither changed anything.
 */
const RETRYABLE = new Set(["40P01", "40001"]);

/** Whether an error (or the driver error Drizzle wrapped in `cause`) is worth a second attempt. */
export function isRetryable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && RETRYABLE.has(code)) return true;
  }
  return false;
}

/**
 * Makes `db.transaction` run its work again (up to `attempts` times, after a short random wait)
 * when PostgreSQL rolled it back for a deadlock or a serialization conflict. The ledger takes
 * its locks in a fixed order, but a transaction that posts several movements, or two that
 * create the same new accounts, can still meet another in the opposite order; the customer
 * should see their order go through, not a 503. Work inside a transaction must therefore only
 * touch the database (side effects wait for the commit, see `inTransaction`).
 */
export function retryTransactions(db: Db, attempts = 4): Db {
  const once = db.transaction.bind(db);
  const retrying = async (...args: Parameters<Db["transaction"]>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(...args);
      } catch (error) {
        if (attempt >= attempts || !isRetryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  };
  db.transaction = retrying as Db["transaction"];
  return db;
}
