import { randomBytes } from "node:crypto";
import { ApiError } from "./errors.ts";

/**
 * Counters for throttling (login attempts, code requests): a sliding window of events per key.
 * In one process they live in memory; with REDIS_URL they live in Redis, so a limit holds
 * across every instance.
 */
export interface RateLimiter {
  /** Counts one event; `ok` is false (and nothing is counted) once `limit` events fell within `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<Verdict>;
  /** Whether the key is already over its limit, without counting. */
  blocked(key: string, limit: number, windowMs: number): Promise<Verdict>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
export type Verdict = { ok: boolean; retryAfterMs: number };

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const events = new Map<string, number[]>();
  let sweeps = 0;

  function recent(key: string, windowMs: number): number[] {
    const since = now() - windowMs;
    const list = (events.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) events.delete(key);
    else events.set(key, list);
    // Now and then, forget keys nobody touched for a day.
    if (++sweeps % 1000 === 0) {
      const old = now() - 86_400_000;
      for (const [k, v] of events) if ((v.at(-1) ?? 0) < old) events.delete(k);
    }
    return list;
  }

  function verdict(list: number[], limit: number, windowMs: number): Verdict {
    if (list.length < limit) return { ok: true, retryAfterMs: 0 };
    const oldestThatCounts = list[list.length - limit] ?? now();
    return { ok: false, retryAfterMs: Math.max(0, oldestThatCounts + windowMs - now()) };
  }

  return {
    async hit(key, limit, windowMs) {
      const list = recent(key, windowMs);
      const before = verdict(list, limit, windowMs);
      if (!before.ok) return before;
      list.push(now());
      events.set(key, list);
      return { ok: true, retryAfterMs: 0 };
    },
    async blocked(key, limit, windowMs) {
      return verdict(recent(key, windowMs), limit, windowMs);
    },
    async reset(key) {
      events.delete(key);
    },
    async close() {
      events.clear();
    },
  };
}

// One sorted set per key (score = time of the event). Counting and checking happen in one script,
// so two instances cannot both take the last free slot.
const SLIDING_WINDOW = `
local key, now, window, limit, count, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4], ARGV[5]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local n = redis.call('ZCARD', key)
if n >= limit then
  local oldest = redis.call('ZRANGE', key, n - limit, n - limit, 'WITHSCORES')
  return {0, math.max(0, tonumber(oldest[2]) + window - now)}
end
if count == '1' then
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, window)
end
return {1, 0}`;

/**
 * The limiter shared by every instance. If Redis cannot answer, this instance falls back to its
 * own in-memory counters (a limit per instance is far better than none, and better than
 * refusing every login) and goes back to Redis as soon as it answers again.
 */
export async function createRedisRateLimiter(
  url: string,
  options: { namespace: string; onFallback?: (error: unknown) => void; now?: () => number },
): Promise<RateLimiter> {
  // Loaded only with REDIS_URL: the embedded default never pays for importing it at start.
  const { Redis } = await import("ioredis");
  const now = options.now ?? Date.now;
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
    connectionName: `limits:${options.namespace.replace(/[^\w:./-]/g, "_")}`,
  });
  redis.on("error", () => {});
  await redis.connect();
  const fallback = createMemoryRateLimiter(now);
  const prefix = `${options.namespace}:limit:`;

  async function run(key: string, limit: number, windowMs: number, count: boolean): Promise<Verdict> {
    try {
      const member = `${now()}:${randomBytes(6).toString("hex")}`;
      const [ok, retryAfterMs] = (await redis.eval(
        SLIDING_WINDOW,
        1,
        prefix + key,
        now(),
        windowMs,
        limit,
        count ? "1" : "0",
        member,
      )) as [number, number];
      return { ok: ok === 1, retryAfterMs: Number(retryAfterMs) };
    } catch (error) {
      options.onFallback?.(error);
      return count ? fallback.hit(key, limit, windowMs) : fallback.blocked(key, limit, windowMs);
    }
  }

  return {
    hit: (key, limit, windowMs) => run(key, limit, windowMs, true),
    blocked: (key, limit, windowMs) => run(key, limit, windowMs, false),
    async reset(key) {
      await fallback.reset(key);
      await redis.del(prefix + key).catch((error) => options.onFallback?.(error));
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}

/**
 * The refusal of a throttled request: 429, the wait in its message (seconds under two minutes,
 * so never "1 minutes"; minutes beyond) and in Retry-After.
 */
export function tooMany(retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const headers = { "retry-after": String(seconds) };
  // A 10-second burst limit frees in seconds: "in 1 minute" would send the customer away for
  // longer than they need to wait.
  if (seconds < 60)
    return new ApiError(429, "errors.too_many_requests_soon", { params: { seconds }, headers });
  const minutes = Math.ceil(seconds / 60);
  return new ApiError(429, "errors.too_many_requests", { params: { minutes }, headers });
}
