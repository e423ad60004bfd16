import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "./rate-limit.ts";

describe("the in-process rate limiter", () => {
  it("allows `limit` events in a sliding window, then says how long to wait", async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    for (let i = 0; i < 3; i++) {
      expect(await limiter.hit("k", 3, 60_000)).toEqual({ ok: true, retryAfterMs: 0 });
      now += 10_000;
    }
    // Events at 0 s, 10 s, 20 s; now is 30 s: the first one leaves the window at 60 s.
    expect(await limiter.hit("k", 3, 60_000)).toEqual({ ok: false, retryAfterMs: 30_000 });
    expect(await limiter.blocked("k", 3, 60_000)).toEqual({ ok: false, retryAfterMs: 30_000 });
    now += 30_001;
    expect((await limiter.hit("k", 3, 60_000)).ok).toBe(true);
    expect((await limiter.blocked("other", 3, 60_000)).ok).toBe(true);
  });

  it("forgets a key on reset, and blocked() never counts", async () => {
    const limiter = createMemoryRateLimiter();
    for (let i = 0; i < 5; i++) expect((await limiter.blocked("k", 1, 60_000)).ok).toBe(true);
    await limiter.hit("k", 1, 60_000);
    expect((await limiter.hit("k", 1, 60_000)).ok).toBe(false);
    await limiter.reset("k");
    expect((await limiter.hit("k", 1, 60_000)).ok).toBe(true);
  });
});
