import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import type { Bus } from "./bus.ts";
import { createRedisBus } from "./redis.ts";

const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)("the Redis bus", () => {
  const open: Bus[] = [];
  const bus = async (namespace: string) => {
    const b = await createRedisBus(url as string, { namespace });
    open.push(b);
    return b;
  };
  afterEach(async () => {
    for (const b of open.splice(0)) await b.close();
  });

  it("delivers every message to every instance of one platform, and none to another platform", async () => {
    const ns = `test-${randomBytes(4).toString("hex")}`;
    const [a, b, other] = [await bus(ns), await bus(ns), await bus(`${ns}-other`)];
    const heard: string[] = [];
    const subscriptions = [
      a.subscribe("price:btc/usdt", (m) => heard.push(`a ${(m as { p: string }).p}`)),
      b.subscribe("price:btc/usdt", (m) => heard.push(`b ${(m as { p: string }).p}`)),
      other.subscribe("price:btc/usdt", (m) => heard.push(`other ${(m as { p: string }).p}`)),
    ];
    // `ready` is the promise the /ws hub's "subscribed" rests on: publish the moment it settles.
    await Promise.all(subscriptions.map((s) => s.ready));
    await a.publish("price:btc/usdt", { p: "1" });
    await b.publish("price:btc/usdt", { p: "2" });
    await expect.poll(() => heard.length).toBe(4);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.sort()).toEqual(["a 1", "a 2", "b 1", "b 2"]);
    expect(a.healthy() && b.healthy()).toBe(true);
  });

  it("stops delivering after unsubscribe", async () => {
    const ns = `test-${randomBytes(4).toString("hex")}`;
    const a = await bus(ns);
    const heard: unknown[] = [];
    const stop = a.subscribe("user:1", (m) => heard.push(m));
    await new Promise((r) => setTimeout(r, 100));
    await a.publish("user:1", 1);
    await expect.poll(() => heard.length).toBe(1);
    stop();
    await new Promise((r) => setTimeout(r, 100));
    await a.publish("user:1", 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([1]);
  });

  it("recovers without a restart when Redis drops its connections", async () => {
    const ns = `test-${randomBytes(4).toString("hex")}`;
    const a = await bus(ns);
    const heard: unknown[] = [];
    a.subscribe("price:eth/usdt", (m) => heard.push(m));
    await new Promise((r) => setTimeout(r, 100));
    const admin = new Redis(url as string);
    try {
      // Drop every connection of this test's buses (they name themselves).
      const clients = (await admin.client("LIST")) as string;
      const ids = clients
        .split("\n")
        .filter((line) => line.includes(`:${ns} `))
        .map((line) => /id=(\d+)/.exec(line)?.[1])
        .filter(Boolean) as string[];
      expect(ids.length).toBeGreaterThanOrEqual(2);
      for (const id of ids) await admin.client("KILL", "ID", id).catch(() => {});
      // A publish while disconnected is dropped, never thrown.
      await a.publish("price:eth/usdt", "lost?");
      await expect.poll(() => a.healthy(), { timeout: 5000 }).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      await a.publish("price:eth/usdt", "after");
      await expect.poll(() => heard.includes("after"), { timeout: 5000 }).toBe(true);
    } finally {
      await admin.quit();
    }
  });
});
