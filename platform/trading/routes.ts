import Decimal from "decimal.js";
import { and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { morePageQuery } from "../contract/pagination.ts";
import {
  closePositionBody,
  contractOrderBody,
  instrumentQuery,
  orderIdBody,
  orderSchema,
  ordersQuery,
  positionSchema,
  spotOrderBody,
  tpslBody,
  tradeIdQuery,
} from "../contract/trading.ts";
import type { Api } from "../http/app.ts";
import { ApiError } from "../http/errors.ts";
import {
  cancelOrder,
  closePosition,
  openOrders,
  openPositions,
  placeContractOrder,
  previewContractOrder,
  recentOpenInterest,
  requireParams,
  setTpSl,
  type TradingDeps,
} from "./contracts.ts";
import * as math from "./math.ts";
import { NOTHING_TAKEN } from "./risk.ts";
import { placeSpotOrder, previewSpotOrder } from "./spot.ts";
import { orders, positionCloses, positions, trades, tradingParams } from "./tables.ts";
import { orderView, positionView } from "./views.ts";

/**
 * What placing an order answers: "Order placed", or for a market order that filled only in part
 * (the book had no more within the price band) how much, at what average, and that the rest was
 * cancelled — not "placed" for an order that is already over.
 */
function placedMessage(order: ReturnType<typeof orderView>): [string, Record<string, string>?] {
  const filled = new Decimal(order.filled_quantity);
  if (order.type !== "market" || order.status !== "cancelled" || filled.isZero())
    return ["trading.order_placed"];
  return [
    "trading.market_partly_filled",
    { filled: order.filled_quantity, quantity: order.quantity, price: order.fill_price ?? "" },
  ];
}

export function tradingRoutes(api: Api, deps: TradingDeps) {
  const { db, prices } = deps;
  const mmrOf = async (codes: string[]) => {
    if (codes.length === 0) return new Map<string, string>();
    const rows = await db.select().from(tradingParams).where(inArray(tradingParams.code, codes));
    return new Map(rows.map((r) => [r.code, r.maintenanceRate]));
  };
  /** How much of each position its closes took (a closed position's size). */
  const closedOf = async (ids: number[]) => {
    if (ids.length === 0) return new Map<number, string>();
    const rows = await db
      .select({ id: positionCloses.positionId, quantity: sql<string>`sum(${positionCloses.quantity})::text` })
      .from(positionCloses)
      .where(inArray(positionCloses.positionId, ids))
      .groupBy(positionCloses.positionId);
    return new Map(rows.map((r) => [r.id, r.quantity]));
  };
  const viewPositions = async (rows: (typeof positions.$inferSelect)[]) => {
    const [mmr, closed] = await Promise.all([
      mmrOf([...new Set(rows.map((r) => r.code))]),
      closedOf(rows.map((r) => r.id)),
    ]);
    return rows.map((p) =>
      positionView(p, prices.markIfFresh(p.code)?.price, mmr.get(p.code) ?? "0.01", closed.get(p.id) ?? 0),
    );
  };
  const contract = ["Contracts"];
  const spot = ["Spot"];

  api.route(
    {
      method: "get",
      path: "/contract/info",
      tags: contract,
      summary:
        "An instrument's contract terms: max leverage, maintenance rate, fees, quantity step, funding rate and next funding time, delivery expiries",
      query: instrumentQuery,
      response: z.object({
        code: z.string(),
        max_leverage: z.number().int(),
        maintenance_rate: z.string(),
        maker_fee: z.string(),
        taker_fee: z.string(),
        spot_fee: z.string(),
        min_quantity: z.string(),
        quantity_step: z.string(),
        funding_rate: z.string(),
        next_funding_time: z.string(),
        expiries: z.object({ weekly: z.string(), quarterly: z.string() }),
      }),
    },
    async ({ query }) => {
      const p = await requireParams(db, query.code, "contract");
      const oi = await recentOpenInterest(db);
      const interest = oi.get(p.code);
      const now = Date.now();
      return {
        code: p.code,
        max_leverage: p.maxLeverage,
        maintenance_rate: new Decimal(p.maintenanceRate).toFixed(),
        maker_fee: new Decimal(p.makerFee).toFixed(),
        taker_fee: new Decimal(p.takerFee).toFixed(),
        spot_fee: new Decimal(p.spotFee).toFixed(),
        min_quantity: new Decimal(p.minQuantity).toFixed(),
        quantity_step: new Decimal(p.quantityStep).toFixed(),
        funding_rate: math.fundingRate(interest?.long ?? 0, interest?.short ?? 0).toFixed(),
        next_funding_time: new Date(math.nextFundingTime(now)).toISOString(),
        expiries: {
          weekly: new Date(math.nextExpiry("weekly", now)).toISOString(),
          quarterly: new Date(math.nextExpiry("quarterly", now)).toISOString(),
        },
      };
    },
  );

  api.route(
    {
      method: "post",
      path: "/contract/preview",
      tags: contract,
      summary: "What an order would occupy before confirming: fill price, margin, fee, liquidation price",
      auth: "required",
      body: contractOrderBody,
      response: z.object({
        price: z.string(),
        fills_now: z.boolean().meta({
          description: "A limit priced through the book: it trades at once at the book's price",
        }),
        notional: z.string(),
        margin: z.string(),
        fee: z.string(),
        liquidation_price: z.string(),
        max_leverage: z.number().int(),
      }),
    },
    // The customer's own resting orders are not what they would meet (self-trade prevention).
    ({ body }, { user }) => previewContractOrder(deps, body, user.id),
  );

  api.route(
    {
      method: "post",
      path: "/contract/order",
      tags: contract,
      summary:
        "Open a long (buy) or short (sell) at the market-best price, or rest a limit order; optional TP/SL",
      description:
        "Price (limit), quantity and leverage must not be empty, each with its own message; margin = notional / leverage.",
      auth: "required",
      body: contractOrderBody,
      response: z.object({ order: orderSchema, position: positionSchema.nullable() }),
    },
    async ({ body }, { user, setMessage }) => {
      const { order, position } = await placeContractOrder(deps, user.id, body);
      const [view] = position ? await viewPositions([position]) : [];
      const [fresh] = await db.select().from(orders).where(eq(orders.id, order.id));
      const placed = orderView(fresh ?? order);
      setMessage(...placedMessage(placed));
      return { order: placed, position: view ?? null };
    },
  );

  api.route(
    {
      method: "post",
      path: "/contract/cancel",
      tags: contract,
      summary: "Cancel a pending order (its frozen margin returns)",
      auth: "required",
      body: orderIdBody,
      response: orderSchema,
    },
    async ({ body }, { user, setMessage }) => {
      const order = await cancelOrder(deps, user.id, body.id);
      setMessage("trading.order_cancelled");
      return orderView(order);
    },
  );

  api.route(
    {
      method: "post",
      path: "/contract/cancel_all",
      tags: contract,
      summary: "Cancel every pending contract order",
      auth: "required",
      response: z.object({ cancelled: z.number().int() }),
    },
    async (_input, { user, setMessage }) => {
      let cancelled = 0;
      for (const order of await openOrders(db, "contract", user.id)) {
        await cancelOrder(deps, user.id, order.id).then(
          () => cancelled++,
          () => {},
        );
      }
      setMessage("trading.cancelled_all", { count: cancelled });
      return { cancelled };
    },
  );

  api.route(
    {
      method: "post",
      path: "/contract/close",
      tags: contract,
      summary:
        "Close a position, all or part, on its book: at the prices resting orders offer, best first (what the book cannot take stays open; `quantity` says what closed)",
      auth: "required",
      body: closePositionBody,
      response: z.object({ quantity: z.string(), pnl: z.string(), fee: z.string(), payout: z.string() }),
    },
    async ({ body }, { user, setMessage }) => {
      // closePosition reads the position (404 if it is not this customer's open one) and logs
      // the close with the mark.
      const asked = body.quantity ? new Decimal(body.quantity) : undefined;
      const result = await closePosition(deps, body.position_id, {
        userId: user.id,
        reason: "manual",
        quantity: asked,
      });
      // What the book could not take stays open: the answer says how much closed.
      const held = result?.position.quantity ?? "0";
      const wanted = Decimal.min(asked ?? held, held);
      if (result && wanted.gt(result.quantity))
        setMessage("trading.position_partly_closed", { closed: result.quantity, asked: wanted.toFixed() });
      else setMessage("trading.position_closed");
      return {
        quantity: result?.quantity ?? "0",
        pnl: result?.pnl ?? "0",
        fee: result?.fee ?? "0",
        payout: result?.payout ?? "0",
      };
    },
  );

  api.route(
    {
      method: "post",
      path: "/contract/close_all",
      tags: contract,
      summary: "Close every open position on its book (`closed`: how many closed whole)",
      auth: "required",
      response: z.object({ closed: z.number().int() }),
    },
    async (_input, { user, setMessage }) => {
      let closed = 0;
      for (const position of await openPositions(db, user.id)) {
        // A position closed meanwhile (another close-all, a TP/SL, a liquidation), or one its book
        // has nothing to take for now, is skipped; what a capped book cannot take stays open and
        // is not counted; any other failure is reported.
        await closePosition(deps, position.id, { userId: user.id, reason: "manual" }).then(
          (result) => {
            if (result && (!("done" in result) || result.done)) closed++;
          },
          (error: unknown) => {
            const skipped = ["trading.position_not_open", ...NOTHING_TAKEN];
            if (!(error instanceof ApiError && skipped.includes(error.messageKey))) throw error;
          },
        );
      }
      setMessage("trading.closed_all", { count: closed });
      return { closed };
    },
  );

  api.route(
    {
      method: "post",
      path: "/contract/tpsl",
      tags: contract,
      summary: "Set or change a position's take-profit and stop-loss (empty clears one)",
      auth: "required",
      body: tpslBody,
      response: positionSchema,
    },
    async ({ body }, { user, setMessage }) => {
      const updated = await setTpSl(
        deps,
        user.id,
        body.position_id,
        body.take_profit ? new Decimal(body.take_profit) : null,
        body.stop_loss ? new Decimal(body.stop_loss) : null,
      );
      setMessage("trading.tpsl_saved");
      const [view] = await viewPositions(updated ? [updated] : []);
      if (!view) throw new ApiError(404, "trading.position_not_open");
      return view;
    },
  );

  api.route(
    {
      method: "get",
      path: "/contract/positions",
      tags: contract,
      summary: "Open positions with mark price, floating PnL, ROE and liquidation price",
      auth: "required",
      response: z.array(positionSchema),
    },
    async (_input, { user }) => viewPositions(await openPositions(db, user.id)),
  );

  for (const market of ["contract", "spot"] as const) {
    api.route(
      {
        method: "get",
        path: `/${market}/orders`,
        tags: market === "contract" ? contract : spot,
        summary: "Orders: pending (open) or history (filled and cancelled), newest first",
        auth: "required",
        query: ordersQuery,
        response: z.object({ list: z.array(orderSchema), page: z.number().int(), has_more: z.boolean() }),
      },
      async ({ query }, { user }) => {
        const rows = await db
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.userId, user.id),
              eq(orders.market, market),
              query.status === "open" ? eq(orders.status, "open") : ne(orders.status, "open"),
            ),
          )
          .orderBy(desc(orders.id))
          .limit(query.limit + 1)
          .offset((query.page - 1) * query.limit);
        return {
          list: rows.slice(0, query.limit).map(orderView),
          page: query.page,
          has_more: rows.length > query.limit,
        };
      },
    );
  }

  api.route(
    {
      method: "get",
      path: "/contract/history",
      tags: contract,
      summary: "Closed and liquidated positions with their realized PnL, newest first",
      auth: "required",
      query: morePageQuery,
      response: z.object({ list: z.array(positionSchema), page: z.number().int(), has_more: z.boolean() }),
    },
    async ({ query }, { user }) => {
      const rows = await db
        .select()
        .from(positions)
        .where(and(eq(positions.userId, user.id), ne(positions.status, "open")))
        .orderBy(desc(positions.closedAt), desc(positions.id))
        .limit(query.limit + 1)
        .offset((query.page - 1) * query.limit);
      return {
        list: await viewPositions(rows.slice(0, query.limit)),
        page: query.page,
        has_more: rows.length > query.limit,
      };
    },
  );

  api.route(
    {
      method: "get",
      path: "/trade/order",
      tags: contract,
      summary: "One order with its position and every close of it (the order details screen)",
      auth: "required",
      query: tradeIdQuery,
      response: z.object({
        order: orderSchema,
        position: positionSchema.nullable(),
        closes: z.array(
          z.object({
            reason: z.string(),
            quantity: z.string(),
            price: z.string(),
            pnl: z.string(),
            fee: z.string(),
            tick_time: z.number().nullable(),
            time: z.string(),
          }),
        ),
        fills: z
          .array(
            z.object({
              id: z.number().int().meta({ description: "The trade's number" }),
              price: z.string(),
              quantity: z.string(),
              fee: z.string().meta({ description: "This order's fee on the fill" }),
              role: z.enum(["maker", "taker"]).meta({
                description:
                  "maker: the order rested and was met (its own price); taker: it met a resting one",
              }),
              time: z.string(),
            }),
          )
          .meta({ description: "Every fill of the order from the order book (partial fills), oldest first" }),
      }),
    },
    async ({ query }, { user }) => {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, query.id), eq(orders.userId, user.id)));
      if (!order) throw new ApiError(404, "errors.not_found");
      const [position] = order.positionId
        ? await db.select().from(positions).where(eq(positions.id, order.positionId))
        : [];
      const closes = position
        ? await db
            .select()
            .from(positionCloses)
            .where(eq(positionCloses.positionId, position.id))
            .orderBy(positionCloses.id)
        : [];
      const [view] = position ? await viewPositions([position]) : [];
      const fills = await db
        .select()
        .from(trades)
        .where(or(eq(trades.takerOrderId, order.id), eq(trades.makerOrderId, order.id)))
        .orderBy(asc(trades.id));
      return {
        fills: fills.map((f) => {
          const maker = f.makerOrderId === order.id;
          return {
            id: f.id,
            price: new Decimal(f.price).toFixed(),
            quantity: new Decimal(f.quantity).toFixed(),
            fee: new Decimal(maker ? f.makerFee : f.takerFee).toFixed(),
            role: maker ? ("maker" as const) : ("taker" as const),
            time: f.createdAt.toISOString(),
          };
        }),
        order: orderView(order),
        position: view ?? null,
        closes: closes.map((c) => ({
          reason: c.reason,
          quantity: new Decimal(c.quantity).toFixed(),
          price: new Decimal(c.price).toFixed(),
          pnl: new Decimal(c.pnl).toFixed(8),
          fee: new Decimal(c.fee).toFixed(8),
          tick_time: c.tickTime,
          time: c.createdAt.toISOString(),
        })),
      };
    },
  );

  api.route(
    {
      method: "post",
      path: "/spot/preview",
      tags: spot,
      summary:
        "What a spot order would trade at and pay before confirming: its expected average price, value and fee",
      description:
        "The price is the average over the book's levels it would take (never beyond its limit or the market price band), with its limit for what would rest; refused as placing it would be.",
      auth: "required",
      body: spotOrderBody,
      response: z.object({
        price: z.string(),
        fills_now: z.boolean().meta({
          description: "A limit priced through the book: it trades at once at the book's prices",
        }),
        notional: z.string(),
        fee: z.string(),
        fee_coin: z.string(),
      }),
    },
    // The customer's own resting orders are not what they would meet (self-trade prevention).
    ({ body }, { user }) => previewSpotOrder(deps, user.id, body),
  );

  api.route(
    {
      method: "post",
      path: "/spot/order",
      tags: spot,
      summary: "Buy or sell from the spot wallet: market (best price now) or limit (rests, funds frozen)",
      auth: "required",
      body: spotOrderBody,
      response: orderSchema,
    },
    async ({ body }, { user, setMessage }) => {
      const placed = orderView(await placeSpotOrder(deps, user.id, body));
      setMessage(...placedMessage(placed));
      return placed;
    },
  );

  api.route(
    {
      method: "post",
      path: "/spot/cancel",
      tags: spot,
      summary: "Cancel a pending spot order (its frozen funds return)",
      auth: "required",
      body: orderIdBody,
      response: orderSchema,
    },
    async ({ body }, { user, setMessage }) => {
      const order = await deps.spot.cancel(user.id, body.id);
      setMessage("trading.order_cancelled");
      return orderView(order);
    },
  );

  api.route(
    {
      method: "post",
      path: "/spot/cancel_all",
      tags: spot,
      summary: "Cancel every pending spot order",
      auth: "required",
      response: z.object({ cancelled: z.number().int() }),
    },
    async (_input, { user, setMessage }) => {
      let cancelled = 0;
      for (const order of await openOrders(db, "spot", user.id)) {
        await deps.spot.cancel(user.id, order.id).then(
          () => cancelled++,
          () => {},
        );
      }
      setMessage("trading.cancelled_all", { count: cancelled });
      return { cancelled };
    },
  );
}
