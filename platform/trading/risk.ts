import { and, eq, isNotNull, lte } from "drizzle-orm";
import { ApiError } from "../http/errors.ts";
import type { Logger } from "../logger.ts";
import { cancelOrder, closePosition, openPositions, type TradingDeps } from "./contracts.ts";
import { PRICE_BAND_KEYS } from "./engine/spot-engine.ts";
import * as math from "./math.ts";
import { orders, positions, tradingParams } from "./tables.ts";

/** A close refused because its book had nothing to take (at all, or within the band). */
export const NOTHING_TAKEN: string[] = ["trading.close_no_liquidity", PRICE_BAND_KEYS.close];

/**
 * One pass of the risk engine over the books and every open position, against current mark
 * prices: the books are re-quoted (resting orders fill there), positions hit by their TP or SL
 * close and positions at their maintenance margin are liquidated, each by a market order into
 * its book (see `closePosition`), and delivery contracts past expiry settle at the mark (funding
 * is its own job: funding.ts). Every action locks its row and re-checks it, so a pass run twice
 * at once (two instances, a restart) acts once.
 */
export async function riskPass(deps: TradingDeps, logger?: Logger) {
  const now = deps.now?.() ?? Date.now();
  const acted: string[] = [];
  const attempt = async (label: string, action: () => Promise<unknown>) => {
    try {
      if (await action()) acted.push(label);
    } catch (error) {
      // A TP/SL whose book has nothing to take for now (within the price band) fires again at
      // the next pass.
      if (error instanceof ApiError && NOTHING_TAKEN.includes(error.messageKey)) return;
      logger?.error({ err: error, action: label }, "risk action failed");
    }
  };

  // A delivery contract past its expiry trades no more: its resting orders are cancelled (their
  // margin returns) before the books are re-quoted, and its positions settle below.
  for (const order of await expiredOrders(deps, now))
    await attempt(`expire order ${order.id}`, () => cancelOrder(deps, order.userId, order.id));
  // Resting orders (spot and contract) fill on their books, never from the mark: the liquidity
  // account re-quotes every book where customers' orders rest from the feed, and a quote that
  // meets a customer's resting order fills it at the customer's price.
  await attempt("books", async () => (await deps.spot.sync()) > 0);

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

  return acted;
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

/** Resting orders of delivery contracts already past expiry. */
function expiredOrders(deps: TradingDeps, now: number) {
  return deps.db
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(
      and(
        eq(orders.status, "open"),
        eq(orders.market, "contract"),
        isNotNull(orders.expiry),
        lte(orders.expiry, new Date(now)),
      ),
    )
    .orderBy(orders.id);
}
