import Decimal from "decimal.js";
import { and, eq, or } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fundedCustomer } from "../../../tests/support/accounts.ts";
import { onScriptedMarket } from "../../../tests/support/scripted-market.ts";
import { auditLedger } from "../../ledger/audit.ts";
import { balanceOf } from "../../ledger/ledger.ts";
import { forgetTradingTerms } from "../contracts.ts";
import { riskPass } from "../risk.ts";
import { orders, positions, trades, tradingParams } from "../tables.ts";
import { replaySpotLog } from "./replay.ts";
import { contractBook } from "./spot-engine.ts";

/**
 * Contract orders on the matching engine (issue 17): one book per contract, where customers'
 * orders meet each other and the liquidity account's quotes (the scripted feed's book: best ask =
 * price + spread, best bid = price − spread, then a level per tick, 100 each), always at the
 * resting order's price; each fill opens or adds to the order's position. Fees: 0.02 % maker,
 * 0.05 % taker.
 */
const market = onScriptedMarket({ "btc/usdt": 60000, "eth/usdt": 3000 });
const feed = market.feed;
const t = market.platform;

const db = () => t().platform.deps.db;
const engine = () => t().platform.trading.spot;
const customer = (usdt = "10000") => fundedCustomer(t(), "contract", { USDT: usdt });
const contract = (token: string, body: Record<string, unknown>) =>
  t().api("/contract/order", {
    method: "POST",
    json: { code: "btc/usdt", contract_type: "perpetual", leverage: 10, ...body },
    token,
  });
const cancel = (token: string, id: number) =>
  t().api("/contract/cancel", { method: "POST", json: { id }, token });
const usdt = async (userId: number) => {
  const b = await balanceOf(db(), userId, "contract", "USDT");
  return { available: b.available.toFixed(), frozen: b.frozen.toFixed() };
};
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const positionOf = async (orderId: number) =>
  (await db().select().from(positions).where(eq(positions.orderId, orderId)))[0];
const n = (v: Decimal.Value | null | undefined) => new Decimal(v ?? 0).toFixed();
const PERPETUAL = contractBook("btc/usdt", "perpetual", null);

describe("a contract book", () => {
  it("lets two customers' orders meet: the resting one fills at its price, both open positions", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000); // bid 59,990, ask 60,010
    const seller = await customer();
    const buyer = await customer();
    const other = await customer();
    const rest = await contract(seller.token, {
      type: "limit",
      side: "sell",
      quantity: "0.02",
      price: "60000",
    });
    // Margin 0.02 × 60,000 / 10 = 120 and the maker fee 0.24, frozen for the order.
    expect(rest.body.data.order).toMatchObject({ status: "open", filled_quantity: "0", frozen: "120.24" });
    expect(rest.body.data.position).toBeNull();
    // It is on the contract's book, ahead of the liquidity's 60,010, and not on the spot book.
    expect(engine().depth(PERPETUAL)?.asks[0]).toEqual({ price: "60000", quantity: "0.02" });
    expect(
      engine()
        .depth("btc/usdt")
        ?.asks.some((l) => l.price === "60000") ?? false,
    ).toBe(false);

    const take = await contract(buyer.token, { side: "buy", type: "market", quantity: "0.005" });
    expect(take.status).toBe(200);
    expect(take.body.data.order).toMatchObject({
      status: "filled",
      filled_quantity: "0.005",
      fill_price: "60000",
    });
    // The buyer's position: margin 30 frozen, the taker fee 0.15 paid.
    expect(await usdt(buyer.user.id)).toEqual({ available: "9969.85", frozen: "30" });
    const bought = await positionOf(take.body.data.order.id);
    expect([
      bought?.side,
      n(bought?.quantity),
      n(bought?.entryPrice),
      n(bought?.margin),
      n(bought?.fees),
    ]).toEqual(["buy", "0.005", "60000", "30", "0.15"]);
    // The seller's order is partly filled; its fill opened a short at its own price, paying the
    // maker fee 0.06 out of what the order froze.
    const made = await orderRow(rest.body.data.order.id);
    expect([made?.status, n(made?.filledQuantity), n(made?.fillPrice), n(made?.frozen)]).toEqual([
      "open",
      "0.005",
      "60000",
      "90.18",
    ]);
    const sold = await positionOf(rest.body.data.order.id);
    expect([sold?.side, n(sold?.quantity), n(sold?.entryPrice), n(sold?.margin), n(sold?.fees)]).toEqual([
      "sell",
      "0.005",
      "60000",
      "30",
      "0.06",
    ]);
    expect(made?.positionId).toBe(sold?.id);
    const [trade] = await db().select().from(trades).where(eq(trades.takerOrderId, take.body.data.order.id));
    expect(trade).toMatchObject({
      market: "contract",
      makerOrderId: rest.body.data.order.id,
      makerUserId: seller.user.id,
      takerSide: "buy",
    });
    expect([n(trade?.takerFee), n(trade?.makerFee)]).toEqual(["0.15", "0.06"]);

    // Another customer meets the rest of it: the same position grows.
    await contract(other.token, { side: "buy", type: "market", quantity: "0.005" });
    const grown = await positionOf(rest.body.data.order.id);
    expect([grown?.id, n(grown?.quantity), n(grown?.margin), n(grown?.fees)]).toEqual([
      sold?.id,
      "0.01",
      "60",
      "0.12",
    ]);
    expect(n((await orderRow(rest.body.data.order.id))?.frozen)).toBe("60.12");
    // What is frozen: the order's rest and the position's margin.
    expect(await usdt(seller.user.id)).toEqual({ available: "9879.76", frozen: "120.12" });
    await cancel(seller.token, rest.body.data.order.id);
    expect(await usdt(seller.user.id)).toEqual({ available: "9939.88", frozen: "60" });
  });

  it("fills a marketable limit at the book's prices, rests the rest at its limit, and fills that when met", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const seller = await customer();
    const buyer = await customer();
    await contract(seller.token, { type: "limit", side: "sell", quantity: "0.01", price: "60000" });
    const res = await contract(buyer.token, { type: "limit", side: "buy", quantity: "0.02", price: "60005" });
    // 0.01 at the seller's 60,000; the liquidity's 60,010 is beyond the limit, so 0.01 rests,
    // its margin (60.005) and maker fee (0.12001) frozen at the limit.
    expect(res.body.data.order).toMatchObject({
      status: "open",
      filled_quantity: "0.01",
      fill_price: "60000",
      frozen: "60.12501",
    });
    expect(res.body.data.position).toMatchObject({ quantity: "0.01" });
    // The market falls through the limit: the liquidity's new ask meets the resting buy at its
    // own price, 60,005, not at the lower market.
    feed.set("btc/usdt", 59000);
    await engine().sync();
    const row = await orderRow(res.body.data.order.id);
    expect([row?.status, n(row?.filledQuantity), n(row?.fillPrice), n(row?.frozen)]).toEqual([
      "filled",
      "0.02",
      "60002.5",
      "0",
    ]);
    const position = await positionOf(res.body.data.order.id);
    expect([n(position?.quantity), n(position?.entryPrice), n(position?.margin), n(position?.fees)]).toEqual([
      "0.02",
      "60002.5",
      "120.005",
      "0.42001",
    ]);
    expect(await usdt(buyer.user.id)).toEqual({ available: "9879.57499", frozen: "120.005" });
  });

  it("drops what a market order cannot fill: its position is what the book had", async () => {
    const setCap = async (maxSize: string | null) => {
      await db()
        .update(tradingParams)
        .set({ liquidityMaxSize: maxSize })
        .where(eq(tradingParams.code, "btc/usdt"));
      forgetTradingTerms();
    };
    feed.setSpread(10);
    feed.set("btc/usdt", 60000); // asks 60,010.00, 60,010.01, … 20 levels quoted
    await setCap("0.001");
    try {
      const buyer = await customer();
      const res = await contract(buyer.token, { side: "buy", type: "market", quantity: "0.03" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // 0.001 at each of the 20 levels; the other 0.01 is dropped, nothing rests.
      expect(res.body.data.order).toMatchObject({
        status: "cancelled",
        filled_quantity: "0.02",
        fill_price: "60010.095",
        frozen: "0",
      });
      const position = await positionOf(res.body.data.order.id);
      expect([n(position?.quantity), n(position?.entryPrice), n(position?.margin)]).toEqual([
        "0.02",
        "60010.095",
        "120.02019",
      ]);
      expect((await usdt(buyer.user.id)).frozen).toBe("120.02019");
    } finally {
      await setCap(null);
    }
  });

  it("stops a customer's order from meeting their own resting order (the resting one is cancelled)", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const me = await customer();
    const rest = await contract(me.token, { type: "limit", side: "sell", quantity: "0.01", price: "60000" });
    const take = await contract(me.token, { side: "buy", type: "market", quantity: "0.01" });
    expect(take.body.data.order).toMatchObject({ status: "filled", fill_price: "60010" });
    expect((await orderRow(rest.body.data.order.id))?.status).toBe("cancelled");
    // Only the new long's margin is frozen.
    expect((await usdt(me.user.id)).frozen).toBe("60.01");
  });

  it("keeps each delivery contract on its own book, apart from the perpetual", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const seller = await customer();
    const buyer = await customer();
    const weekly = await contract(seller.token, {
      contract_type: "weekly",
      type: "limit",
      side: "sell",
      quantity: "0.01",
      price: "60000",
    });
    const perpetual = await contract(buyer.token, { side: "buy", type: "market", quantity: "0.01" });
    expect(perpetual.body.data.order).toMatchObject({ status: "filled", fill_price: "60010" });
    const same = await contract(buyer.token, {
      contract_type: "weekly",
      side: "buy",
      type: "market",
      quantity: "0.01",
    });
    expect(same.body.data.order).toMatchObject({ status: "filled", fill_price: "60000" });
    expect(same.body.data.position).toMatchObject({ contract_type: "weekly" });
    expect((await orderRow(weekly.body.data.order.id))?.status).toBe("filled");
  });

  it("cancels a delivery contract's resting orders at its expiry, returning their margin", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const me = await customer();
    const res = await contract(me.token, {
      contract_type: "weekly",
      type: "limit",
      side: "buy",
      quantity: "0.01",
      price: "59000",
    });
    expect(res.body.data.order.status).toBe("open");
    // Its expiry comes (as the delivery test does, by moving it).
    await db()
      .update(orders)
      .set({ expiry: new Date(Date.now() - 1000) })
      .where(eq(orders.id, res.body.data.order.id));
    feed.set("btc/usdt", 58000); // it would fill now, were it still on the book
    await riskPass(t().platform.trading);
    const row = await orderRow(res.body.data.order.id);
    expect([row?.status, n(row?.filledQuantity)]).toEqual(["cancelled", "0"]);
    expect(await usdt(me.user.id)).toEqual({ available: "10000", frozen: "0" });
  });

  it("refuses an order that would open past its liquidation price at the price the book fills it at", async () => {
    const buyer = await customer();
    // A book far above the mark: at 100x, a long bought at 61,000 is past its liquidation price
    // at the mark of 60,000 before it opens.
    feed.setSpread(1000);
    feed.set("btc/usdt", 60000); // asks from 61,000
    const res = await contract(buyer.token, { side: "buy", type: "market", quantity: "0.01", leverage: 100 });
    expect(res.status).toBe(422);
    expect(res.body.errors.leverage[0]).toMatch(/liquidat/i);
    expect(await usdt(buyer.user.id)).toEqual({ available: "10000", frozen: "0" });
  });
});

describe("contract execution rules, over random order flows", () => {
  it("fill only at makers' prices, never beyond a limit; frozen margin is what open orders and positions hold", async () => {
    feed.setSpread(20);
    feed.set("eth/usdt", 3000);
    const traders = [await customer("50000"), await customer("50000"), await customer("50000")];
    const command = fc.record({
      who: fc.integer({ min: 0, max: 2 }),
      side: fc.constantFrom("buy", "sell"),
      type: fc.constantFrom("limit", "limit", "market"),
      // Around the spread (2,980 – 3,020) so orders rest, cross and meet each other.
      price: fc.integer({ min: 298_000, max: 302_000 }).map((c) => (c / 100).toFixed(2)),
      quantity: fc.integer({ min: 1, max: 3000 }).map((q) => (q / 1000).toFixed(3)),
      leverage: fc.integer({ min: 1, max: 20 }),
      move: fc.option(fc.integer({ min: 2980, max: 3020 }), { freq: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (flow) => {
        const placed: number[] = [];
        await Promise.all(
          flow.map(async (c) => {
            if (c.move !== null) feed.set("eth/usdt", c.move);
            const account = traders[c.who] as (typeof traders)[number];
            const res = await contract(account.token, {
              code: "eth/usdt",
              side: c.side,
              type: c.type,
              quantity: c.quantity,
              leverage: c.leverage,
              ...(c.type === "limit" ? { price: c.price } : {}),
            });
            // A refusal is only ever "not enough margin", never an error.
            if (res.status !== 200)
              expect(res.body.errors?.quantity).toEqual([
                "Not enough available USDT for the margin and the fee",
              ]);
            else placed.push(res.body.data.order.id);
          }),
        );
        await engine().sync();
        for (const id of placed) {
          const order = await orderRow(id);
          const fills = await db()
            .select()
            .from(trades)
            .where(
              and(
                eq(trades.market, "contract"),
                or(eq(trades.takerOrderId, id), eq(trades.makerOrderId, id)),
              ),
            );
          const filled = fills.reduce((sum, f) => sum.plus(f.quantity), new Decimal(0));
          expect(filled.toFixed()).toBe(n(order?.filledQuantity));
          for (const fill of fills) {
            if (order?.price) {
              if (order.side === "buy") expect(Number(fill.price)).toBeLessThanOrEqual(Number(order.price));
              else expect(Number(fill.price)).toBeGreaterThanOrEqual(Number(order.price));
            }
            if (fill.makerOrderId === id && order?.price)
              expect(Number(fill.price)).toBe(Number(order.price));
          }
          if (order?.status === "open")
            expect(new Decimal(order.filledQuantity).lt(order.quantity)).toBe(true);
          // What filled is the order's position, at the average fill price (nothing closes here).
          const position = await positionOf(id);
          if (filled.gt(0)) {
            expect([n(position?.quantity), n(position?.entryPrice)]).toEqual([
              filled.toFixed(),
              n(order?.fillPrice),
            ]);
            expect(order?.positionId).toBe(position?.id);
          } else expect(position).toBeUndefined();
        }
        // What each customer holds frozen is exactly what their open orders and positions hold.
        for (const { user } of traders) {
          const open = await db()
            .select()
            .from(orders)
            .where(and(eq(orders.userId, user.id), eq(orders.status, "open")));
          const held = await db()
            .select()
            .from(positions)
            .where(and(eq(positions.userId, user.id), eq(positions.status, "open")));
          const frozen = [...open.map((o) => o.frozen), ...held.map((p) => p.margin)].reduce(
            (sum: Decimal, v) => sum.plus(v),
            new Decimal(0),
          );
          expect((await usdt(user.id)).frozen).toBe(frozen.toFixed());
        }
        expect((await auditLedger(db())).findings).toEqual([]);
      }),
      { numRuns: 10 },
    );
    // The flows did what they are for: customers' orders met each other, not only the liquidity.
    const between = await db()
      .select()
      .from(trades)
      .where(and(eq(trades.market, "contract"), eq(trades.code, "eth/usdt")));
    expect(between.filter((x) => x.makerUserId !== null && x.takerUserId !== null).length).toBeGreaterThan(5);
    // (The liquidity meeting a resting customer order when the feed moves through it depends on
    // the random moves, and some seeds make none (CI saw one): "fills a marketable limit at the
    // book's prices, rests the rest at its limit, and fills that when met" shows it every time.)
  }, 240_000);
});

describe("the engine's log", () => {
  // Runs last: it replays everything the tests above did, contract batches included.
  it("replays contract batches into a fresh engine with the same fills, orders and balances", async () => {
    await engine().idle();
    const report = await replaySpotLog(db());
    expect(report.differences).toEqual([]);
    const stored = await db().select().from(trades).where(eq(trades.market, "contract"));
    expect(stored.length).toBeGreaterThan(10);
    expect(report.trades).toBeGreaterThanOrEqual(stored.length);
  });
});
