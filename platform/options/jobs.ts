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
  const { db, bus, logger } = options;
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
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    flush()
      .then(() => settleDue(db))
      .catch((error) => logger.error({ err: error }, "timed contracts job failed"))
      .finally(() => {
        busy = false;
      });
  }, options.settleEveryMs ?? 500);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    for (const off of offs) off();
    await flush().catch(() => {});
  };
}
