import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/platform.ts";
import type { Database } from "./client.ts";

// A transaction whose first statement fails (the connection died while it sat idle in the pool,
// as in an outage) must give its connection back: Drizzle 0.45's pooled transaction() runs
// `begin` outside its try/finally and would keep it for the life of the process, so a few such
// failures leave the pool empty and every later request waits for ever.
describe.skipIf(!process.env.TEST_DATABASE_URL)("a transaction on PostgreSQL", () => {
  let database: Database & { dispose(): Promise<void> };
  beforeAll(async () => {
    database = await freshDatabase({ max: 1 });
  });
  afterAll(() => database?.dispose());

  const answers = (read: Promise<unknown>) =>
    Promise.race([
      read.then(() => "answered"),
      new Promise((resolve) => setTimeout(() => resolve("no connection left"), 5_000)),
    ]);

  it("gives its connection back when begin fails", async () => {
    const query = pg.Client.prototype.query;
    let failed = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = (args[0] as { text?: string })?.text ?? args[0];
      if (text === "begin" && failed === 0) {
        failed++;
        return Promise.reject(new Error("Connection terminated unexpectedly"));
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(failed).toBe(1);
    // The pool holds one connection: it answers only if the failed transaction gave it back.
    expect(await answers(database.db.execute(sql`select 1`))).toBe("answered");
    expect(await answers(database.db.transaction(async (tx) => tx.execute(sql`select 1`)))).toBe("answered");
  });

  it("gives its connection back after a rollback, and keeps the work's own error", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error("insufficient balance");
      }),
    ).rejects.toThrow("insufficient balance");
    expect(await answers(database.db.execute(sql`select 1`))).toBe("answered");
  });
});
