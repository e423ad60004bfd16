import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { createPlatform } from "../index.ts";
import { createLogger } from "../logger.ts";
import { createSimulator } from "./sim.ts";

async function run(dataDir: string, seed: number) {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "s".repeat(32),
    SEED_DEMO: "0",
  });
  const database = await openDatabase({ dataDir });
  const platform = await createPlatform({
    config,
    logger: createLogger("silent"),
    database,
    marketFeed: createSimulator({ seed, intervalMs: 50 }),
  });
  const api = async (path: string) => (await platform.fetch(new Request(`http://x/api${path}`))).json();
  return {
    api,
    async close() {
      await platform.close();
      await database.close();
    },
  };
}

describe("market history", () => {
  it("survives a restart, and the simulator resumes from the last price", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "market-restart-"));
    try {
      const first = await run(dataDir, 1);
      await expect.poll(async () => (await first.api("/market/tickers")).data.length).toBe(17);
      await new Promise((r) => setTimeout(r, 300));
      const before = (await first.api("/market/kline?code=eth/usdt&interval=1d&limit=1000")).data;
      const lastPrice = Number(
        (await first.api("/market/tickers")).data.find((x: { code: string }) => x.code === "eth/usdt").price,
      );
      await first.close();

      const second = await run(dataDir, 2);
      await expect.poll(async () => (await second.api("/market/tickers")).data.length).toBe(17);
      const after = (await second.api("/market/kline?code=eth/usdt&interval=1d&limit=1000")).data;
      // The same stored days, not a second back-fill.
      expect(after.length).toBe(before.length);
      expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
      const price = Number(
        (await second.api("/market/tickers")).data.find((x: { code: string }) => x.code === "eth/usdt").price,
      );
      expect(Math.abs(price - lastPrice) / lastPrice).toBeLessThan(0.01);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
