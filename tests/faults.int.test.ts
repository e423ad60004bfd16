import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../platform/db/client.ts";
import { auditLedger, formatAudit } from "../platform/ledger/audit.ts";
import { freshEmail, registerByEmail } from "./support/accounts.ts";
import { freshDatabase } from "./support/platform.ts";
import {
  freePort,
  killServers,
  type ServerProcess,
  startServer,
  waitForHealth,
} from "./support/server-process.ts";

// Faults (issue 13): SIGKILL the server at random moments while customers trade, transfer and
// bet; restart it on the same database. Everything acknowledged before the kill must be there,
// nothing may be applied twice, and the ledger audit must pass — on the embedded database, or on
// PostgreSQL when TEST_DATABASE_URL is set. FAULT_ROUNDS sets the rounds (CI: 2; `npm run bench`
// and a full check: 10).
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 2);
const databaseUrl = process.env.TEST_DATABASE_URL;

afterAll(killServers);

type Ack = { kind: "order" | "transfer" | "bet"; id: number };

function client(port: number) {
  return async (path: string, init: { method?: string; json?: unknown; token?: string } = {}) => {
    const headers = new Headers({ "x-forwarded-for": "127.0.0.1" });
    if (init.json !== undefined) headers.set("content-type", "application/json");
    if (init.token) headers.set("authorization", `Bearer ${init.token}`);
    const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
}

/** The first call after a restart may meet a kept-alive socket of the killed process: try again. */
async function settled<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

/**
 * Customers' operations as fast as the server takes them, each one's id kept once it is
 * acknowledged (200), until `stop` resolves or the server is gone.
 */
async function load(port: number, token: string, productId: number, stop: Promise<void>) {
  const api = client(port);
  const acked: Ack[] = [];
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const operations: (() => Promise<Ack | undefined>)[] = [
    async () => {
      const r = await api("/spot/order", {
        method: "POST",
        token,
        json: { code: "btc/usdt", type: "market", side: "buy", quantity: "0.0002" },
      });
      return r.status === 200 ? { kind: "order", id: r.body.data.id } : undefined;
    },
    async () => {
      const r = await api("/spot/order", {
        method: "POST",
        token,
        json: { code: "btc/usdt", type: "limit", side: "buy", quantity: "0.001", price: "1000" },
      });
      return r.status === 200 ? { kind: "order", id: r.body.data.id } : undefined;
    },
    async () => {
      const r = await api("/wallet/transfer", {
        method: "POST",
        token,
        json: { coin: "USDT", from: "spot", to: "contract", amount: "1" },
      });
      return r.status === 200 ? { kind: "transfer", id: r.body.data.id } : undefined;
    },
    async () => {
      const r = await api("/option/bet", {
        method: "POST",
        token,
        json: { product_id: productId, direction: "up", amount: "10" },
      });
      return r.status === 200 ? { kind: "bet", id: r.body.data.id } : undefined;
    },
  ];
  const worker = async (offset: number) => {
    for (let i = offset; !stopped; i++) {
      try {
        const ack = await operations[i % operations.length]?.();
        if (ack) acked.push(ack);
      } catch {
        // The server is gone (or a kept-alive socket was closed under us: go on).
        if (stopped) return;
      }
    }
  };
  await Promise.all([0, 1, 2, 3].map(worker));
  return acked;
}

const ops = (env: Record<string, string>, ...words: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "platform/ops/cli.ts", ...words], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });

describe(`SIGKILL during load, ${databaseUrl ? "PostgreSQL" : "embedded database"}`, () => {
  it(
    `keeps every acknowledged operation once, and the ledger whole (${ROUNDS} rounds)`,
    async () => {
      const database = databaseUrl ? await freshDatabase() : undefined;
      const dataDir = mkdtempSync(join(tmpdir(), "faults-"));
      // The test's own connection to PostgreSQL is closed while servers run on it, to leave
      // them the database as a deployment would.
      await database?.close();
      const port = await freePort();
      const env: Record<string, string> = {
        PORT: String(port),
        DATA_DIR: dataDir,
        ...(database?.url ? { DATABASE_URL: database.url } : {}),
        SESSION_SECRET: "faults-secret-faults-secret-faults-0000",
        MARKET_FEED: "sim",
        DEV_OUTBOX: "1",
        SEED_DEMO: "0",
        LOG_LEVEL: "warn",
      };
      const start = async () => {
        const server = startServer(env);
        // Up once the database answers (the feed may still be back-filling on a busy machine).
        await waitForHealth(port, (body) => body.data?.db?.status === "up", 180_000).catch((error) => {
          throw new Error(`${error.message}:\n${server.output().slice(-3000)}`);
        });
        return server;
      };
      const acked: Ack[] = [];
      try {
        let server: ServerProcess = await start();
        const { email, token } = await registerByEmail({ api: client(port) }, freshEmail("faults"));
        const credited = ops(env, "deposit", "--account", email, "--coin", "USDT", "--amount", "1000000");
        expect(credited.status, credited.stdout + credited.stderr).toBe(0);
        const products = await settled(() => client(port)("/option/products?code=btc/usdt"));
        const productId = products.body.data[0].id as number;

        for (let round = 1; round <= ROUNDS; round++) {
          // A random moment within the first 0.3–2.3 s of the load.
          const killAfter = 300 + Math.floor(Math.random() * 2000);
          const killed = new Promise<void>((resolve) =>
            setTimeout(() => {
              server.child.kill("SIGKILL");
              resolve();
            }, killAfter),
          );
          acked.push(...(await load(port, token, productId, killed)));
          await server.exited;
          server = await start();
          // The session survived the kill; the audit runs inside the restarted server.
          const me = await settled(() => client(port)("/account/index", { token }));
          expect(me.status).toBe(200);
          const audit = ops(env, "audit");
          expect(audit.status, `round ${round}: ${audit.stdout}${audit.stderr}`).toBe(0);
        }
        expect(acked.length).toBeGreaterThan(ROUNDS);
        server.child.kill("SIGTERM");
        await server.exited;
      } finally {
        killServers();
      }

      // The database itself, with no server on it.
      const check = database?.url
        ? await openDatabase({ databaseUrl: database.url })
        : await openDatabase({ dataDir });
      try {
        const ids = async (table: string, kind: Ack["kind"]) => {
          const wanted = acked.filter((a) => a.kind === kind).map((a) => a.id);
          if (wanted.length === 0) return [];
          const found = (await check.db.execute(
            sql`select id from ${sql.identifier(table)} where id in ${sql.raw(`(${wanted.join(",")})`)}`,
          )) as unknown as { rows: { id: number }[] };
          const present = new Set(found.rows.map((r) => Number(r.id)));
          return wanted.filter((id) => !present.has(id));
        };
        expect(await ids("orders", "order"), "acknowledged orders missing").toEqual([]);
        expect(await ids("transfers", "transfer"), "acknowledged transfers missing").toEqual([]);
        expect(await ids("option_bets", "bet"), "acknowledged bets missing").toEqual([]);
        // Each of these happens once per thing; a second one would be money moved twice.
        const twice = (await check.db.execute(sql`
        select kind, ref_type, ref_id, count(*)::int as n from ledger_transactions
         where kind in ('order_freeze', 'spot_fill', 'order_cancel', 'transfer', 'option_bet', 'deposit')
         group by kind, ref_type, ref_id having count(*) > 1`)) as unknown as { rows: unknown[] };
        expect(twice.rows).toEqual([]);
        const report = await auditLedger(check.db);
        expect(report.ok, formatAudit(report)).toBe(true);
        expect(report.checked.transactions).toBeGreaterThan(acked.length / 2);
      } finally {
        await check.close();
        if (database) {
          const { default: pg } = await import("pg");
          const admin = new pg.Client({ connectionString: databaseUrl });
          await admin.connect();
          await admin.query(
            `drop database if exists "${new URL(database.url as string).pathname.slice(1)}" with (force)`,
          );
          await admin.end();
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000 + ROUNDS * 120_000,
  );
});
