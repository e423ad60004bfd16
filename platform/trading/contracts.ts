import Decimal from "decimal.js";
import { and, eq, sql } from "drizzle-orm";
import type { Bus } from "../bus/bus.ts";
import { CONTRACT_TYPES, type ContractType } from "../contract/contract-types.ts";
import { DEFAULT_PRICE_BAND } from "../contract/trading-math.ts";
import { exactTicks, tickOf, unitsOf } from "../contract/units.ts";
import type { Db } from "../db/client.ts";
import { memoByDb } from "../db/memo.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { postMessage } from "../inbox/index.ts";
import { freeze, type Posting, post, transfer } from "../ledger/index.ts";
import { instrumentStatuses } from "../market/index.ts";
import {
  contractBook,
  PRICE_BAND_KEYS,
  type Protection,
  priceBandError,
  refuseCrossedLiquidation,
  type SpotEngine,
} from "./engine/spot-engine.ts";
import * as math from "./math.ts";
import type { Prices, Quote } from "./prices.ts";
import { orders, positionCloses, positions, tradingParams } from "./tables.ts";

const D = (v: Decimal.Value) => new Decimal(v);
const USDT = "USDT";

export { CONTRACT_TYPES, type ContractType };
export type CloseReason = "manual" | "take_profit" | "stop_loss" | "liquidation" | "delivery";

export type TradingDeps = {
  db: Db;
  bus: Bus;
  prices: Prices;
  /**
   * The matching engine: spot orders, contract orders (opening positions) and their cancels go
   * through it.
   */
  spot: SpotEngine;
  now?: () => number;
  /** Market price protection, a fraction (config `MARKET_PRICE_BAND`; 5 % when absent). */
  priceBand?: string;
};

/**
 * A market order's or a close's price protection for `side` at the mark: it fills no further
 * than the band from it (`math.protectedPrice`, the rule the pages share), on the price grid.
 */
export function protectionFor(
  deps: TradingDeps,
  code: string,
  quantityStep: string,
  side: math.Side,
  mark: Decimal,
) {
  const band = deps.priceBand ?? DEFAULT_PRICE_BAND;
  const { tick } = unitsOf(code, quantityStep);
  return { limit: math.protectedPrice(side, mark, band, tick), band } satisfies Protection;
}

/**
 * Every instrument's trading terms and listing status, kept in memory for a second: an order
 * reads them without a query. An operator's change through the console forgets them at once
 * (`forgetTradingTerms`); one made through another instance shows within the second. Inside a
 * transaction they are always read afresh.
 */
const tradingTerms = memoByDb(1_000, async (db) => {
  const params = await db.select().from(tradingParams);
  const listed = await instrumentStatuses(db);
  return {
    params: new Map(params.map((p) => [p.code, p])),
    status: new Map(listed.map((i) => [i.code, i.status])),
  };
});
export const forgetTradingTerms = () => tradingTerms.forget();

/**
 * Each market's terms for the liquidity's quotes, by code, read afresh (the market leader asks
 * every few seconds, so its public book shows the quotes as the engine places them).
 */
export async function liquidityTermsOf(db: Db) {
  const rows = await db
    .select({
      code: tradingParams.code,
      liquiditySpread: tradingParams.liquiditySpread,
      liquidityMaxSize: tradingParams.liquidityMaxSize,
      quantityStep: tradingParams.quantityStep,
    })
    .from(tradingParams);
  return new Map(rows.map((r) => [r.code, r]));
}

export async function requireParams(db: Db, code: string, market: "spot" | "contract") {
  const params = (await tradingTerms.get(db)).params.get(code.toLowerCase());
  if (!params || !(market === "spot" ? params.spotEnabled : params.contractEnabled))
    throw fieldError("code", "market.unknown_instrument");
  return params;
}

/**
 * New orders only on a listed instrument: an operator's pause stops them at once (resting orders
 * still fill and open positions can still be closed, so nobody is locked in a position).
 */
export async function requireListed(db: Db, code: string) {
  const status = (await tradingTerms.get(db)).status.get(code.toLowerCase());
  if (status === "paused") throw fieldError("code", "trading.instrument_paused");
}

/** A quantity must be at least the minimum and a whole number of steps. */
export function checkQuantity(quantity: Decimal, params: { minQuantity: string; quantityStep: string }) {
  if (quantity.lt(params.minQuantity))
    throw fieldError("quantity", "trading.quantity_min", { minimum: D(params.minQuantity).toFixed() });
  if (!quantity.mod(params.quantityStep).isZero())
    throw fieldError("quantity", "trading.quantity_step", { step: D(params.quantityStep).toFixed() });
}

/** A contract order's leverage and quantity against its instrument's terms (preview and placing). */
function checkOrderTerms(
  params: typeof tradingParams.$inferSelect,
  input: { leverage: number; quantity: string },
) {
  if (!Number.isInteger(input.leverage) || input.leverage < 1)
    throw fieldError("leverage", "trading.leverage_required");
  if (input.leverage > params.maxLeverage)
    throw fieldError("leverage", "trading.leverage_max", { max: params.maxLeverage });
  checkQuantity(D(input.quantity), params);
}

/** TP above and SL below the reference for a long; the reverse for a short. */
export function checkTpSl(code: string, side: math.Side, reference: Decimal, tp?: Decimal, sl?: Decimal) {
  // On the price grid, as an order's price is (a take-profit of 90,000.123 was kept as typed).
  const tick = tickOf(code);
  for (const [field, price] of [
    ["take_profit", tp],
    ["stop_loss", sl],
  ] as const)
    if (price && !price.div(tick).isInteger())
      throw fieldError(field, "trading.price_tick", { tick: tick.toFixed() });
  if (tp && (side === "buy" ? tp.lte(reference) : tp.gte(reference)))
    throw fieldError("take_profit", side === "buy" ? "trading.tp_above" : "trading.tp_below");
  if (sl && (side === "buy" ? sl.gte(reference) : sl.lte(reference)))
    throw fieldError("stop_loss", side === "buy" ? "trading.sl_below" : "trading.sl_above");
}

function expiryFor(type: ContractType, now: number): Date | null {
  return type === "perpetual" ? null : new Date(math.nextExpiry(type, now));
}

/** A private event for a user's open sockets (fills, closes, liquidations, cancels). */
export type AccountEvent = { userId: number; event: Record<string, unknown> };

/**
 * Runs `work` in one database transaction and tells the users' sockets what it did only once it
 * has committed: a client that refetches on an event then sees the change, and a rolled-back
 * transaction tells nobody anything.
 */
export async function inTransaction<T>(
  deps: { db: Db; bus: Bus },
  work: (tx: Db, events: AccountEvent[]) => Promise<T>,
): Promise<T> {
  const events: AccountEvent[] = [];
  const result = await deps.db.transaction((tx) => {
    events.length = 0; // a retried attempt starts over (see db/retry.ts)
    return work(tx, events);
  });
  for (const { userId, event } of events) void deps.bus.publish(`account:${userId}`, event);
  return result;
}

export type ContractOrderInput = {
  code: string;
  contract_type: ContractType;
  type: "market" | "limit";
  side: math.Side;
  quantity: string;
  leverage: number;
  price?: string;
  take_profit?: string;
  stop_loss?: string;
};

/**
 * Where a new contract order will trade, from its book (see `contractBook`): what it takes at
 * the resting orders' prices, best first and never beyond its limit (the customers' orders and
 * the liquidity as it would quote the feed now), and its limit for what would rest. Refuses,
 * before anything is queued, an order whose position would open already past its liquidation
 * price at the current mark (a high leverage meeting a wide book); the engine checks it again
 * when it matches, against the book as it is then.
 */
function expectedFill(
  deps: TradingDeps,
  params: typeof tradingParams.$inferSelect,
  input: ContractOrderInput,
  quantity: Decimal,
  userId: number,
) {
  let limit: Decimal | undefined;
  if (input.type === "limit") {
    if (!input.price) throw fieldError("price", "trading.price_required");
    limit = D(input.price);
    const units = unitsOf(params.code, params.quantityStep);
    if (exactTicks(limit, units) === undefined)
      throw fieldError("price", "trading.price_tick", { tick: units.tick.toFixed() });
  } else {
    // A market order needs a live market: refused on a stalled feed, as before it is queued.
    deps.prices.best(params.code, input.side);
  }
  const mark = deps.prices.mark(params.code).price;
  const expiry = expiryFor(input.contract_type, deps.now?.() ?? Date.now());
  // A market order takes nothing beyond the band around the mark.
  const protection = limit
    ? undefined
    : protectionFor(deps, params.code, params.quantityStep, input.side, mark);
  const fill = (protect?: Decimal) =>
    deps.spot.expectedFill({
      userId,
      book: contractBook(params.code, input.contract_type, expiry),
      side: input.side,
      quantity,
      price: limit,
      protect,
      terms: params,
    });
  const expected = expectedOrRefused(fill, protection);
  if (quantity.gt(0))
    refuseCrossedLiquidation({
      side: input.side,
      price: expected.price,
      quantity,
      leverage: input.leverage,
      mark,
      maintenanceRate: params.maintenanceRate,
    });
  return { ...expected, limit, mark, expiry, protection };
}

/**
 * Where an order would fill (`ask`, within its protected limit if it has one), or its refusal:
 * the band's when the book offers only beyond the band, else "no liquidity". Spot and contract
 * orders alike.
 */
export function expectedOrRefused<T>(ask: (protect?: Decimal) => T | undefined, protection?: Protection): T {
  const expected = ask(protection?.limit);
  if (expected) return expected;
  if (protection && ask()) throw priceBandError(PRICE_BAND_KEYS.order, protection.band);
  throw new ApiError(503, "trading.no_liquidity", { errors: { quantity: ["trading.no_liquidity"] } });
}

/** What an order would occupy before the user confirms: margin, fee, the fill price, the liquidation price. */
export async function previewContractOrder(deps: TradingDeps, input: ContractOrderInput, userId = 0) {
  await requireListed(deps.db, input.code);
  const params = await requireParams(deps.db, input.code, "contract");
  // The order's own rules first, as placing it would: a confirmation never shows an order that
  // Confirm would then refuse.
  checkOrderTerms(params, input);
  const quantity = D(input.quantity);
  const { price, takes } = expectedFill(deps, params, input, quantity, userId);
  const margin = math.margin(quantity, price, input.leverage);
  // What it takes pays the taker rate; an order that only rests, the maker rate.
  const fee = math.fee(quantity, price, takes ? params.takerFee : params.makerFee);
  return {
    price: price.toFixed(),
    /** A limit priced through the book trades at once, at the book's price (the screen warns). */
    fills_now: takes,
    notional: quantity.mul(price).toFixed(8),
    margin: margin.toFixed(8, Decimal.ROUND_UP),
    fee: fee.toFixed(8, Decimal.ROUND_UP),
    liquidation_price: math
      .liquidationPrice(input.side, price, quantity, margin, params.maintenanceRate)
      .toFixed(8),
    max_leverage: params.maxLeverage,
  };
}

/**
 * Places a contract order on its book, through the matching engine (engine/spot-engine.ts): a
 * market order, or a limit priced through the opposite best, takes liquidity at once at the
 * resting orders' prices (customers' or the liquidity account's), best first, never beyond its
 * limit; a market order's remainder is dropped, a limit's rests with the margin and maker fee of
 * the rest frozen. Each fill opens (or adds to) the order's position, its margin frozen and fee
 * paid in the batch's transaction. Resolves with the order (and its position, if it filled) once
 * durable.
 */
export async function placeContractOrder(deps: TradingDeps, userId: number, input: ContractOrderInput) {
  const { db } = deps;
  await requireListed(db, input.code);
  const params = await requireParams(db, input.code, "contract");
  checkOrderTerms(params, input);
  const quantity = D(input.quantity);
  const tp = input.take_profit ? D(input.take_profit) : undefined;
  const sl = input.stop_loss ? D(input.stop_loss) : undefined;
  const expected = expectedFill(deps, params, input, quantity, userId);
  checkTpSl(params.code, input.side, expected.price, tp, sl);
  const order = await deps.spot.place({
    userId,
    code: params.code,
    type: input.type,
    side: input.side,
    quantity,
    price: expected.limit,
    params,
    contract: {
      contractType: input.contract_type,
      expiry: expected.expiry,
      leverage: input.leverage,
      takeProfit: tp?.toFixed() ?? null,
      stopLoss: sl?.toFixed() ?? null,
      mark: expected.mark,
    },
    protection: expected.protection,
  });
  const [position] = order.positionId
    ? await db.select().from(positions).where(eq(positions.id, order.positionId))
    : [];
  return { order, position };
}

/** Cancels a resting contract order of the user's (on its book) and releases the margin it froze. */
export function cancelOrder(deps: TradingDeps, userId: number, orderId: number) {
  return deps.spot.cancel(userId, orderId, "contract");
}

/**
 * Closes (part of) a position. A customer's close (manual, close-all), a TP/SL and a liquidation
 * are reduce-only market orders into the position's contract book, run by the matching engine
 * (`SpotEngine.close`): they take the resting orders (the liquidity's quotes, other customers'
 * orders) at their prices, best first, and the position settles at the average price taken. What
 * the book cannot take stays open (the answer says how much closed), except a liquidation's,
 * which the platform takes over at the mark (`price`, the mark the risk job read; a customer's
 * close is logged with the mark now). Delivery at expiry settles at the delivery price `price`,
 * outside the book (`settleAtPrice`).
 *
 * A customer's close answers 404 if the position is not open (theirs); the risk job's close of a
 * position closed meanwhile answers undefined.
 */
export async function closePosition(
  deps: TradingDeps,
  positionId: number,
  options: { userId?: number; quantity?: Decimal; reason: CloseReason; price?: Quote },
) {
  if (options.reason === "delivery") {
    if (!options.price) throw new Error("a delivery settles at the delivery price");
    return settleAtPrice(deps, positionId, { ...options, price: options.price });
  }
  const [position] = await deps.db.select().from(positions).where(openPosition(positionId, options.userId));
  if (!position) {
    if (options.reason === "manual") throw new ApiError(404, "trading.position_not_open");
    return undefined;
  }
  const params = await requireParams(deps.db, position.code, "contract");
  if (options.quantity) {
    const held = D(position.quantity);
    // A customer's close names at most what they hold: more is a mistyped part, not "all of it".
    // (Closes racing each other each passed this, and the engine closes what is left.)
    if (options.reason === "manual" && options.quantity.gt(held))
      throw fieldError("quantity", "trading.close_above_position", { held: held.toFixed() });
    checkQuantity(Decimal.min(options.quantity, held), params);
  }
  // The mark the close is logged with (a liquidation's remainder closes at the risk job's).
  const mark =
    options.reason === "manual" || !options.price ? deps.prices.mark(position.code) : options.price;
  // The close takes nothing beyond the band around that mark (on the other side).
  const side = position.side === "buy" ? "sell" : "buy";
  const closed = await deps.spot.close({
    positionId,
    userId: options.userId,
    quantity: options.quantity,
    reason: options.reason,
    mark: mark.price,
    tickTime: mark.time,
    protection: protectionFor(deps, position.code, params.quantityStep, side, mark.price),
    params,
  });
  if (!closed) return undefined;
  return { position, ...closed };
}

/** The position, if still open (and the customer's, when `userId` is given). */
const openPosition = (positionId: number, userId?: number) =>
  and(
    eq(positions.id, positionId),
    eq(positions.status, "open"),
    userId ? eq(positions.userId, userId) : undefined,
  );

/**
 * Settles (part of) a position at `price`, outside the book (delivery at expiry): the margin
 * share returns with the realized PnL (from or to the platform's counterparty account) less the
 * closing fee. A loss never takes more than the position's margin. Exactly once: the position
 * row is locked and re-read first.
 */
async function settleAtPrice(
  deps: TradingDeps,
  positionId: number,
  options: { userId?: number; quantity?: Decimal; reason: CloseReason; price: Quote },
) {
  // One time for the position's close and its close row: funding at a later funding time
  // reads the quantity held then back from these rows.
  const closedAt = new Date(deps.now?.() ?? Date.now());
  return inTransaction(deps, async (tx, events) => {
    const [position] = await tx
      .select()
      .from(positions)
      .where(openPosition(positionId, options.userId))
      .for("update");
    if (!position) {
      if (options.reason === "manual") throw new ApiError(404, "trading.position_not_open");
      return undefined;
    }
    const params = await requireParams(tx, position.code, "contract");
    const held = D(position.quantity);
    const quantity = options.quantity ? Decimal.min(options.quantity, held) : held;
    if (options.quantity) checkQuantity(quantity, params);
    const marginShare = quantity.eq(held)
      ? D(position.margin)
      : D(position.margin).mul(quantity).div(held).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const gross = math.pnl(position.side, position.entryPrice, options.price.price, quantity);
    const closeFee = math
      .fee(quantity, options.price.price, params.takerFee)
      .toDecimalPlaces(8, Decimal.ROUND_UP);
    const { realized, fee, payout } = math.settlement(marginShare, gross, closeFee);
    const wallet = { user: position.userId, wallet: "contract" as const };
    const postings: Posting[] = [];
    if (marginShare.gt(0)) postings.push(...freeze(wallet, USDT, marginShare.neg()));
    if (realized.gt(0)) postings.push(...transfer({ platform: "counterparty" }, wallet, USDT, realized));
    if (realized.lt(0))
      postings.push(...transfer(wallet, { platform: "counterparty" }, USDT, realized.neg()));
    if (fee.gt(0)) postings.push(...transfer(wallet, { platform: "fees" }, USDT, fee));
    const remaining = held.minus(quantity);
    const done = remaining.isZero();
    await tx
      .update(positions)
      .set({
        quantity: remaining.toFixed(),
        margin: D(position.margin).minus(marginShare).toFixed(),
        realizedPnl: D(position.realizedPnl).plus(realized).toFixed(),
        fees: D(position.fees).plus(fee).toFixed(),
        ...(done
          ? {
              status: options.reason === "liquidation" ? ("liquidated" as const) : ("closed" as const),
              closePrice: options.price.price.toFixed(),
              closedAt,
            }
          : {}),
      })
      .where(eq(positions.id, position.id));
    const [close] = await tx
      .insert(positionCloses)
      .values({
        positionId: position.id,
        userId: position.userId,
        reason: options.reason,
        quantity: quantity.toFixed(),
        price: options.price.price.toFixed(),
        pnl: realized.toFixed(),
        fee: fee.toFixed(),
        tickTime: options.price.time,
        createdAt: closedAt,
      })
      .returning();
    if (postings.length > 0)
      await post(tx, {
        kind: `contract_${options.reason}`,
        ref: { type: "position_close", id: close?.id ?? 0 },
        postings,
      });
    if (options.reason === "liquidation")
      await postMessage(tx, position.userId, "order_liquidated", {
        code: position.code.toUpperCase(),
        price: options.price.price.toFixed(),
      });
    if (options.reason === "take_profit" || options.reason === "stop_loss") {
      await postMessage(tx, position.userId, "order_tpsl_triggered", {
        code: position.code.toUpperCase(),
        price: options.price.price.toFixed(),
      });
    }
    events.push({
      userId: position.userId,
      event: { type: "position", id: position.id, status: done ? "closed" : "open", reason: options.reason },
    });
    return {
      position,
      quantity: quantity.toFixed(),
      pnl: realized.toFixed(),
      fee: fee.toFixed(),
      payout: payout.toFixed(),
    };
  });
}

/** Sets or changes a position's take-profit and stop-loss (checked against the mark price). */
export async function setTpSl(
  deps: TradingDeps,
  userId: number,
  positionId: number,
  tp?: Decimal | null,
  sl?: Decimal | null,
) {
  const [position] = await deps.db
    .select()
    .from(positions)
    .where(and(eq(positions.id, positionId), eq(positions.userId, userId), eq(positions.status, "open")));
  if (!position) throw new ApiError(404, "trading.position_not_open");
  const mark = deps.prices.mark(position.code);
  checkTpSl(position.code, position.side, mark.price, tp ?? undefined, sl ?? undefined);
  const [updated] = await deps.db
    .update(positions)
    .set({ takeProfit: tp ? tp.toFixed() : null, stopLoss: sl ? sl.toFixed() : null })
    .where(and(eq(positions.id, positionId), eq(positions.status, "open")))
    .returning();
  return updated;
}

/** Open positions of a user, or of everyone (the risk job). */
export function openPositions(db: Db, userId?: number) {
  return db
    .select()
    .from(positions)
    .where(and(eq(positions.status, "open"), userId ? eq(positions.userId, userId) : undefined))
    .orderBy(positions.id);
}

export function openOrders(db: Db, market: "spot" | "contract", userId?: number) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, "open"),
        eq(orders.market, market),
        userId ? eq(orders.userId, userId) : undefined,
      ),
    )
    .orderBy(orders.id);
}

/**
 * Open interest as the trade screens show it, through the funding rate: read at most every 5 s.
 * Every trade screen asks for it and the query sums every open position, so it grows with the
 * customer base; the rate moves with positions, slowly, and funding itself is charged from the
 * positions as they stood (funding.ts), not from this.
 */
const shownOpenInterest = memoByDb(5_000, openInterest);
export const recentOpenInterest = (db: Db) => shownOpenInterest.get(db);

/** Open interest per instrument and side, for the funding rate. */
async function openInterest(db: Db) {
  const result = (await db.execute(
    sql`select code, side, sum(quantity * entry_price)::text as notional from positions where status = 'open' and contract_type = 'perpetual' group by code, side`,
  )) as unknown as { rows: { code: string; side: string; notional: string }[] };
  const byCode = new Map<string, { long: Decimal; short: Decimal }>();
  for (const r of result.rows) {
    const entry = byCode.get(r.code) ?? { long: D(0), short: D(0) };
    if (r.side === "buy") entry.long = D(r.notional);
    else entry.short = D(r.notional);
    byCode.set(r.code, entry);
  }
  return byCode;
}
