import type { Db } from "./client.ts";

/**
 * Rarely-changing rows (listed instruments, site fields) read on nearly every page: kept in
 * memory per database so that a page view costs no query for them. The code that writes them
 * calls `forget()`; an operator's hand edit in SQL (or one made through another instance) shows
 * within `ttlMs`, as the market feed's own 60-second refresh of the listed instruments does.
 * A transaction is a Db of its own, so reads inside one are never served from the cache.
 */
export function memoByDb<T>(ttlMs: number, load: (db: Db) => Promise<T>) {
  let entries = new WeakMap<Db, { at: number; value: Promise<T> }>();
  return {
    get(db: Db): Promise<T> {
      const hit = entries.get(db);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      return this.reload(db);
    },
    /** Reads the rows now and keeps them. */
    reload(db: Db): Promise<T> {
      const value = load(db);
      const entry = { at: Date.now(), value };
      entries.set(db, entry);
      // A failed read is not kept: the next caller tries again.
      value.catch(() => {
        if (entries.get(db) === entry) entries.delete(db);
      });
      return value;
    },
    /** Drops every database's copy (called by whatever writes the rows). */
    forget() {
      entries = new WeakMap();
    },
  };
}
