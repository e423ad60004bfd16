import { describe, expect, it } from "vitest";
import type { Db } from "./client.ts";
import { isRetryable, retryTransactions } from "./retry.ts";

const deadlock = () => Object.assign(new Error("Failed query"), { cause: { code: "40P01" } });

/** A stand-in database whose transaction fails with the given errors first, then runs the work. */
function fakeDb(failures: unknown[]) {
  let calls = 0;
  const db = {
    async transaction(work: (tx: unknown) => Promise<unknown>) {
      calls++;
      const failure = failures.shift();
      if (failure) throw failure;
      return work("tx");
    },
  };
  return { db: retryTransactions(db as unknown as Db), calls: () => calls };
}

describe("transaction retry", () => {
  it("knows deadlocks and serialization failures, directly or wrapped", () => {
    expect(isRetryable({ code: "40P01" })).toBe(true);
    expect(isRetryable(deadlock())).toBe(true);
    expect(isRetryable({ cause: { code: "40001" } })).toBe(true);
    expect(isRetryable({ code: "23505" })).toBe(false);
    expect(isRetryable(new Error("insufficient"))).toBe(false);
    expect(isRetryable(undefined)).toBe(false);
  });

  it("runs the work again after a deadlock", async () => {
    const { db, calls } = fakeDb([deadlock(), deadlock()]);
    await expect(db.transaction(async () => "done")).resolves.toBe("done");
    expect(calls()).toBe(3);
  });

  it("gives up after the last attempt and never retries other errors", async () => {
    const stuck = fakeDb([deadlock(), deadlock(), deadlock(), deadlock(), deadlock()]);
    await expect(stuck.db.transaction(async () => "done")).rejects.toThrow("Failed query");
    expect(stuck.calls()).toBe(4);
    const refused = fakeDb([Object.assign(new Error("duplicate"), { code: "23505" })]);
    await expect(refused.db.transaction(async () => "done")).rejects.toThrow("duplicate");
    expect(refused.calls()).toBe(1);
  });
});
