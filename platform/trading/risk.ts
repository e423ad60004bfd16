import Decimal from "decimal.js";
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import { post } from "../ledger/ledger.ts";
import type { Logger } from "../logger.ts";
import {
  closePosition,
  fillLimitOrder,
  openInterest,
  openOrders,
  openPositions,
  type TradingDeps,
} from "./contracts.ts";
import * as math from "./math.ts";
import { fundingPayments, positions, tradingParams } from "./tables.ts";

const D = (v: Decimal.Value) => new Decimal(v);

/**
 * One pass of the risk engine over every open order and position, against current mark prices:
 * limit orders whose price was crossed fill, positions hit by their TP or SL close, positions at
 * their maintenance margin are liquidated, delivery contracts past expiry settle, and funding
 * is paid at each 8-hour mark. Every action locks its row and re-checks it, so a pass run twice
 * at once (two instances, a restart) acts once.
 */
export async function riskPass(deps: TradingDeps, logger?: Logger) {
  const now = deps.now?.() ?? Date.now();
  const acted: string[] = [];
  const attempt = async (label: string, action: () => Promise<unknown>) => {
    try {
      if (await action()) acted.push(label);
    } catch (error) {
      logger?.error({ err: error, action: label }, "risk action failed");
    }
  };

  for (const order of await openOrders(deps.db, "contract")) {
    const mark = deps.prices.markIfFresh(order.code);
    if (!mark || !order.price) continue;
    const crossed = order.side === "buy" ? mark.price.lte(order.price) : mark.price.gte(order.price);
    if (crossed) await attempt(`fill order ${order.id}`, () => fillLimitOrder(deps, order.id, mark));
  }
  // Spot: the liquidity account re-quotes every book from the feed; a quote that meets a
  // customer's resting order fills it at the customer's price.
  await attempt("spot books", async () => (await deps.spot.sync()) > 0);

  const params = new Map((await deps.db.select().from(tradingParams)).map((p) => [p.code, p]));
  for (const position of await openPositions(deps.db)) {
    const mark = deps.prices.markIfFresh(position.code);
    if (!mark) continue;
    const mmr = params.get(position.code)?.maintenanceRate ?? "0.01";
    if (position.expiry && position.expiry.getTime() <= now) {
      await attempt(`deliver ${position.id}`, () =>
        closePosition(deps, position.id, { reason: "delivery", price: mark }),
      );
      continue;
    }
    if (
      math.shouldLiquidate(
        position.side,
        position.entryPrice,
        mark.price,
        position.quantity,
        position.margin,
        mmr,
      )
    ) {
      await attempt(`liquidate ${position.id}`, () =>
        closePosition(deps, position.id, { reason: "liquidation", price: mark }),
      );
      continue;
    }
    const long = position.side === "buy";
    if (
      position.takeProfit &&
      (long ? mark.price.gte(position.takeProfit) : mark.price.lte(position.takeProfit))
    ) {
      await attempt(`take profit ${position.id}`, () =>
        closePosition(deps, position.id, { reason: "take_profit", price: mark }),
      );
      continue;
    }
    if (position.stopLoss && (long ? mark.price.lte(position.stopLoss) : mark.price.gte(position.stopLoss))) {
      await attempt(`stop loss ${position.id}`, () =>
        closePosition(deps, position.id, { reason: "stop_loss", price: mark }),
      );
    }
  }

  await payFunding(deps, now, (label) => acted.push(label));
  return acted;
}

/**
 * Funding at the latest 8-hour mark for every perpetual position opened before it: paid from or
 * into its isolated margin, to or from the counterparty account. A payment row per position and
 * funding time (unique) makes it once only.
 */
export async function payFunding(deps: TradingDeps, now: number, done: (label: string) => void = () => {}) {
  const fundingTime = new Date(Math.floor(now / math.FUNDING_INTERVAL_MS) * math.FUNDING_INTERVAL_MS);
  const due = await deps.db
    .select({ id: positions.id, code: positions.code })
    .from(positions)
    .where(
      and(
        eq(positions.status, "open"),
        eq(positions.contractType, "perpetual"),
        lte(positions.openedAt, fundingTime),
        sql`not exists (select 1 from ${fundingPayments} f where f.position_id = ${positions.id} and f.funding_time = ${fundingTime})`,
      ),
    );
  if (due.length === 0) return;
  const interest = await openInterest(deps.db);
  for (const { id, code } of due) {
    const mark = deps.prices.markIfFresh(code);
    if (!mark) continue;
    const oi = interest.get(code) ?? { long: D(0), short: D(0) };
    const rate = math.fundingRate(oi.long, oi.short);
    await deps.db.transaction(async (tx) => {
      const [position] = await tx
        .select()
        .from(positions)
        .where(and(eq(positions.id, id), eq(positions.status, "open")))
        .for("update");
      if (!position) return;
      const owed = math
        .funding(position.side, mark.price, position.quantity, rate)
        .toDecimalPlaces(8, Decimal.ROUND_HALF_EVEN);
      // A payment never takes more than the margin left; the risk pass liquidates what is left bare.
      const amount = owed.gt(0) ? Decimal.min(owed, position.margin) : owed;
      const [payment] = await tx
        .insert(fundingPayments)
        .values({ positionId: position.id, fundingTime, rate: rate.toFixed(), amount: amount.toFixed() })
        .onConflictDoNothing()
        .returning();
      if (!payment || amount.isZero()) return;
      const wallet = { user: position.userId, wallet: "contract" as const };
      await post(tx, {
        kind: "funding",
        ref: { type: "funding", id: payment.id },
        postings: [
          { account: wallet, coin: "USDT", amount: amount.neg(), bucket: "frozen" },
          { account: { platform: "counterparty" }, coin: "USDT", amount },
        ],
      });
      await tx
        .update(positions)
        .set({
          margin: D(position.margin).minus(amount).toFixed(),
          funding: D(position.funding).plus(amount).toFixed(),
        })
        .where(eq(positions.id, position.id));
      done(`funding ${position.id}`);
    });
  }
}

/** Delivery positions already past expiry (for tests and the console). */
export function expiredPositions(deps: TradingDeps, now: number) {
  return deps.db
    .select()
    .from(positions)
    .where(
      and(eq(positions.status, "open"), isNotNull(positions.expiry), lte(positions.expiry, new Date(now))),
    );
}
