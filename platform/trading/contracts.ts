import Decimal from "decimal.js";
import { and, eq, sql } from "drizzle-orm";
import type { Bus } from "../bus/bus.ts";
import { CONTRACT_TYPES, type ContractType } from "../contract/contract-types.ts";
import { takerPrice } from "../contract/execution.ts";
import type { Db } from "../db/client.ts";
import { memoByDb } from "../db/memo.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { postMessage } from "../inbox/index.ts";
import { freeze, type Posting, post, spendFrozen, transfer } from "../ledger/index.ts";
import { instrumentStatuses } from "../market/index.ts";
import type { SpotEngine } from "./engine/spot-engine.ts";
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
  /** The spot markets' matching engine (spot orders and their cancels go through it). */
  spot: SpotEngine;
  now?: () => number;
};

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
export function checkTpSl(side: math.Side, reference: Decimal, tp?: Decimal, sl?: Decimal) {
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
 * Where a new contract order will trade: at the book's best opposite price when it is a market
 * order or a marketable limit (`takerPrice`), else it rests at its limit. Refuses, before
 * anything is frozen, an order whose position would open already past its liquidation price at
 * the current mark (a high leverage meeting a wide book).
 */
function expectedFill(
  deps: TradingDeps,
  params: typeof tradingParams.$inferSelect,
  input: ContractOrderInput,
  quantity: Decimal,
): { price: Decimal; time: number; rests: boolean; limit?: Decimal } {
  let limit: Decimal | undefined;
  if (input.type === "limit") {
    if (!input.price) throw fieldError("price", "trading.price_required");
    limit = D(input.price);
  }
  const best = deps.prices.best(params.code, input.side);
  const taker = takerPrice(input.side, best.price, limit);
  const price = taker ?? (limit as Decimal);
  const mark = deps.prices.mark(params.code).price;
  const margin = math.margin(quantity, price, input.leverage).toDecimalPlaces(8, Decimal.ROUND_UP);
  if (
    quantity.gt(0) &&
    math.shouldLiquidate(input.side, price, mark, quantity, margin, params.maintenanceRate)
  ) {
    const liquidation = math.liquidationPrice(input.side, price, quantity, margin, params.maintenanceRate);
    throw fieldError("leverage", "trading.liquidation_crossed", { price: liquidation.toFixed(2) });
  }
  return { price, time: best.time, rests: !taker, limit };
}

/** What an order would occupy before the user confirms: margin, fee, the fill price, the liquidation price. */
export async function previewContractOrder(deps: TradingDeps, input: ContractOrderInput) {
  await requireListed(deps.db, input.code);
  const params = await requireParams(deps.db, input.code, "contract");
  // The order's own rules first, as placing it would: a confirmation never shows an order that
  // Confirm would then refuse.
  checkOrderTerms(params, input);
  const quantity = D(input.quantity);
  const { price, rests } = expectedFill(deps, params, input, quantity);
  const margin = math.margin(quantity, price, input.leverage);
  const fee = math.fee(quantity, price, rests ? params.makerFee : params.takerFee);
  return {
    price: price.toFixed(),
    /** A limit priced through the book trades at once, at the book's price (the screen warns). */
    fills_now: !rests,
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
 * Places a contract order. A market order, or a limit priced through the book, fills at once at
 * the best ask (buy) or bid (sell): its margin (notional / leverage) is frozen in the contract
 * wallet and the taker fee paid, in one transaction with the new position. A limit that does not
 * cross freezes margin and maker fee and rests.
 */
export async function placeContractOrder(deps: TradingDeps, userId: number, input: ContractOrderInput) {
  const { db } = deps;
  const now = deps.now?.() ?? Date.now();
  await requireListed(db, input.code);
  const params = await requireParams(db, input.code, "contract");
  checkOrderTerms(params, input);
  const quantity = D(input.quantity);
  const tp = input.take_profit ? D(input.take_profit) : undefined;
  const sl = input.stop_loss ? D(input.stop_loss) : undefined;
  const wallet = { user: userId, wallet: "contract" as const };
  const expected = expectedFill(deps, params, input, quantity);
  checkTpSl(input.side, expected.price, tp, sl);

  if (expected.rests) {
    const price = expected.price;
    const margin = math.margin(quantity, price, input.leverage).toDecimalPlaces(8, Decimal.ROUND_UP);
    const fee = math.fee(quantity, price, params.makerFee).toDecimalPlaces(8, Decimal.ROUND_UP);
    const frozen = margin.plus(fee);
    return inTransaction(deps, async (tx, events) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          market: "contract",
          code: params.code,
          contractType: input.contract_type,
          expiry: expiryFor(input.contract_type, now),
          side: input.side,
          type: "limit",
          price: price.toFixed(),
          quantity: quantity.toFixed(),
          leverage: input.leverage,
          takeProfit: tp?.toFixed() ?? null,
          stopLoss: sl?.toFixed() ?? null,
          frozen: frozen.toFixed(),
        })
        .returning();
      if (!order) throw new Error("order not recorded");
      await post(
        tx,
        {
          kind: "order_freeze",
          ref: { type: "order", id: order.id },
          postings: freeze(wallet, USDT, frozen),
        },
        { insufficientKey: "trading.insufficient_margin", field: "quantity" },
      );
      events.push({ userId, event: { type: "order", id: order.id, status: "open" } });
      return { order, position: undefined };
    });
  }

  const fill = { price: expected.price, time: expected.time };
  return inTransaction(deps, async (tx, events) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        market: "contract",
        code: params.code,
        contractType: input.contract_type,
        expiry: expiryFor(input.contract_type, now),
        side: input.side,
        type: input.type,
        price: expected.limit?.toFixed() ?? null,
        quantity: quantity.toFixed(),
        leverage: input.leverage,
        takeProfit: tp?.toFixed() ?? null,
        stopLoss: sl?.toFixed() ?? null,
        status: "filled",
      })
      .returning();
    if (!order) throw new Error("order not recorded");
    const position = await openPosition(tx, events, order, fill, params.takerFee, false, now);
    return { order, position };
  });
}

/**
 * Opens the position of a filled order: margin frozen (from available for a market order; for
 * a limit order it already is, and the unused rest is released), fee to the fees account.
 */
async function openPosition(
  tx: Db,
  events: AccountEvent[],
  order: typeof orders.$inferSelect,
  fill: Quote,
  feeRate: string,
  fromFrozen: boolean,
  now: number,
) {
  const quantity = D(order.quantity);
  const leverage = order.leverage as number;
  const margin = math.margin(quantity, fill.price, leverage).toDecimalPlaces(8, Decimal.ROUND_UP);
  const fee = math.fee(quantity, fill.price, feeRate).toDecimalPlaces(8, Decimal.ROUND_UP);
  const wallet = { user: order.userId, wallet: "contract" as const };
  const [position] = await tx
    .insert(positions)
    .values({
      userId: order.userId,
      orderId: order.id,
      code: order.code,
      contractType: order.contractType ?? "perpetual",
      expiry: order.expiry,
      side: order.side,
      quantity: quantity.toFixed(),
      entryPrice: fill.price.toFixed(),
      leverage,
      margin: margin.toFixed(),
      takeProfit: order.takeProfit,
      stopLoss: order.stopLoss,
      fees: fee.toFixed(),
      // Funding looks back at who held what at each funding time: the clock of the deps decides.
      openedAt: new Date(now),
    })
    .returning();
  if (!position) throw new Error("position not recorded");
  await tx
    .update(orders)
    .set({
      status: "filled",
      filledQuantity: quantity.toFixed(),
      fillPrice: fill.price.toFixed(),
      fee: fee.toFixed(),
      fillTickTime: fill.time,
      positionId: position.id,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  const postings: Posting[] = fromFrozen
    ? [
        ...spendFrozen(wallet, { platform: "fees" }, USDT, fee),
        // What the order froze beyond margin and fee goes back (a limit fills at its own price, so nothing, unless rounding).
        ...(D(order.frozen).minus(margin).minus(fee).gt(0)
          ? freeze(wallet, USDT, D(order.frozen).minus(margin).minus(fee).neg())
          : []),
      ]
    : [...freeze(wallet, USDT, margin), ...transfer(wallet, { platform: "fees" }, USDT, fee)];
  await post(
    tx,
    { kind: "contract_open", ref: { type: "position", id: position.id }, postings },
    { insufficientKey: "trading.insufficient_margin", field: "quantity" },
  );
  events.push({ userId: order.userId, event: { type: "position", id: position.id, status: "open" } });
  return position;
}

/** Fills a resting limit order at its price when the mark has crossed it (background job; exactly once). */
export async function fillLimitOrder(deps: TradingDeps, orderId: number, mark: Quote) {
  return inTransaction(deps, async (tx, events) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, "open")))
      .for("update");
    if (order?.market !== "contract" || !order.price) return undefined;
    const params = await requireParams(tx, order.code, "contract");
    return openPosition(
      tx,
      events,
      order,
      { price: D(order.price), time: mark.time },
      params.makerFee,
      true,
      deps.now?.() ?? Date.now(),
    );
  });
}

/** Cancels a resting contract order of the user's and releases the margin it froze. */
export async function cancelOrder(deps: TradingDeps, userId: number, orderId: number) {
  return inTransaction(deps, async (tx, events) => {
    const [order] = await tx
      .update(orders)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.userId, userId),
          eq(orders.status, "open"),
          eq(orders.market, "contract"),
        ),
      )
      .returning();
    if (!order) throw new ApiError(404, "trading.order_not_open");
    const wallet = order.market === "contract" ? ("contract" as const) : ("spot" as const);
    const coin =
      order.market === "contract" || order.side === "buy"
        ? USDT
        : (order.code.split("/")[0]?.toUpperCase() ?? USDT);
    if (D(order.frozen).gt(0)) {
      await post(tx, {
        kind: "order_cancel",
        ref: { type: "order", id: order.id },
        postings: freeze({ user: userId, wallet }, coin, D(order.frozen).neg()),
      });
    }
    events.push({ userId, event: { type: "order", id: order.id, status: "cancelled" } });
    return order;
  });
}

/**
 * Closes (part of) a position at `price`: the margin share returns with the realized PnL (from
 * or to the platform's counterparty account) less the closing fee. A loss never takes more than
 * the position's margin. Exactly once: the position row is locked and re-read first.
 */
export async function closePosition(
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
      .where(
        and(
          eq(positions.id, positionId),
          eq(positions.status, "open"),
          options.userId ? eq(positions.userId, options.userId) : undefined,
        ),
      )
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
  checkTpSl(position.side, mark.price, tp ?? undefined, sl ?? undefined);
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

/** Open interest per instrument and side, for the funding rate. */
export async function openInterest(db: Db) {
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
