import { sql } from "drizzle-orm";
import { auditLedger } from "../platform/ledger/audit.ts";
import { post, transfer } from "../platform/ledger/ledger.ts";
import { registerByEmail } from "../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../tests/support/platform.ts";
import { createScriptedFeed } from "../tests/support/scripted-feed.ts";

export type OrdersFigure = {
  database: "pglite" | "postgres";
  traders: number;
  seconds: number;
  orders: number;
  ordersPerSecond: number;
  p50ms: number;
  p99ms: number;
  refused: number;
  /** CPU time of the whole process (server and clients) per order: the machine's load aside. */
  cpuMsPerOrder: number;
  ledgerAudit: "clean" | string;
};

/**
 * With BENCH_PROFILE=<file>, a V8 CPU profile of the timed window only (not the set-up), to open
 * in Chrome's DevTools: where an order's CPU time goes.
 */
async function startProfile(file: string | undefined) {
  if (!file) return undefined;
  const { Session } = await import("node:inspector/promises");
  const { writeFile } = await import("node:fs/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop() {
      const { profile } = await session.post("Profiler.stop");
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** Wallets of 50,000 other customers, present while the orders are timed. */
const OTHER_WALLETS = 200_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * Orders per second through the platform's API (in process, no HTTP socket): `traders` funded
 * accounts each place spot market buys of 0.001 BTC back to back for `seconds`, on an exchange
 * that holds 50,000 other customers' wallets. Every order is a ledger transaction; the ledger audit must pass afterwards.
 * `databaseUrl` (a Postgres server) gets a fresh database with a random name, dropped at the end;
 * without it the platform runs on PGlite in a temporary data directory.
 */
export async function ordersPerSecond(
  options: { databaseUrl?: string; traders?: number; seconds?: number } = {},
): Promise<OrdersFigure> {
  const traders = options.traders ?? 20;
  const seconds = options.seconds ?? 10;
  // testPlatform() reads TEST_DATABASE_URL to create (and later drop) its random database.
  const saved = process.env.TEST_DATABASE_URL;
  if (options.databaseUrl) process.env.TEST_DATABASE_URL = options.databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const feed = createScriptedFeed({ "btc/usdt": 60000 });
  let t: TestPlatform;
  try {
    // The embedded database in a data directory, as the server runs it. In memory (as tests run
    // it) its files live in Emscripten's MEMFS, which grows a file by an eighth at a time and
    // copies all of it each time: commits stalled 100–250 ms whenever a table or the WAL grew.
    t = await testPlatform({}, { marketFeed: feed, onDisk: true });
  } finally {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
  }
  try {
    await t.marketReady();
    const db = t.platform.deps.db;
    // The exchange's other customers: their wallets (empty, so the audit is unchanged) make the
    // accounts table the size of a live exchange's, with statistics as a live database keeps them.
    await db.execute(sql`insert into ledger_accounts (owner_type, user_id, kind, coin)
      select 'user', 1000000 + g / 4, (array['spot', 'contract', 'earn', 'fortune'])[1 + g % 4], 'USDT'
      from generate_series(0, ${OTHER_WALLETS - 1}::int) as g`);
    await db.execute(sql`analyze ledger_accounts`);
    const accounts = [];
    for (let i = 0; i < traders; i++) {
      const account = await registerByEmail(t);
      await db.transaction((tx) =>
        post(tx, {
          kind: "deposit",
          postings: transfer(
            { platform: "deposits" },
            { user: account.user.id, wallet: "spot" },
            "USDT",
            "1000000",
          ),
        }),
      );
      accounts.push(account);
    }
    // A live market: a fresh price every 200 ms (orders are refused on a stale one).
    feed.set("btc/usdt", 60000);
    const ticker = setInterval(() => feed.set("btc/usdt", 60000), 200);
    // Warm-up: each trader's first order (signs the session in, opens the BTC account); what is
    // timed is the steady state.
    await Promise.all(
      accounts.map(({ token }) =>
        t.api("/spot/order", {
          method: "POST",
          json: { code: "btc/usdt", side: "buy", quantity: "0.001" },
          token,
          ip: "10.99.0.1",
        }),
      ),
    );
    const latencies: number[] = [];
    let refused = 0;
    const cpuBefore = process.cpuUsage();
    const profile = await startProfile(process.env.BENCH_PROFILE);
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      accounts.map(async ({ token }) => {
        while (performance.now() < until) {
          const at = performance.now();
          const res = await t.api("/spot/order", {
            method: "POST",
            json: { code: "btc/usdt", side: "buy", quantity: "0.001" },
            token,
            ip: "10.99.0.1",
          });
          latencies.push(performance.now() - at);
          if (res.body?.status_code !== 200) refused++;
          // In-process calls on in-memory PGlite resolve as one endless chain of microtasks, so
          // timers (the price ticker above) would never run; a real client's next request comes
          // in a later event-loop turn, as here.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(ticker);
    await profile?.stop();
    const audit = await auditLedger(db);
    latencies.sort((a, b) => a - b);
    return {
      database: t.platform.database.kind,
      traders,
      seconds: Math.round(elapsed * 10) / 10,
      orders: latencies.length,
      ordersPerSecond: Math.round(latencies.length / elapsed),
      p50ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
      p99ms: Math.round(percentile(latencies, 0.99) * 10) / 10,
      refused,
      cpuMsPerOrder: Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length)) * 100) / 100,
      ledgerAudit: audit.findings.length === 0 ? "clean" : `${audit.findings.length} findings`,
    };
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    await ordersPerSecond({
      databaseUrl: process.env.BENCH_DATABASE_URL,
      seconds: 5,
      traders: Number(process.env.BENCH_TRADERS ?? 20),
    }),
  );
}
