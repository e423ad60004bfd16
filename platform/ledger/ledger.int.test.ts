import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import type { Db } from "../db/client.ts";
import { runOps } from "../ops/registry.ts";
import { auditLedger } from "./audit.ts";
import { balanceOf, freeze, post, postMany, StaleAccountIds, spendFrozen, transfer } from "./ledger.ts";
import { ledgerAccounts } from "./tables.ts";

let t: TestPlatform;
let db: Db;
beforeAll(async () => {
  t = await testPlatform();
  db = t.platform.deps.db;
});
afterAll(() => t?.close());

const fund = (userId: number, coin: string, amount: string) =>
  db.transaction((tx) =>
    post(tx, {
      kind: "deposit",
      postings: transfer({ platform: "deposits" }, { user: userId, wallet: "spot" }, coin, amount),
    }),
  );

describe("the ledger", () => {
  it("moves money in balanced transactions and keeps balances", async () => {
    const { user } = await registerByEmail(t);
    await fund(user.id, "usdt", "100.5");
    await db.transaction((tx) =>
      post(tx, {
        kind: "transfer",
        postings: transfer(
          { user: user.id, wallet: "spot" },
          { user: user.id, wallet: "contract" },
          "USDT",
          "40",
        ),
      }),
    );
    await db.transaction((tx) =>
      post(tx, { kind: "freeze", postings: freeze({ user: user.id, wallet: "spot" }, "USDT", "10.5") }),
    );
    expect(await balanceOf(db, user.id, "spot", "USDT")).toMatchObject({
      available: expect.anything(),
      frozen: expect.anything(),
    });
    const spot = await balanceOf(db, user.id, "spot", "USDT");
    expect([spot.available.toFixed(), spot.frozen.toFixed()]).toEqual(["50", "10.5"]);
    await db.transaction((tx) =>
      post(tx, {
        kind: "spend",
        postings: spendFrozen({ user: user.id, wallet: "spot" }, { platform: "withdrawals" }, "USDT", "10.5"),
      }),
    );
    const after = await balanceOf(db, user.id, "spot", "USDT");
    expect([after.available.toFixed(), after.frozen.toFixed()]).toEqual(["50", "0"]);
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it("tells the customer's sockets of a balance change once it commits, and never of one rolled back", async () => {
    const { user } = await registerByEmail(t);
    const heard: unknown[] = [];
    const stop = t.platform.bus.subscribe(`account:${user.id}`, (m) => heard.push(m));
    try {
      await fund(user.id, "USDT", "5");
      await expect.poll(() => heard).toEqual([{ type: "balance", coins: ["USDT"] }]);
      await expect(
        db.transaction(async (tx) => {
          await post(tx, {
            kind: "deposit",
            postings: transfer({ platform: "deposits" }, { user: user.id, wallet: "spot" }, "BTC", "1"),
          });
          throw new Error("changed my mind");
        }),
      ).rejects.toThrow("changed my mind");
      await fund(user.id, "ETH", "2");
      await expect.poll(() => heard.length).toBe(2);
      expect(heard[1]).toEqual({ type: "balance", coins: ["ETH"] });
    } finally {
      stop();
    }
  });

  it("refuses a movement that does not balance per coin", async () => {
    const { user } = await registerByEmail(t);
    await expect(
      db.transaction((tx) =>
        post(tx, {
          kind: "bad",
          postings: [
            { account: { platform: "deposits" }, coin: "BTC", amount: "-1" },
            { account: { user: user.id, wallet: "spot" }, coin: "ETH", amount: "1" },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
  });

  it("never lets a customer balance go below zero, and changes nothing when it refuses", async () => {
    const { user } = await registerByEmail(t);
    await fund(user.id, "BTC", "0.5");
    const overdraw = db.transaction(async (tx) => {
      await post(tx, {
        kind: "fee",
        postings: transfer({ platform: "deposits" }, { platform: "fees" }, "BTC", "1"),
      });
      await post(tx, {
        kind: "withdraw",
        postings: transfer(
          { user: user.id, wallet: "spot" },
          { platform: "withdrawals" },
          "BTC",
          "0.50000001",
        ),
      });
    });
    await expect(overdraw).rejects.toMatchObject({ status: 422, messageKey: "ledger.insufficient" });
    expect((await balanceOf(db, user.id, "spot", "BTC")).available.toFixed()).toBe("0.5");
    // Not only the code: the database itself refuses.
    await expect(
      db.update(ledgerAccounts).set({ available: "-1" }).where(eq(ledgerAccounts.userId, user.id)),
    ).rejects.toThrow();
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it("lets exactly as many parallel spends through as the balance covers", async () => {
    const { user } = await registerByEmail(t);
    await fund(user.id, "ETH", "10");
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        db.transaction((tx) =>
          post(tx, {
            kind: "spend",
            postings: transfer({ user: user.id, wallet: "spot" }, { platform: "fees" }, "ETH", "1"),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect((await balanceOf(db, user.id, "spot", "ETH")).available.toFixed()).toBe("0");
    expect((await auditLedger(db)).ok).toBe(true);
  });
});

describe("many movements at once", () => {
  it("creates new accounts in a fixed order, so opposite movements never deadlock", async () => {
    // Each pair moves two coins nobody has used yet, listed in opposite orders: creating an
    // account holds its index slot until commit, which under PostgreSQL used to deadlock.
    const legs = (coin: string) => transfer({ platform: "counterparty" }, { platform: "fees" }, coin, "1");
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => [`DLA${i}`, `DLB${i}`]).flatMap(([a, b]) => [
        db.transaction((tx) =>
          post(tx, { kind: "test", postings: [...legs(a as string), ...legs(b as string)] }),
        ),
        db.transaction((tx) =>
          post(tx, { kind: "test", postings: [...legs(b as string), ...legs(a as string)] }),
        ),
      ]),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const created = (await db.execute(
      sql`select count(*)::int as count from ledger_accounts where coin like 'DL%'`,
    )) as unknown as { rows: { count: number }[] };
    expect(created.rows[0]?.count).toBe(48);
    expect((await auditLedger(db)).ok).toBe(true);
  });
});

describe("append-only", () => {
  /** A spot USDT payment from one customer to another. */
  const pay = (from: number, to: number, amount: string) => ({
    kind: "transfer",
    postings: transfer({ user: from, wallet: "spot" }, { user: to, wallet: "spot" }, "USDT", amount),
  });

  it("posts many movements at once, each its own transaction, all or nothing", async () => {
    const a = (await registerByEmail(t)).user.id;
    const b = (await registerByEmail(t)).user.id;
    await fund(a, "USDT", "10");
    // a pays 10 to b, b passes 4 back: a's balance dips to 0 on the way and ends at 4.
    const ids = await db.transaction((tx) =>
      postMany(tx, [pay(a, b, "10"), pay(b, a, "4"), pay(b, a, "0.5")]),
    );
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect((await balanceOf(db, a, "spot", "USDT")).available.toFixed()).toBe("4.5");
    expect((await balanceOf(db, b, "spot", "USDT")).available.toFixed()).toBe("5.5");
    const entries = await db.execute(
      sql`select count(*)::int as n from ledger_entries where tx_id in ${sql.raw(`(${ids.join(",")})`)}`,
    );
    expect((entries as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(6);

    // One movement of the group would leave b below zero: nothing of the group happens.
    const refused = db.transaction((tx) => postMany(tx, [pay(a, b, "1"), pay(b, a, "100")]));
    await expect(refused).rejects.toMatchObject({ status: 422 });
    expect((await balanceOf(db, a, "spot", "USDT")).available.toFixed()).toBe("4.5");
    expect((await balanceOf(db, b, "spot", "USDT")).available.toFixed()).toBe("5.5");
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it("with kept account ids, writes in one statement the same as without, and refuses ids that name other accounts", async () => {
    const a = (await registerByEmail(t)).user.id;
    const b = (await registerByEmail(t)).user.id;
    const c = (await registerByEmail(t)).user.id;
    await fund(a, "USDT", "10");
    const kept = new Map<string, number>();
    // First: the accounts are looked up and kept, but not b's, created now: had this transaction
    // rolled back, that id would name nothing.
    await db.transaction((tx) => postMany(tx, [pay(a, b, "1")], { accountIds: kept }));
    expect([...kept.keys()]).toEqual([`u:${a}:spot:USDT`]);
    const refused = db.transaction((tx) =>
      postMany(tx, [pay(b, a, "0.5"), pay(a, c, "100")], { accountIds: kept }),
    );
    await expect(refused).rejects.toMatchObject({ status: 422 });
    expect(new Set(kept.keys())).toEqual(new Set([`u:${a}:spot:USDT`, `u:${b}:spot:USDT`]));
    await db.transaction((tx) => postMany(tx, [pay(a, b, "2")], { accountIds: kept }));
    // Then from what was kept: the same balances, ids and entries as the lookup gives.
    const ids = await db.transaction((tx) =>
      postMany(tx, [pay(a, b, "2"), pay(b, a, "0.5")], { accountIds: kept }),
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeLessThan(ids[1] as number);
    expect((await balanceOf(db, a, "spot", "USDT")).available.toFixed()).toBe("5.5");
    expect((await balanceOf(db, b, "spot", "USDT")).available.toFixed()).toBe("4.5");
    const entries = (await db.execute(
      sql`select tx_id::int as t, account_id as a, trim_scale(amount)::text as m from ledger_entries
        where tx_id in ${sql.raw(`(${ids.join(",")})`)} order by tx_id, amount`,
    )) as unknown as { rows: { t: number; a: number; m: string }[] };
    expect(entries.rows).toEqual([
      { t: ids[0], a: kept.get(`u:${a}:spot:USDT`), m: "-2" },
      { t: ids[0], a: kept.get(`u:${b}:spot:USDT`), m: "2" },
      { t: ids[1], a: kept.get(`u:${b}:spot:USDT`), m: "-0.5" },
      { t: ids[1], a: kept.get(`u:${a}:spot:USDT`), m: "0.5" },
    ]);
    // A kept id that names another account (as after the tables were emptied): refused before
    // anything moves, and forgotten, so the next try looks the accounts up again.
    await fund(c, "USDT", "1");
    const [other] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.userId} = ${c} and ${ledgerAccounts.kind} = 'spot'`);
    kept.set(`u:${b}:spot:USDT`, other?.id as number);
    const stale = db.transaction((tx) => postMany(tx, [pay(a, b, "1")], { accountIds: kept }));
    await expect(stale).rejects.toBeInstanceOf(StaleAccountIds);
    expect(kept.size).toBe(0);
    expect((await balanceOf(db, a, "spot", "USDT")).available.toFixed()).toBe("5.5");
    expect((await balanceOf(db, c, "spot", "USDT")).available.toFixed()).toBe("1");
    await db.transaction((tx) => postMany(tx, [pay(a, b, "1")], { accountIds: kept }));
    expect((await balanceOf(db, b, "spot", "USDT")).available.toFixed()).toBe("5.5");
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it("the database refuses to update, delete or truncate ledger entries and transactions", async () => {
    const { user } = await registerByEmail(t);
    const txId = await fund(user.id, "LTC", "3");
    const statements = [
      sql`update ledger_entries set amount = amount * 2 where tx_id = ${txId}`,
      sql`delete from ledger_entries where tx_id = ${txId}`,
      sql`truncate ledger_entries`,
      sql`update ledger_transactions set kind = 'gift' where id = ${txId}`,
      sql`delete from ledger_transactions where id = ${txId}`,
      sql`truncate ledger_transactions cascade`,
    ];
    for (const statement of statements) {
      const error = await db.execute(statement).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(`${String(error)} ${String((error as { cause?: unknown })?.cause)}`).toMatch(
        /ledger_(entries|transactions) is append-only/,
      );
    }
    const count = (await db.execute(
      sql`select (select count(*) from ledger_entries where tx_id = ${txId})::int as entries,
                 (select kind from ledger_transactions where id = ${txId}) as kind`,
    )) as unknown as { rows: { entries: number; kind: string }[] };
    expect(count.rows[0]).toEqual({ entries: 2, kind: "deposit" });
    // Balances still move: the cached balances are not append-only.
    await fund(user.id, "LTC", "1");
    expect((await balanceOf(db, user.id, "spot", "LTC")).available.toFixed()).toBe("4");
    expect((await auditLedger(db)).ok).toBe(true);
  });
});

describe("the audit", () => {
  it("passes on a sound ledger and names what is wrong otherwise (npm run ops -- audit)", async () => {
    const ok = await runOps(t.platform.deps, ["audit"], "test");
    expect(ok.ok).toBe(true);
    expect(ok.output).toMatch(/^Ledger audit passed/);

    const { user } = await registerByEmail(t);
    await fund(user.id, "XRP", "5");
    // Someone edits a cached balance behind the ledger's back…
    await db.execute(
      sql`update ledger_accounts set available = available + 1 where user_id = ${user.id} and coin = 'XRP'`,
    );
    // …and someone inserts an entry that makes a transaction unbalanced.
    await db.execute(sql`insert into ledger_entries (tx_id, account_id, coin, bucket, amount)
      select tx_id, account_id, coin, bucket, 0.25 from ledger_entries order by id desc limit 1`);
    const failed = await runOps(t.platform.deps, ["audit"], "test");
    expect(failed.ok).toBe(false);
    expect(failed.output).toContain("Ledger audit FAILED");
    expect(failed.output).toMatch(/\[cached balances\] user \d+ spot XRP: cached 6/);
    expect(failed.output).toMatch(/\[balanced\] transaction \d+ does not sum to zero in XRP \(0\.25/);
  });
});
