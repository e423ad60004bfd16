import type pg from "pg";
import type { Bus } from "../bus/bus.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/**
 * Balance changes for the customers' open sockets. `post()` raises a Postgres NOTIFY inside the
 * movement's transaction, and Postgres delivers it only if and when that transaction commits: a
 * customer never hears of a balance change that was rolled back. One instance (the leader of
 * this job) listens and publishes each change on the bus as a private `account` event.
 */
export const BALANCE_CHANNEL = "ledger_balance";
export type BalanceNotice = { user: number; coins: string[] };
/** A balance change, or (inbox) the customer's messages changed: the relay adds the unread count. */
export type AccountNotice = BalanceNotice & { inbox?: true };

export async function relayBalanceChanges(options: {
  database: Database;
  bus: Bus;
  logger: Logger;
  /** The customer's unread messages now (for an inbox notice). */
  unread: (userId: number) => Promise<number>;
}): Promise<() => Promise<void>> {
  const { database, bus, logger } = options;
  const relay = (payload: string) => {
    let notice: AccountNotice;
    try {
      notice = JSON.parse(payload) as AccountNotice;
    } catch {
      return;
    }
    if (notice.inbox) {
      void options
        .unread(notice.user)
        .then((unread) => bus.publish(`account:${notice.user}`, { type: "inbox", unread }))
        .catch((error) => logger.warn({ err: error }, "inbox events: cannot count"));
      return;
    }
    void bus.publish(`account:${notice.user}`, { type: "balance", coins: notice.coins });
  };

  if (database.pglite) {
    const unlisten = await database.pglite.listen(BALANCE_CHANNEL, relay);
    return unlisten;
  }

  // PostgreSQL: a connection of its own that only listens, re-opened if it drops.
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async () => {
    if (stopped) return;
    // pg only with PostgreSQL: the embedded default never imports it.
    const { default: pgClient } = await import("pg");
    if (stopped) return;
    const next = new pgClient.Client({ connectionString: database.url });
    next.on("error", () => {});
    next.on("notification", (message) => {
      if (message.channel === BALANCE_CHANNEL && message.payload) relay(message.payload);
    });
    next.on("end", () => {
      if (client === next) client = undefined;
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    });
    try {
      await next.connect();
      await next.query(`listen ${BALANCE_CHANNEL}`);
      client = next;
    } catch (error) {
      logger.warn({ err: error }, "balance events: cannot listen, retrying");
      await next.end().catch(() => {});
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
