import Decimal from "decimal.js";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Bus } from "../bus/bus.ts";
import { type AlertInput, type AlertView, MAX_ARMED_ALERTS } from "../contract/alerts.ts";
import type { Ticker } from "../contract/market.ts";
import { pricePrecision } from "../contract/precision.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { postMessage } from "../inbox/index.ts";
import type { Logger } from "../logger.ts";
import type { MarketView } from "../market/index.ts";
import { instrumentExists, minuteOpensSince } from "../market/index.ts";
import { priceAlerts } from "./tables.ts";

export type AlertsDeps = { db: Db; bus: Bus; view: MarketView; now?: () => number };
type AlertRow = typeof priceAlerts.$inferSelect;

/** Told on the bus when a customer arms an alert, so the watcher (on any instance) takes it up. */
export const ALERTS_CHANGED = "alerts:changed";

const D = (v: Decimal.Value) => new Decimal(v);
const label = (code: string) => code.toUpperCase();
const shown = (code: string, price: Decimal.Value) => D(price).toFixed(pricePrecision(code));

export function alertView(row: AlertRow): AlertView {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    price: row.price === null ? null : shown(row.code, row.price),
    percent: row.percent === null ? null : D(row.percent).toFixed(),
    window: row.windowMinutes,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    fired_at: row.firedAt?.toISOString() ?? null,
    fired_price: row.firedPrice === null ? null : shown(row.code, row.firedPrice),
  };
}

/** The price now, or a clear refusal when the market has none (a new alert is judged against it). */
function priceNow(view: MarketView, code: string): Decimal {
  const ticker = view.ticker(code);
  if (!ticker) throw fieldError("code", "alerts.no_price");
  return D(ticker.price);
}

/**
 * A level must be on the side the customer asks about, and within reach (a tenth to ten times
 * the price): "above 90,000" with the market at 95,000 would go off at once.
 */
function checkLevel(code: string, kind: "above" | "below", level: Decimal, now: Decimal) {
  if (kind === "above" && level.lte(now))
    throw fieldError("price", "alerts.above_now", { price: shown(code, now) });
  if (kind === "below" && level.gte(now))
    throw fieldError("price", "alerts.below_now", { price: shown(code, now) });
  if (level.gt(now.mul(10)) || level.lt(now.div(10)))
    throw fieldError("price", "alerts.price_far", { price: shown(code, now) });
}

/**
 * How many alerts the customer has armed, counted under a per-customer lock held to the end of
 * the transaction: two tabs or two instances add or re-arm one at a time.
 */
async function lockedArmedCount(tx: Db, userId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price_alerts'), ${userId})`);
  const counted = (await tx.execute(
    sql`select count(*)::int as n from ${priceAlerts} where user_id = ${userId} and status = 'armed'`,
  )) as unknown as { rows: { n: number }[] };
  return Number(counted.rows[0]?.n ?? 0);
}

export async function createAlert(deps: AlertsDeps, userId: number, input: AlertInput) {
  if (!(await instrumentExists(deps.db, input.code))) throw fieldError("code", "alerts.code_unknown");
  const now = priceNow(deps.view, input.code);
  if (input.kind !== "move") checkLevel(input.code, input.kind, D(input.price as string), now);
  const row = await deps.db.transaction(async (tx) => {
    if ((await lockedArmedCount(tx, userId)) >= MAX_ARMED_ALERTS)
      throw fieldError("code", "alerts.too_many", { max: MAX_ARMED_ALERTS });
    const [created] = await tx
      .insert(priceAlerts)
      .values({
        userId,
        code: input.code,
        kind: input.kind,
        price: input.kind === "move" ? null : D(input.price as string).toFixed(),
        percent: input.kind === "move" ? D(input.percent as string).toFixed() : null,
        windowMinutes: input.kind === "move" ? (input.window ?? 60) : null,
        armedAt: new Date(deps.now?.() ?? Date.now()),
        armedPrice: now.toFixed(),
      })
      .returning();
    return created as AlertRow;
  });
  void deps.bus.publish(ALERTS_CHANGED, { code: row.code });
  return alertView(row);
}

export async function listAlerts(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(priceAlerts)
    .where(eq(priceAlerts.userId, userId))
    .orderBy(desc(priceAlerts.id))
    .limit(100);
  return rows.map(alertView);
}

export async function deleteAlert(deps: AlertsDeps, userId: number, id: number) {
  const [gone] = await deps.db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning();
  if (!gone) throw new ApiError(404, "alerts.not_found");
  void deps.bus.publish(ALERTS_CHANGED, { code: gone.code });
  return alertView(gone);
}

/** Arms a fired alert again (checked against the price now, as a new one is). */
export async function rearmAlert(deps: AlertsDeps, userId: number, id: number) {
  const [row] = await deps.db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)));
  if (!row) throw new ApiError(404, "alerts.not_found");
  if (row.status === "armed") throw new ApiError(409, "alerts.already_armed");
  const now = priceNow(deps.view, row.code);
  if (row.kind !== "move") checkLevel(row.code, row.kind, D(row.price as string), now);
  const updated = await deps.db.transaction(async (tx) => {
    if ((await lockedArmedCount(tx, userId)) >= MAX_ARMED_ALERTS)
      throw new ApiError(409, "alerts.too_many", { params: { max: MAX_ARMED_ALERTS } });
    const [armed] = await tx
      .update(priceAlerts)
      .set({
        status: "armed",
        armedAt: new Date(deps.now?.() ?? Date.now()),
        armedPrice: now.toFixed(),
        firedAt: null,
        firedPrice: null,
      })
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.status, "fired")))
      .returning();
    return armed;
  });
  if (!updated) throw new ApiError(409, "alerts.already_armed");
  void deps.bus.publish(ALERTS_CHANGED, { code: updated.code });
  return alertView(updated);
}

/**
 * Whether an alert is met at `price`, given what the market did since it was armed (`since`:
 * the price at the start of a move alert's window, or at arming if later).
 */
export function isMet(alert: Pick<AlertRow, "kind" | "price" | "percent">, price: Decimal, since?: Decimal) {
  if (alert.kind === "above") return price.gte(alert.price as string);
  if (alert.kind === "below") return price.lte(alert.price as string);
  if (!since || since.isZero()) return false;
  return price
    .minus(since)
    .abs()
    .div(since)
    .mul(100)
    .gte(alert.percent as string);
}

/** Per instrument, the first price seen in each minute: what a move is measured from. */
class MinutePrices {
  private readonly minutes = new Map<string, Map<number, Decimal>>();
  constructor(private readonly keepMinutes: number) {}

  record(code: string, time: number, price: Decimal) {
    const minute = Math.floor(time / 60_000);
    let series = this.minutes.get(code);
    if (!series) {
      series = new Map();
      this.minutes.set(code, series);
    }
    if (!series.has(minute)) series.set(minute, price);
    for (const key of series.keys()) {
      if (key >= minute - this.keepMinutes) break;
      series.delete(key);
    }
  }

  /** The first price seen in the minute of `from` (ms) or after it, if any. */
  at(code: string, from: number): Decimal | undefined {
    const series = this.minutes.get(code);
    if (!series) return undefined;
    const minute = Math.floor(from / 60_000);
    for (const [key, price] of series) if (key >= minute) return price;
    return undefined;
  }
}

/**
 * Watches the market for armed alerts and fires each exactly once: the alert's status moves
 * from armed to fired in the same transaction as the customer's inbox message, so a second
 * watcher (another instance, a leader handing over) finds nothing left to fire. Runs on the
 * prices the feed publishes; the armed alerts are read again when a customer arms one (on the
 * bus) and every few seconds.
 */
export async function startAlertWatcher(
  deps: AlertsDeps,
  logger: Logger,
  options: { reloadMs?: number } = {},
) {
  const clock = deps.now ?? Date.now;
  const prices = new MinutePrices(240 + 1);
  let armed = new Map<string, AlertRow[]>();
  const firing = new Set<number>();
  const watching = new Map<string, () => void>();
  let stopped = false;

  // What the last hours looked like, so a move alert works from the start (1-minute candles).
  const from = new Date(clock() - 241 * 60_000);
  const history = await minuteOpensSince(deps.db, from);
  for (const k of history) prices.record(k.code, k.openTime.getTime(), D(k.open));

  async function reload() {
    const rows = await deps.db.select().from(priceAlerts).where(eq(priceAlerts.status, "armed"));
    const next = new Map<string, AlertRow[]>();
    for (const row of rows) next.set(row.code, [...(next.get(row.code) ?? []), row]);
    armed = next;
    for (const code of next.keys()) {
      if (!watching.has(code)) watching.set(code, deps.bus.subscribe(`price:${code}`, onPrice));
      // Prices that came while the alert was on its way here count too: judge it by the last.
      const last = deps.view.ticker(code);
      if (last) onPrice(last);
    }
  }

  function onPrice(message: unknown) {
    const ticker = message as Ticker;
    const price = D(ticker.price);
    prices.record(ticker.code, ticker.time, price);
    for (const alert of armed.get(ticker.code) ?? []) {
      if (firing.has(alert.id)) continue;
      // A move counts from the window's start, but never from before the alert was armed.
      const windowStart = ticker.time - (alert.windowMinutes ?? 60) * 60_000;
      const since =
        alert.kind !== "move"
          ? undefined
          : windowStart >= alert.armedAt.getTime()
            ? (prices.at(alert.code, windowStart) ?? D(alert.armedPrice))
            : D(alert.armedPrice);
      if (isMet(alert, price, since)) void fire(alert, price);
    }
  }

  async function fire(alert: AlertRow, price: Decimal) {
    firing.add(alert.id);
    try {
      await deps.db.transaction(async (tx) => {
        const [fired] = await tx
          .update(priceAlerts)
          .set({ status: "fired", firedAt: new Date(clock()), firedPrice: price.toFixed() })
          .where(and(eq(priceAlerts.id, alert.id), eq(priceAlerts.status, "armed")))
          .returning();
        if (!fired) return; // fired by another watcher, re-armed meanwhile, or deleted
        await postMessage(tx, alert.userId, `price_alert_${alert.kind}`, {
          code: label(alert.code),
          price: shown(alert.code, price),
          ...(alert.kind === "move"
            ? { percent: D(alert.percent as string).toFixed(), window: alert.windowMinutes ?? 60 }
            : { level: shown(alert.code, alert.price as string) }),
        });
      });
      armed.set(
        alert.code,
        (armed.get(alert.code) ?? []).filter((a) => a.id !== alert.id),
      );
    } catch (error) {
      logger.error({ err: error, alert: alert.id }, "price alert could not fire");
    } finally {
      firing.delete(alert.id);
    }
  }

  await reload();
  const changed = deps.bus.subscribe(ALERTS_CHANGED, () => {
    if (!stopped) reload().catch((error) => logger.error({ err: error }, "price alerts reload failed"));
  });
  // A safety net: every instance hears ALERTS_CHANGED on the bus, so this seldom finds news.
  const timer = setInterval(() => {
    reload().catch((error) => logger.error({ err: error }, "price alerts reload failed"));
  }, options.reloadMs ?? 30_000);
  timer.unref?.();

  return async () => {
    stopped = true;
    clearInterval(timer);
    changed();
    for (const off of watching.values()) off();
    watching.clear();
  };
}
