import type { Db } from "./client.ts";

/**
 * A promise of the read's answer that runs it once. A Drizzle query is a thenable that runs its
 * statement each time it is awaited: kept as it is, every reader would query again.
 */
const settled = <T>(read: PromiseLike<T>): Promise<T> => Promise.resolve(read);

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
      const value = settled(load(db));
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

/**
 * memoByDb for reads with arguments (a list in one language, of one type…): up to `max` answers
 * per database, each for `ttlMs`; `forget()` drops them all. The answer is shared: callers must
 * not change it.
 */
export function memoByKey<A extends unknown[], T>(
  ttlMs: number,
  load: (db: Db, ...args: A) => Promise<T>,
  max = 200,
) {
  let entries = new WeakMap<Db, Map<string, { at: number; value: Promise<T> }>>();
  return {
    get(db: Db, ...args: A): Promise<T> {
      let mine = entries.get(db);
      if (!mine) {
        mine = new Map();
        entries.set(db, mine);
      }
      const key = JSON.stringify(args);
      const hit = mine.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = settled(load(db, ...args));
      const entry = { at: Date.now(), value };
      mine.delete(key);
      if (mine.size >= max) mine.delete(mine.keys().next().value as string);
      mine.set(key, entry);
      const table = mine;
      value.catch(() => {
        if (table.get(key) === entry) table.delete(key);
      });
      return value;
    },
    forget() {
      entries = new WeakMap();
    },
  };
}
