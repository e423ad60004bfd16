import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { soak } from "../bench/soak.ts";
import { freePort, killServers, startServer, waitForHealth } from "./support/server-process.ts";

// The soak's short form (issue 13; `npm run bench` runs 200 customers for 10 minutes): customers
// browse, trade and listen on one server; no answer may be a 5xx and the ledger stays whole.
const CUSTOMERS = Number(process.env.SOAK_CUSTOMERS ?? 10);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 15);

afterAll(killServers);

// Once per CI run: on the embedded database (the PostgreSQL pass skips it).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("a short soak", () => {
  it(`serves ${CUSTOMERS} customers for ${SECONDS} s without an error`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "soak-"));
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: "soak-secret-soak-secret-soak-secret-0000",
      DEV_OUTBOX: "1",
      CODES_PER_IP_HOUR: "100000",
      CODES_PER_IP_MINUTE: "100000",
      CODES_PER_IP_10_SECONDS: "100000",
      CODES_PER_DESTINATION_HOUR: "1000",
      WS_CONNECTIONS_PER_IP: "100000",
      WS_HANDSHAKES_PER_MINUTE: "1000000",
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
    });
    try {
      await waitForHealth(port, undefined, 180_000);
      const result = await soak({
        base: `http://127.0.0.1:${port}`,
        dataDir,
        pid: server.child.pid as number,
        customers: CUSTOMERS,
        durationMs: SECONDS * 1000,
      });
      expect(result.errorSamples).toEqual([]);
      expect(result.errors).toBe(0);
      expect(result.requests).toBeGreaterThan(CUSTOMERS);
      expect(result.socketMessages).toBeGreaterThan(0);
      expect(result.auditOk).toBe(true);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
