import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../contract/languages.ts";
import { translator } from "./i18n.ts";
import { createMemoryRateLimiter, tooMany } from "./rate-limit.ts";

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

describe("the refusal of a limit", () => {
  it("says when to come back in seconds under a minute, in minutes past one, in every language", () => {
    const soon = tooMany(8_200);
    expect(soon.options.headers).toMatchObject({ "retry-after": "9" });
    expect(translator("en")(soon.messageKey, soon.options.params)).toBe(
      "Too many attempts, please try again in 9 s",
    );
    const later = tooMany(14 * 60_000 + 1);
    expect(translator("en")(later.messageKey, later.options.params)).toBe(
      "Too many attempts, please try again in 15 minutes",
    );
    for (const lang of LANGUAGES) {
      const text = translator(lang)(soon.messageKey, soon.options.params);
      expect(text, lang).toContain("9");
      expect(text, lang).not.toContain("{{");
    }
  });
});
