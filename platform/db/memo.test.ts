import { describe, expect, it } from "vitest";
import type { Db } from "./client.ts";
import { memoByDb, memoByKey } from "./memo.ts";

/**
 * A read as Drizzle builds it: a thenable that runs its query each time it is awaited (drizzle's
 * QueryPromise), not a promise that runs once.
 */
function lazyQuery<T>(rows: T, runs: { count: number }): PromiseLike<T> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: the shape under test is a thenable
    then(onFulfilled, onRejected) {
      runs.count++;
      return Promise.resolve(rows).then(onFulfilled, onRejected);
    },
  };
}

const db = {} as Db;

describe("rows kept in memory", () => {
  it("run a lazy query once however often they are read", async () => {
    const runs = { count: 0 };
    const coins = memoByDb(60_000, () => lazyQuery(["BTC", "USDT"], runs) as Promise<string[]>);
    for (let i = 0; i < 5; i++) expect(await coins.get(db)).toEqual(["BTC", "USDT"]);
    expect(runs.count).toBe(1);
    coins.forget();
    await coins.get(db);
    expect(runs.count).toBe(2);
  });

  it("run a lazy query once per key", async () => {
    const runs = { count: 0 };
    const lists = memoByKey(60_000, (_db: Db, lang: string) => lazyQuery([lang], runs) as Promise<string[]>);
    for (let i = 0; i < 5; i++) expect(await lists.get(db, "en")).toEqual(["en"]);
    await lists.get(db, "de");
    expect(runs.count).toBe(2);
  });

  it("do not keep a failed read", async () => {
    let calls = 0;
    const flaky = memoByDb(60_000, async () => {
      calls++;
      if (calls === 1) throw new Error("connection lost");
      return "ok";
    });
    await expect(flaky.get(db)).rejects.toThrow("connection lost");
    expect(await flaky.get(db)).toBe("ok");
  });
});
