import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createRedisRateLimiter, type RateLimiter } from "./rate-limit.ts";

const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)("the Redis rate limiter", () => {
  const open: RateLimiter[] = [];
  const limiter = async (
    namespace: string,
    options: { now?: () => number; onFallback?: (e: unknown) => void } = {},
  ) => {
    const l = await createRedisRateLimiter(url as string, { namespace, ...options });
    open.push(l);
    return l;
  };
  afterEach(async () => {
    for (const l of open.splice(0)) await l.close();
  });

  it("holds one limit across instances, even when they hit at the same moment", async () => {
    const ns = `test-${randomBytes(4).toString("hex")}`;
    const [a, b] = [await limiter(ns), await limiter(ns)];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit("login:acct:x", 5, 60_000)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const refused = results.find((r) => !r.ok);
    expect(refused?.retryAfterMs).toBeGreaterThan(55_000);
    expect((await a.blocked("login:acct:x", 5, 60_000)).ok).toBe(false);
    await b.reset("login:acct:x");
    expect((await a.hit("login:acct:x", 5, 60_000)).ok).toBe(true);
    // Another platform on the same Redis has its own counters.
    expect((await (await limiter(`${ns}-other`)).blocked("login:acct:x", 1, 60_000)).ok).toBe(true);
  });

  it("slides its window with the clock", async () => {
    let now = Date.now();
    const l = await limiter(`test-${randomBytes(4).toString("hex")}`, { now: () => now });
    expect((await l.hit("k", 2, 1000)).ok).toBe(true);
    now += 600;
    expect((await l.hit("k", 2, 1000)).ok).toBe(true);
    expect(await l.hit("k", 2, 1000)).toEqual({ ok: false, retryAfterMs: 400 });
    now += 401;
    expect((await l.hit("k", 2, 1000)).ok).toBe(true);
  });

  it("falls back to this instance's own counters while Redis cannot answer", async () => {
    const fallbacks: unknown[] = [];
    const l = await limiter(`test-${randomBytes(4).toString("hex")}`, {
      onFallback: (e) => fallbacks.push(e),
    });
    await l.close(); // the connection is gone for good: every call must fall back, never throw
    expect((await l.hit("k", 1, 60_000)).ok).toBe(true);
    expect((await l.hit("k", 1, 60_000)).ok).toBe(false);
    expect(fallbacks.length).toBeGreaterThan(0);
  });
});
