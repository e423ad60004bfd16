import type pg from "pg";
import type { Logger } from "../logger.ts";

/** A stable advisory-lock key for a job name (Postgres' own hashtext). */
const lockSql = "select pg_try_advisory_lock(hashtext($1)) as ok";

export type Leadership = { isLeader(): boolean; stop(): Promise<void> };

/**
 * Runs `lead` on exactly one instance at a time. With PostgreSQL the instance holding a
 * session-level advisory lock leads; if it dies, its connection drops, the lock frees and another
 * instance takes over within `retryMs`. The embedded database has one process: it always leads.
 */
export function runAsLeader(options: {
  name: string;
  databaseUrl?: string;
  logger: Logger;
  lead: () => Promise<() => Promise<void>>;
  retryMs?: number;
}): Leadership {
  const { name, logger } = options;
  const retryMs = options.retryMs ?? 3000;
  let leading = false;
  let stopped = false;
  let release: (() => Promise<void>) | undefined;
  let client: pg.Client | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** A start under way: stepping down waits for it, or what it starts would outlive the stop. */
  let starting: Promise<void> | undefined;

  async function becomeLeader() {
    leading = true;
    logger.info({ job: name }, "leading");
    starting = options
      .lead()
      .then((stop) => {
        release = stop;
      })
      .catch((error) => logger.error({ err: error, job: name }, "could not start as leader"));
    await starting;
    starting = undefined;
  }

  async function stepDown() {
    if (!leading) return;
    leading = false;
    await starting;
    const stop = release;
    release = undefined;
    await stop?.().catch((error) => logger.error({ err: error, job: name }, "stopping failed"));
  }

  async function attempt() {
    if (stopped) return;
    try {
      if (!client) {
        // pg only with DATABASE_URL: the embedded default never imports it.
        const { default: pgClient } = await import("pg");
        client = new pgClient.Client({ connectionString: options.databaseUrl });
        client.on("error", () => {});
        client.on("end", () => {
          client = undefined;
          // Our lock went with the connection: stop leading at once, then compete again.
          void stepDown();
        });
        await client.connect();
      }
      if (!leading) {
        const result = await client.query(lockSql, [name]);
        if (result.rows[0]?.ok) await becomeLeader();
      }
    } catch {
      client?.end().catch(() => {});
      client = undefined;
      await stepDown();
    }
    if (!stopped) {
      timer = setTimeout(attempt, retryMs);
      timer.unref?.();
    }
  }

  if (options.databaseUrl) void attempt();
  else void becomeLeader();

  return {
    isLeader: () => leading,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await stepDown();
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

/**
 * A `lead` function for work repeated on a timer: it runs at once, then every `intervalMs`,
 * skipping a beat rather than overlapping itself when one run takes longer than the interval.
 */
export function repeatEvery(
  intervalMs: number,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  return async () => {
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      work()
        .catch(onError)
        .finally(() => {
          running = false;
        });
    };
    run();
    const timer = setInterval(run, intervalMs);
    timer.unref?.();
    return async () => clearInterval(timer);
  };
}
