import type { Bus } from "../bus/bus.ts";
import type { Ticker } from "../contract/market.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { settleDue } from "./service.ts";
import { optionProducts, priceTicks } from "./tables.ts";

/**
 * The timed contracts' background work, on one instance at a time: it writes every price of the
 * instruments with timed contracts to the tick log (from the bus, whichever instance runs the
 * feed), and settles each round once it has ended.
 */
export async function startOptionsJobs(options: {
  db: Db;
  bus: Bus;
  logger: Logger;
  settleEveryMs?: number;
}) {
  const { logger } = options;
  const job = await createOptionsJob(options);
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    job
      .pass()
      .catch((error) => logger.error({ err: error }, "timed contracts job failed"))
      .finally(() => {
        busy = false;
      });
  }, options.settleEveryMs ?? 500);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    await job.stop();
  };
}

/**
 * The job without its timer: `pass` writes the ticks heard since the last one and settles what
 * has ended by `now` (the clock a simulation moves); `stop` stops listening, keeping what it heard.
 */
export async function createOptionsJob(options: { db: Db; bus: Bus; now?: () => number }) {
  const { db, bus } = options;
  const now = options.now ?? Date.now;
  const codes = [
    ...new Set((await db.select({ code: optionProducts.code }).from(optionProducts)).map((p) => p.code)),
  ];
  const buffer: { code: string; price: string; time: number }[] = [];
  const offs = codes.map((code) =>
    bus.subscribe(`price:${code}`, (message) => {
      const ticker = message as Ticker;
      buffer.push({ code, price: ticker.price, time: ticker.time });
    }),
  );
  async function flush() {
    if (buffer.length === 0) return;
    const batch = buffer.splice(0);
    await db.insert(priceTicks).values(batch);
  }
  // Nothing ends before the next round does: no query until then (a pass is every 500 ms).
  const schedule = { nextAt: 0 };
  return {
    async pass() {
      await flush();
      if (now() >= schedule.nextAt) await settleDue(db, now(), undefined, schedule);
    },
    async stop() {
      for (const off of offs) off();
      await flush().catch(() => {});
    },
  };
}
