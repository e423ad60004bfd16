import Decimal from "decimal.js";
import { and, eq } from "drizzle-orm";
import { fieldError } from "../http/errors.ts";
import { freeze, type Posting, post, spendFrozen, transfer } from "../ledger/ledger.ts";
import { checkQuantity, inTransaction, requireListed, requireParams, type TradingDeps } from "./contracts.ts";
import { takerPrice } from "./execution.ts";
import type { Quote } from "./prices.ts";
import { orders } from "./tables.ts";

const D = (v: Decimal.Value) => new Decimal(v);
const QUOTE = "USDT";
const baseOf = (code: string) => (code.split("/")[0] ?? "").toUpperCase();

export type SpotOrderInput = {
  code: string;
  type: "market" | "limit";
  side: "buy" | "sell";
  quantity: string;
  price?: string;
};

/**
 * The ledger lines of a spot fill: the customer pays one coin to the counterparty and receives
 * the other; the fee (0.1 %) is taken from what is received, to the fees account. `paidFrom`
 * says whether the payment leaves the available balance (market) or the frozen one (limit).
 */
function fillPostings(
  userId: number,
  code: string,
  side: "buy" | "sell",
  quantity: Decimal,
  price: Decimal,
  feeRate: string,
  paidFrom: "available" | "frozen",
): { postings: Posting[]; fee: Decimal } {
  const wallet = { user: userId, wallet: "spot" as const };
  const base = baseOf(code);
  const cost = quantity.mul(price).toDecimalPlaces(8, Decimal.ROUND_UP);
  const [payCoin, payAmount, getCoin, getAmount] =
    side === "buy"
      ? [QUOTE, cost, base, quantity]
      : [base, quantity, QUOTE, quantity.mul(price).toDecimalPlaces(8, Decimal.ROUND_DOWN)];
  const fee = getAmount.mul(feeRate).toDecimalPlaces(8, Decimal.ROUND_UP);
  const pay =
    paidFrom === "frozen"
      ? spendFrozen(wallet, { platform: "counterparty" }, payCoin, payAmount)
      : transfer(wallet, { platform: "counterparty" }, payCoin, payAmount);
  const postings: Posting[] = [
    ...pay,
    { account: { platform: "counterparty" }, coin: getCoin, amount: getAmount.neg() },
    { account: wallet, coin: getCoin, amount: getAmount.minus(fee) },
  ];
  if (fee.gt(0)) postings.push({ account: { platform: "fees" }, coin: getCoin, amount: fee });
  return { postings, fee };
}

/**
 * A spot order from the spot wallet. It first meets the book (see `takerPrice`): a market order,
 * or a limit priced through the best opposite price, fills at once at the book's price, both
 * coins moving through the ledger. A limit that does not cross freezes what it would pay and
 * rests until the market comes to it.
 */
export async function placeSpotOrder(deps: TradingDeps, userId: number, input: SpotOrderInput) {
  await requireListed(deps.db, input.code);
  const params = await requireParams(deps.db, input.code, "spot");
  const quantity = D(input.quantity);
  checkQuantity(quantity, params);
  const wallet = { user: userId, wallet: "spot" as const };
  const base = baseOf(params.code);
  let limit: Decimal | undefined;
  if (input.type === "limit") {
    if (!input.price) throw fieldError("price", "trading.price_required");
    limit = D(input.price);
  }
  const best = deps.prices.best(params.code, input.side);
  const fillPrice = takerPrice(input.side, best.price, limit);
  if (limit && !fillPrice) {
    const price = limit;
    const [coin, frozen] =
      input.side === "buy"
        ? [QUOTE, quantity.mul(price).toDecimalPlaces(8, Decimal.ROUND_UP)]
        : [base, quantity];
    return inTransaction(deps, async (tx, events) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          market: "spot",
          code: params.code,
          side: input.side,
          type: "limit",
          price: price.toFixed(),
          quantity: quantity.toFixed(),
          frozen: frozen.toFixed(),
        })
        .returning();
      if (!order) throw new Error("order not recorded");
      await post(
        tx,
        {
          kind: "order_freeze",
          ref: { type: "order", id: order.id },
          postings: freeze(wallet, coin, frozen),
        },
        { insufficientKey: "wallet.insufficient", field: "quantity" },
      );
      events.push({ userId, event: { type: "order", id: order.id, status: "open" } });
      return order;
    });
  }
  const fill = { price: fillPrice ?? best.price, time: best.time };
  return inTransaction(deps, async (tx, events) => {
    const { postings, fee } = fillPostings(
      userId,
      params.code,
      input.side,
      quantity,
      fill.price,
      params.spotFee,
      "available",
    );
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        market: "spot",
        code: params.code,
        side: input.side,
        type: input.type,
        price: limit?.toFixed() ?? null,
        quantity: quantity.toFixed(),
        status: "filled",
        fillPrice: fill.price.toFixed(),
        fee: fee.toFixed(),
        fillTickTime: fill.time,
      })
      .returning();
    if (!order) throw new Error("order not recorded");
    await post(
      tx,
      { kind: "spot_fill", ref: { type: "order", id: order.id }, postings },
      { insufficientKey: "wallet.insufficient", field: "quantity" },
    );
    events.push({ userId, event: { type: "order", id: order.id, status: "filled" } });
    return order;
  });
}

/** Fills a resting spot limit order at its price (background job; exactly once). */
export async function fillSpotLimit(deps: TradingDeps, orderId: number, mark: Quote) {
  return inTransaction(deps, async (tx, events) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, "open")))
      .for("update");
    if (order?.market !== "spot" || !order.price) return undefined;
    const params = await requireParams(tx, order.code, "spot");
    const price = D(order.price);
    const quantity = D(order.quantity);
    const { postings, fee } = fillPostings(
      order.userId,
      order.code,
      order.side,
      quantity,
      price,
      params.spotFee,
      "frozen",
    );
    await tx
      .update(orders)
      .set({
        status: "filled",
        fillPrice: price.toFixed(),
        fee: fee.toFixed(),
        fillTickTime: mark.time,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    await post(tx, { kind: "spot_fill", ref: { type: "order", id: order.id }, postings });
    events.push({ userId: order.userId, event: { type: "order", id: order.id, status: "filled" } });
    return order;
  });
}
