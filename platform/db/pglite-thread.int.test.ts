import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";
import { executePrepared } from "./prepared.ts";
import { isRetryable } from "./retry.ts";

// The embedded database runs on a worker thread (pglite-thread.ts): what the platform relies on
// from PGlite must hold across the thread as it did in process.
describe("the embedded database on its own thread", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await database.db.execute(sql`create table thread_probe (id int primary key, note text, at timestamptz)`);
  });
  afterAll(() => database.close());
  const count = async () =>
    Number(
      (
        (await database.db.execute(sql`select count(*)::int as n from thread_probe`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );

  it("commits a transaction's writes, and a failed one leaves nothing", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, note) values (1, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id, note) values (2, 'dropped')`);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await count()).toBe(1);
  });

  it("keeps PostgreSQL's error fields (the code the platform decides on)", async () => {
    const error = await database.db
      .execute(sql`insert into thread_probe (id, note) values (1, 'again')`)
      .catch((e: unknown) => e);
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe("23505");
    expect(cause?.constraint).toBe("thread_probe_pkey");
    // A deadlock's code reaches the retry rule through Drizzle's wrapper.
    const deadlock = await database.db
      .execute(sql`do $$ begin raise exception 'x' using errcode = '40P01'; end $$`)
      .catch((e: unknown) => e);
    expect(isRetryable(deadlock)).toBe(true);
  });

  it("runs a statement from outside only after an open transaction ends (one session)", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inside = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, note) values (10, 'pending')`);
      await held;
    });
    // Give the transaction time to have begun and written.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = count();
    const order: string[] = [];
    void outside.then(() => order.push("outside"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push("released");
    release();
    await inside;
    // It saw the committed row, not a half-done transaction, and ran after it.
    expect(await outside).toBe(2);
    expect(order).toEqual(["released", "outside"]);
  });

  it("answers prepared statements with JSON parameters, and dates as text", async () => {
    const rows = await database.db.transaction((tx) =>
      executePrepared(
        tx,
        sql`insert into thread_probe (id, note, at)
          select id, note, ${"2026-11-28T10:00:00.000Z"}::timestamptz
          from json_to_recordset(${JSON.stringify([{ id: 20, note: "ü €" }])}::json) as r(id int, note text)
          returning id, note`,
      ),
    );
    expect(rows.rows).toEqual([{ id: 20, note: "ü €" }]);
    const [row] = (
      (await database.db.execute(sql`select at from thread_probe where id = 20`)) as unknown as {
        rows: { at: unknown }[];
      }
    ).rows;
    expect(typeof row?.at).toBe("string");
  });

  it("runs a transaction's first statement in it, prepared or not, and rolls both back on failure", async () => {
    const before = await count();
    await expect(
      database.db.transaction(async (tx) => {
        await executePrepared(tx, sql`insert into thread_probe (id, note) values (${30}, 'first')`);
        await tx.execute(sql`insert into thread_probe (id, note) values (31, 'second')`);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await count()).toBe(before);
    // A transaction that ran nothing commits nothing and leaves the session usable.
    await database.db.transaction(async () => {});
    expect(await count()).toBe(before);
  });

  it("commits with a transaction's last statement when told, and keeps nothing when it fails", async () => {
    const before = await count();
    // The engine's write: the statement and the commit in one trip to the thread.
    const answered = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, note) values (40, 'before')`);
      const rows = await executePrepared(
        tx,
        sql`insert into thread_probe (id, note) values (${41}, 'last') returning id`,
        {
          last: true,
        },
      );
      // Nothing more may run in it.
      await expect(tx.execute(sql`select 1`)).rejects.toThrow();
      return rows.rows;
    });
    expect(answered).toEqual([{ id: 41 }]);
    expect(await count()).toBe(before + 2);
    // A last statement that fails commits nothing: the transaction rolls back as any failure.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id, note) values (42, 'dropped')`);
        await executePrepared(tx, sql`insert into thread_probe (id, note) values (${40}, 'duplicate')`, {
          last: true,
        });
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(before + 2);
    // The session is free again.
    await database.db.transaction((tx) =>
      tx.execute(sql`insert into thread_probe (id, note) values (43, 'next')`),
    );
    expect(await count()).toBe(before + 3);
  });

  it("delivers notifications to listeners, and stops on unlisten", async () => {
    const heard: string[] = [];
    const unlisten = await database.pglite?.listen("thread_probe", (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_notify('thread_probe', 'one')`);
    await expect.poll(() => heard).toEqual(["one"]);
    await unlisten?.();
    await database.db.execute(sql`select pg_notify('thread_probe', 'two')`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(["one"]);
  });

  it("keeps a data directory's contents across a close and a reopen", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "thread-"));
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`create table kept (v text)`);
    await first.db.transaction((tx) => tx.execute(sql`insert into kept values ('still here')`));
    await first.close();
    const again = await openDatabase({ dataDir });
    try {
      expect(
        ((await again.db.execute(sql`select v from kept`)) as unknown as { rows: unknown[] }).rows,
      ).toEqual([{ v: "still here" }]);
      // The embedded settings hold in a data directory (client.ts: the smaller buffer cache, and
      // no zero-filled WAL segment inside a commit).
      const setting = async (name: string) =>
        (
          (await again.db.execute(sql`select current_setting(${name}) as v`)) as unknown as {
            rows: { v: string }[];
          }
        ).rows[0]?.v;
      expect(await setting("shared_buffers")).toBe("32MB");
      expect(await setting("wal_init_zero")).toBe("off");
    } finally {
      await again.close();
    }
    // Closed: a call fails at once instead of waiting forever.
    await expect(again.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
