import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/platform.ts";
import type { Database } from "./client.ts";
import { executePrepared } from "./prepared.ts";

let database: Database & { dispose(): Promise<void> };
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.execute(
    sql`create table prepared_probe (id int primary key, amount numeric not null check (amount >= 0), note jsonb)`,
  );
});
afterAll(() => database?.dispose());

const insert = (id: number, amount: string, note: unknown, keep: boolean) =>
  sql`insert into prepared_probe (id, amount, note)
    select r.id, r.amount, ${JSON.stringify(note)}::jsonb
    from json_to_recordset(${JSON.stringify([{ id, amount }])}::json) as r(id int, amount numeric)
    where ${keep}
    returning id, amount::text as amount, note`;

describe("executePrepared", () => {
  it("answers as an unprepared statement does, every time it runs", async () => {
    const { db } = database;
    for (let i = 1; i <= 8; i++) {
      const rows = await db.transaction(
        async (tx) => (await executePrepared(tx, insert(i, `${i}.5`, { i }, true))).rows,
      );
      expect(rows).toEqual([{ id: i, amount: `${i}.5`, note: { i } }]);
    }
    const skipped = await db.transaction(
      async (tx) => (await executePrepared(tx, insert(99, "1", null, false))).rows,
    );
    expect(skipped).toEqual([]);
    const stored = await db.execute(sql`select count(*)::int as n from prepared_probe`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(8);
  });

  it("passes json and jsonb parameters whole, whatever their characters", async () => {
    const { db } = database;
    const note = { text: '日本語 — €5 "quoted" \\ 🙂', nested: [1, null, { a: "ü" }] };
    const rows = await db.transaction(
      async (tx) => (await executePrepared(tx, insert(40, "0.00000001", note, true))).rows,
    );
    expect(rows).toEqual([{ id: 40, amount: "0.00000001", note }]);
  });

  it("runs inside the transaction: a rollback undoes it, and the statement still runs after", async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await executePrepared(tx, insert(20, "1", null, true));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const after = await db.transaction(
      async (tx) => (await executePrepared(tx, insert(20, "2", null, true))).rows,
    );
    expect(after).toEqual([{ id: 20, amount: "2", note: null }]);
  });

  it("fails with the database's error (the constraint named), and the connection stays usable", async () => {
    const { db } = database;
    const failed = db.transaction(async (tx) => executePrepared(tx, insert(30, "-1", null, true)));
    await expect(failed).rejects.toSatisfy((error) =>
      `${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`.includes(
        "prepared_probe_amount_check",
      ),
    );
    const rows = await db.transaction(
      async (tx) => (await executePrepared(tx, insert(30, "3", null, true))).rows,
    );
    expect(rows).toEqual([{ id: 30, amount: "3", note: null }]);
  });
});
