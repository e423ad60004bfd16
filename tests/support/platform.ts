import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { loadConfig } from "../../platform/config.ts";
import { type Database, openDatabase } from "../../platform/db/client.ts";
import { createPlatform, type Platform } from "../../platform/index.ts";
import { createLogger } from "../../platform/logger.ts";
import type { MarketFeed } from "../../platform/market/feed.ts";
import { silentFeed } from "../../platform/market/index.ts";
import { createSimulator } from "../../platform/market/sim.ts";

/**
 * A fresh database for one test file: in-memory PGlite by default (in `dataDir` when given, as
 * the server runs it); with TEST_DATABASE_URL, a new Postgres database with a random name,
 * dropped afterwards.
 */
export async function freshDatabase(
  options: { dataDir?: string; max?: number } = {},
): Promise<Database & { dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase(options.dataDir ? { dataDir: options.dataDir } : { memory: true });
    return { ...database, dispose: () => database.close() };
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), max: options.max ?? 10 });
  return {
    ...database,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TestPlatform = {
  platform: Platform;
  /**
   * Calls /api in-process; `path` starts after /api. JSON bodies are sent as JSON. Each call
   * comes from its own client address unless `ip` is given (throttles are per address).
   */
  api(
    path: string,
    init?: RequestInit & { json?: unknown; token?: string; lang?: string; ip?: string },
  ): Promise<{
    status: number;
    body: any;
    headers: Headers;
  }>;
  /** Resolves once the market feed publishes (it starts after back-filling history). */
  marketReady(): Promise<void>;
  close(): Promise<void>;
};

let ipCounter = 1;

export async function testPlatform(
  env: Record<string, string> = {},
  options: {
    marketFeed?: MarketFeed;
    market?: boolean;
    jobs?: boolean;
    /** The embedded database in the data directory, as the server runs it (not in memory). */
    onDisk?: boolean;
  } = {},
): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), "exchange-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "test-secret-test-secret-test-secret-0000",
    LOG_LEVEL: "silent",
    DEV_OUTBOX: "1",
    // Test money would change every suite's totals: the faucet's own tests turn it on.
    DEMO_FAUCET: "0",
    ...env,
  });
  const database = await freshDatabase(options.onDisk ? { dataDir } : {});
  const platform = await createPlatform({
    config,
    logger: createLogger("silent"),
    database,
    // No market unless the test asks for one: most suites need none and start faster without
    // its history. `market: true` gives a quick, repeatable simulator.
    marketFeed:
      options.marketFeed ?? (options.market ? createSimulator({ seed: 1, intervalMs: 100 }) : silentFeed),
    // `jobs: false`: no background work (risk, settlements): the test runs each pass itself.
    operatorMode: options.jobs === false,
  });
  return {
    platform,
    async api(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.json !== undefined) headers.set("content-type", "application/json");
      if (init.token) headers.set("authorization", `Bearer ${init.token}`);
      if (init.lang) headers.set("lang", init.lang);
      headers.set(
        "x-client-ip",
        init.ip ?? `10.${ipCounter >> 16}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`,
      );
      const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
      // As an HTTP client does: the server's body limit reads the length instead of counting
      // the stream's bytes.
      if (typeof body === "string") headers.set("content-length", String(Buffer.byteLength(body)));
      const response = await platform.fetch(
        new Request(`http://test.local/api${path}`, { ...init, headers, body }),
      );
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    },
    async marketReady() {
      const deadline = Date.now() + 90_000;
      while (platform.market.view.tickers().length === 0) {
        if (Date.now() > deadline) throw new Error("the market feed did not start");
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await platform.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
