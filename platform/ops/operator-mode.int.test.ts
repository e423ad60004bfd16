import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/platform.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createPlatform, type Platform } from "../index.ts";
import { createLogger } from "../logger.ts";

// `npm run ops` builds the platform in operator mode: it must never run the platform's jobs
// (the market feed least of all), or a command run with DATABASE_URL and no server up takes the
// feed's leadership, writes candles, and logs "Cannot use a pool after calling end" on exit.
let database: Database & { dispose(): Promise<void> };
let platform: Platform;
beforeAll(async () => {
  database = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/tmp/operator-mode-test",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0000",
    LOG_LEVEL: "silent",
    ...(database.kind === "postgres" ? { DATABASE_URL: database.url } : {}),
  });
  platform = await createPlatform({
    config: { ...config, seedDemo: false },
    logger: createLogger("silent"),
    database,
    operatorMode: true,
  });
}, 60_000);
afterAll(async () => {
  await platform?.close();
  await database?.dispose();
});

describe("operator mode", () => {
  it("never leads the market feed", async () => {
    // The embedded database's only process leads at once; Postgres' lock is tried right away.
    await new Promise((r) => setTimeout(r, 100));
    expect(platform.market.health()).toMatchObject({ role: "follower" });
  });

  it("holds no job's advisory lock on PostgreSQL", async () => {
    if (database.kind !== "postgres") return;
    const held = await database.db.execute(
      // Only this database's: test files running beside this one lead their own platforms' jobs.
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
    );
    expect((held as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
