import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/platform.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createPlatform, type Platform } from "../index.ts";
import { silentFeed } from "../market/index.ts";

// Issue 23 (restart ≤ 3 s): server.ts builds the platform with deferJobs, so the periodic jobs'
// first passes do not queue ahead of the feed's start and the first answers; it starts them once
// it listens. Each leader job logs "leading" (platform/jobs/leader.ts) as it starts.
const PERIODIC = ["earn-daily", "trading-risk", "trading-funding", "reserves-daily", "web-push"];
const led: string[] = [];
const lines = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) {
      const entry = JSON.parse(line) as { msg?: string; job?: string };
      if (entry.msg === "leading" && entry.job) led.push(entry.job);
    }
    done();
  },
});
let database: Database & { dispose(): Promise<void> };
let platform: Platform;
beforeAll(async () => {
  database = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/tmp/deferred-jobs-test",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0000",
    LOG_LEVEL: "info",
    ...(database.kind === "postgres" ? { DATABASE_URL: database.url } : {}),
  });
  platform = await createPlatform({
    config: { ...config, seedDemo: false },
    logger: pino({ level: "info" }, lines),
    database,
    marketFeed: silentFeed,
    deferJobs: true,
  });
}, 60_000);
afterAll(async () => {
  await platform?.close();
  await database?.dispose();
});

describe("deferred jobs", () => {
  it("holds the periodic jobs until startJobs(), then starts each once", async () => {
    // PostgreSQL's leaders take an advisory lock first: give them the time it takes.
    await new Promise((r) => setTimeout(r, 500));
    expect(led).toContain("market-feed");
    expect(led.filter((job) => PERIODIC.includes(job))).toEqual([]);
    platform.startJobs();
    platform.startJobs();
    await expect.poll(() => led.filter((job) => PERIODIC.includes(job)).sort()).toEqual([...PERIODIC].sort());
  });
});
