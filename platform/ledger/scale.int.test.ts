import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import type { Db } from "../db/client.ts";
import { auditLedger } from "./audit.ts";
import { balanceOf, post, transfer } from "./ledger.ts";

let t: TestPlatform;
let db: Db;
beforeAll(async () => {
  t = await testPlatform();
  db = t.platform.deps.db;
  // An exchange with many customers: 20,000 wallets of other customers (empty, so the audit
  // still holds), and statistics as the database keeps them on a live system.
  await db.execute(sql`insert into ledger_accounts (owner_type, user_id, kind, coin)
    select 'user', 1000000 + g / 4, (array['spot', 'contract'])[1 + g % 2], (array['USDT', 'BTC'])[1 + (g / 2) % 2]
    from generate_series(0, 19999) as g`);
  await db.execute(sql`analyze ledger_accounts`);
});
afterAll(() => t?.close());

/** The plan's nodes that read a whole table, as "Seq Scan on <table>". */
function fullScans(plan: unknown): string[] {
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (node["Node Type"] === "Seq Scan") found.push(`Seq Scan on ${node["Relation Name"]}`);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  const [root] = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[];
  if (root) walk(root.Plan);
  return found;
}

describe("the ledger on an exchange with many customers", () => {
  it("finds the accounts a movement locks through their indexes, never by reading every account", async () => {
    const { user } = await registerByEmail(t);
    const sent: SQL[] = [];
    await db.transaction(async (tx) => {
      // The statements the ledger sends, kept to ask the database how it runs them.
      const watched = new Proxy(tx, {
        get(target, key, receiver) {
          if (key !== "execute") return Reflect.get(target, key, receiver);
          return (query: SQL) => {
            sent.push(query);
            return target.execute(query);
          };
        },
      });
      await post(watched, {
        kind: "deposit",
        postings: transfer({ platform: "deposits" }, { user: user.id, wallet: "spot" }, "USDT", "25"),
      });
    });
    expect((await balanceOf(db, user.id, "spot", "USDT")).available.toFixed()).toBe("25");

    const locking = sent.filter((query) => new PgDialect().sqlToQuery(query).sql.includes("for update"));
    expect(locking.length).toBeGreaterThan(0);
    for (const query of locking) {
      const { rows } = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
        rows: Record<string, unknown>[];
      };
      const plan = Object.values(rows[0] ?? {})[0];
      expect(fullScans(plan).filter((scan) => scan.endsWith("ledger_accounts"))).toEqual([]);
    }
    expect((await auditLedger(db)).ok).toBe(true);
  });
});
