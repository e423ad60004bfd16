import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { runAsLeader } from "./leader.ts";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("leader election on PostgreSQL", () => {
  it("lets exactly one instance lead, and another take over when it stops", async () => {
    const name = `test-${randomBytes(4).toString("hex")}`;
    const log: string[] = [];
    const candidate = (id: string) =>
      runAsLeader({
        name,
        databaseUrl: url,
        logger: createLogger("silent"),
        retryMs: 100,
        lead: async () => {
          log.push(`${id} leads`);
          return async () => {
            log.push(`${id} stops`);
          };
        },
      });
    const a = candidate("a");
    const b = candidate("b");
    await expect.poll(() => a.isLeader() || b.isLeader()).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
    const [leader, follower] = a.isLeader() ? [a, b] : [b, a];
    await leader.stop();
    await expect.poll(() => follower.isLeader(), { timeout: 3000 }).toBe(true);
    await follower.stop();
    expect(log.filter((l) => l.endsWith("leads"))).toHaveLength(2);
  });
});

describe("leader election on the embedded database", () => {
  it("leads at once: there is only one process", async () => {
    let led = false;
    const l = runAsLeader({
      name: "x",
      logger: createLogger("silent"),
      lead: async () => {
        led = true;
        return async () => {};
      },
    });
    await expect.poll(() => led).toBe(true);
    expect(l.isLeader()).toBe(true);
    await l.stop();
    expect(l.isLeader()).toBe(false);
  });
});

describe("stopping while the leader is still starting", () => {
  it("waits for the start, then stops what it started: nothing keeps running after stop()", async () => {
    let started!: () => void;
    const log: string[] = [];
    const l = runAsLeader({
      name: "x",
      logger: createLogger("silent"),
      lead: async () => {
        log.push("starting");
        await new Promise<void>((resolve) => {
          started = resolve;
        });
        log.push("started");
        return async () => {
          log.push("stopped");
        };
      },
    });
    await expect.poll(() => log).toEqual(["starting"]);
    const stopping = l.stop();
    started();
    await stopping;
    expect(log).toEqual(["starting", "started", "stopped"]);
    expect(l.isLeader()).toBe(false);
  });
});
