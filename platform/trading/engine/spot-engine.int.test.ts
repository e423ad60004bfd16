import Decimal from "decimal.js";
import { desc, eq, or } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fundedCustomer } from "../../../tests/support/accounts.ts";
import { setLiquidityCap } from "../../../tests/support/liquidity.ts";
import { onScriptedMarket } from "../../../tests/support/scripted-market.ts";
import { auditLedger } from "../../ledger/audit.ts";
import { balanceOf } from "../../ledger/ledger.ts";
import { forgetTradingTerms, requireParams } from "../contracts.ts";
import { orders, trades, tradingParams } from "../tables.ts";
import { replaySpotLog } from "./replay.ts";
import { createSpotEngine } from "./spot-engine.ts";

/**
 * The spot engine with a real database: customers' orders meet each other and the liquidity
 * account's quotes (the scripted feed's book: best ask = price + spread, best bid = price −
 * spread, then a level per tick, 100 each), always at the resting order's price.
 */
const market = onScriptedMarket({ "btc/usdt": 60000, "eth/usdt": 3000 });
const feed = market.feed;
const t = market.platform;

const db = () => t().platform.deps.db;
const customer = (coins: Record<string, string> = { USDT: "100000", BTC: "10" }) =>
  fundedCustomer(t(), "spot", coins);
const spot = (token: string, body: Record<string, unknown>) =>
  t().api("/spot/order", { method: "POST", json: { code: "btc/usdt", ...body }, token });
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const balance = async (userId: number, coin: string) => {
  const b = await balanceOf(db(), userId, "spot", coin);
  return { available: b.available.toFixed(), frozen: b.frozen.toFixed() };
};

describe("the spot order book", () => {
  it("lists an order's fills with their role on its details (partial fills, issue 17 screens)", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const seller = await customer();
    const buyer = await customer();
    const rest = await spot(seller.token, { type: "limit", side: "sell", quantity: "0.02", price: "60000" });
    const take = await spot(buyer.token, { side: "buy", quantity: "0.005" });
    const details = async (token: string, id: number) =>
      (await t().api(`/trade/order?id=${id}`, { token })).body.data;
    const made = await details(seller.token, rest.body.data.id);
    expect(made.order).toMatchObject({ status: "open", filled_quantity: "0.005", fill_price: "60000" });
    expect(made.fills).toEqual([
      {
        id: expect.any(Number),
        price: "60000",
        quantity: "0.005",
        fee: "0.3",
        role: "maker",
        time: expect.any(String),
      },
    ]);
    const took = await details(buyer.token, take.body.data.id);
    expect(took.fills).toEqual([{ ...made.fills[0], fee: "0.000005", role: "taker" }]);
    // Nobody else's order: the details of another customer's order are not found.
    expect((await t().api(`/trade/order?id=${rest.body.data.id}`, { token: buyer.token })).status).toBe(404);
    await t().api("/spot/cancel", { method: "POST", json: { id: rest.body.data.id }, token: seller.token });
  });

  it("puts a customer's limit inside the spread on the book, and another customer's order fills it at that price", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000); // bid 59990, ask 60010
    const seller = await customer();
    const buyer = await customer();
    const rest = await spot(seller.token, { type: "limit", side: "sell", quantity: "0.02", price: "60000" });
    expect(rest.body.data).toMatchObject({ status: "open", filled_quantity: "0", frozen: "0.02" });
    expect(t().platform.trading.spot.depth("btc/usdt")?.asks[0]).toEqual({
      price: "60000",
      quantity: "0.02",
    });
    // The public book shows it, ahead of the reference feed's best ask.
    const publicAsks = async () =>
      (await t().api("/market/depth?code=btc/usdt")).body.data.asks
        .slice(0, 2)
        .map((l: { price: string; totalSize: string }) => [l.price, l.totalSize]);
    await expect.poll(publicAsks).toEqual([
      ["60000.00", "0.020"],
      ["60010.00", "100.000"],
    ]);

    const take = await spot(buyer.token, { side: "buy", quantity: "0.005" });
    // The buyer meets the seller's 60,000 before the liquidity's 60,010.
    expect(take.body.data).toMatchObject({ status: "filled", filled_quantity: "0.005", fill_price: "60000" });
    const [maker] = await db().select().from(orders).where(eq(orders.id, rest.body.data.id));
    expect([maker?.status, Number(maker?.filledQuantity), Number(maker?.fillPrice)]).toEqual([
      "open",
      0.005,
      60000,
    ]);
    // 0.005 × 60,000 = 300 USDT, less the 0.1 % fee on what each receives.
    expect(await balance(seller.user.id, "USDT")).toEqual({ available: "100299.7", frozen: "0" });
    expect(await balance(seller.user.id, "BTC")).toEqual({ available: "9.98", frozen: "0.015" });
    expect(await balance(buyer.user.id, "USDT")).toEqual({ available: "99700", frozen: "0" });
    expect(await balance(buyer.user.id, "BTC")).toEqual({ available: "10.004995", frozen: "0" });
    const [trade] = await db().select().from(trades).where(eq(trades.takerOrderId, take.body.data.id));
    expect(trade).toMatchObject({
      makerOrderId: rest.body.data.id,
      makerUserId: seller.user.id,
      takerSide: "buy",
    });
    // The trade is on the public tape, at the instrument's precision.
    await expect
      .poll(async () =>
        (await t().api("/market/trades?code=btc/usdt&limit=50")).body.data.some(
          (x: { price: string; amount: string; direction: string }) =>
            x.price === "60000.00" && x.amount === "0.005" && x.direction === "buy",
        ),
      )
      .toBe(true);
    await t().api("/spot/cancel", { method: "POST", json: { id: rest.body.data.id }, token: seller.token });
    expect(await balance(seller.user.id, "BTC")).toEqual({ available: "9.995", frozen: "0" });
  });

  it("fills an order across several prices, best first, and reports the average", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000); // asks 60010, 60010.01, …
    const a = await customer();
    const b = await customer();
    const buyer = await customer();
    await spot(a.token, { type: "limit", side: "sell", quantity: "0.01", price: "60000" });
    await spot(b.token, { type: "limit", side: "sell", quantity: "0.01", price: "60005" });
    const res = await spot(buyer.token, { type: "limit", side: "buy", quantity: "0.03", price: "60010" });
    // 0.01 at 60,000, 0.01 at 60,005 and 0.01 at 60,010 (the liquidity): 60,005 on average.
    expect(res.body.data).toMatchObject({ status: "filled", filled_quantity: "0.03", fill_price: "60005" });
    expect(await balance(buyer.user.id, "USDT")).toEqual({ available: "98199.85", frozen: "0" });
  });

  it("quotes the liquidity within the operator's limits: a spread outside the feed, a size cap per level", async () => {
    const setLimits = async (spread: string, maxSize: string | null) => {
      await db()
        .update(tradingParams)
        .set({ liquiditySpread: spread, liquidityMaxSize: maxSize })
        .where(eq(tradingParams.code, "btc/usdt"));
      forgetTradingTerms();
    };
    feed.setSpread(10);
    feed.set("btc/usdt", 70000); // the feed's asks: 70010.00, 70010.01, 70010.02, … (100 each)
    await setLimits("0.001", "0.05");
    try {
      const buyer = await customer();
      const res = await spot(buyer.token, { side: "buy", quantity: "0.12" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // Independently: each ask 0.1 % higher, rounded up to the 0.01 tick; 0.05 a level at most.
      const ask = (i: number) =>
        new Decimal(70010)
          .plus(new Decimal(i).div(100))
          .mul("1.001")
          .toDecimalPlaces(2, Decimal.ROUND_UP)
          .toFixed();
      const fills = await db()
        .select({ price: trades.price, quantity: trades.quantity })
        .from(trades)
        .where(eq(trades.takerOrderId, res.body.data.id))
        .orderBy(trades.id);
      expect(fills.map((f) => [new Decimal(f.price).toFixed(), new Decimal(f.quantity).toFixed()])).toEqual([
        [ask(0), "0.05"],
        [ask(1), "0.05"],
        [ask(2), "0.02"],
      ]);
      // The public engine book shows the capped levels.
      expect(t().platform.trading.spot.depth("btc/usdt")?.asks[0]).toEqual({
        price: ask(2),
        quantity: "0.03",
      });
    } finally {
      await setLimits("0", null);
    }
  });

  it("fills a resting buy at its own price when the market falls through it", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const buyer = await customer({ USDT: "1000" });
    const res = await spot(buyer.token, { type: "limit", side: "buy", quantity: "0.01", price: "59995" });
    expect(res.body.data).toMatchObject({ status: "open", frozen: "599.95" });
    feed.set("btc/usdt", 59000); // asks from 59,010: far below the customer's limit
    await t().platform.trading.spot.sync();
    const [row] = await db().select().from(orders).where(eq(orders.id, res.body.data.id));
    expect([row?.status, Number(row?.fillPrice)]).toEqual(["filled", 59995]);
    expect(await balance(buyer.user.id, "USDT")).toEqual({ available: "400.05", frozen: "0" });
    expect(await balance(buyer.user.id, "BTC")).toEqual({ available: "0.00999", frozen: "0" });
  });

  it("gives two customers' identical orders identical fills", async () => {
    feed.setSpread(5);
    feed.set("btc/usdt", 60000);
    const one = await customer();
    const two = await customer();
    const [a, b] = await Promise.all([
      spot(one.token, { side: "buy", quantity: "0.5" }),
      spot(two.token, { side: "buy", quantity: "0.5" }),
    ]);
    const view = (o: Record<string, unknown>) => [o.status, o.filled_quantity, o.fill_price, o.fee];
    expect(view(a.body.data)).toEqual(view(b.body.data));
    expect(await balance(one.user.id, "USDT")).toEqual(await balance(two.user.id, "USDT"));
  });

  it("refuses a price off the tick grid, saying the tick, and changes nothing", async () => {
    const seller = await customer();
    const res = await spot(seller.token, {
      type: "limit",
      side: "sell",
      quantity: "0.01",
      price: "60000.001",
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.price).toEqual(["The price must be a multiple of 0.01"]);
    expect(await balance(seller.user.id, "BTC")).toEqual({ available: "10", frozen: "0" });
  });

  it("stops a customer's order from trading with their own resting order (the resting one is cancelled)", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const me = await customer();
    const rest = await spot(me.token, { type: "limit", side: "sell", quantity: "0.01", price: "60000" });
    const take = await spot(me.token, { side: "buy", quantity: "0.01" });
    expect(take.body.data).toMatchObject({ status: "filled", fill_price: "60010" });
    const [row] = await db().select().from(orders).where(eq(orders.id, rest.body.data.id));
    expect(row?.status).toBe("cancelled");
    expect((await balance(me.user.id, "BTC")).frozen).toBe("0");
  });
});

describe("market price protection (a band around the mark)", () => {
  const setCap = (maxSize: string | null) => setLiquidityCap(db(), "btc/usdt", maxSize);
  const fillsOf = async (orderId: number) =>
    (
      await db()
        .select({ price: trades.price, quantity: trades.quantity })
        .from(trades)
        .where(eq(trades.takerOrderId, orderId))
        .orderBy(trades.id)
    ).map((f) => [new Decimal(f.price).toFixed(), new Decimal(f.quantity).toFixed()]);

  it("stops a market sell at 5 % below the mark: a stray bid far below never fills, one within the band does", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000); // the mark 60,000: a sell stops at 57,000
    const stray = await customer();
    const near = await customer();
    const seller = await customer();
    const far = await spot(stray.token, { type: "limit", side: "buy", quantity: "0.01", price: "10000" });
    expect(far.body.data.status).toBe("open");
    await setCap("0.001");
    try {
      feed.set("btc/usdt", 60000); // re-quoted within the cap: 0.001 at each of 20 bids
      // The liquidity's 0.02 fills, at its prices; the rest is dropped, not sold at 10,000.
      const sell = await spot(seller.token, { side: "sell", quantity: "0.05" });
      expect(sell.status, JSON.stringify(sell.body)).toBe(200);
      expect(sell.body.data).toMatchObject({ status: "cancelled", filled_quantity: "0.02" });
      // It says what it did: not "Order placed" for an order already over.
      expect(sell.body.message).toBe(
        "Filled 0.02 of 0.05 at an average 59,989.905: the rest found no price near the market and was cancelled",
      );
      const fills = await fillsOf(sell.body.data.id);
      expect(fills).toHaveLength(20);
      expect(fills[0]).toEqual(["59990", "0.001"]);
      expect(fills.at(-1)).toEqual(["59989.81", "0.001"]);
      // Nothing within the band now: refused, saying so; the stray bid stays as it was.
      const again = await spot(seller.token, { side: "sell", quantity: "0.01" });
      expect(again.status).toBe(503);
      expect(again.body.errors.quantity).toEqual([
        "No buyer or seller within 5% of the market price right now: nothing was filled; place a limit order instead",
      ]);
      expect((await orderRow(far.body.data.id))?.status).toBe("open");
      expect(await balance(stray.user.id, "BTC")).toEqual({ available: "10", frozen: "0" });
      // A bid within the band (57,500 ≥ 57,000) fills at its own price, as before.
      const inside = await spot(near.token, { type: "limit", side: "buy", quantity: "0.01", price: "57500" });
      const taken = await spot(seller.token, { side: "sell", quantity: "0.02" });
      expect(taken.body.data).toMatchObject({
        status: "cancelled",
        filled_quantity: "0.01",
        fill_price: "57500",
      });
      expect((await orderRow(inside.body.data.id))?.status).toBe("filled");
    } finally {
      await setCap(null);
      await t().api("/spot/cancel", { method: "POST", json: { id: far.body.data.id }, token: stray.token });
    }
  });

  it("keeps a market order with nothing at all to take refused as before (no liquidity, not the band)", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    await setCap("0.001");
    try {
      feed.set("btc/usdt", 60000);
      const seller = await customer();
      await spot(seller.token, { side: "sell", quantity: "0.02" }); // takes every bid
      const none = await spot(seller.token, { side: "sell", quantity: "0.01" });
      expect(none.status).toBe(503);
      expect(none.body.errors.quantity).toEqual([
        "Nobody is buying or selling at any price right now: place a limit order instead",
      ]);
    } finally {
      await setCap(null);
    }
  });
});

describe("the engine's state", () => {
  it("is rebuilt exactly from the database by a new instance, which then fills against it", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const seller = await customer();
    const rest = await spot(seller.token, { type: "limit", side: "sell", quantity: "0.02", price: "60001" });
    await spot(seller.token, { type: "limit", side: "buy", quantity: "0.01", price: "59992" });
    // A second instance on the same database (another process, or this one restarted).
    const other = createSpotEngine({ db: db(), bus: t().platform.bus, view: t().platform.market.view });
    await other.sync();
    const customerLevels = (engine: typeof other) => {
      const d = engine.depth("btc/usdt");
      return {
        asks: d?.asks.filter((l) => l.price === "60001"),
        bids: d?.bids.filter((l) => l.price === "59992"),
      };
    };
    expect(customerLevels(other)).toEqual(customerLevels(t().platform.trading.spot));
    const buyer = await customer();
    const params = await requireParams(db(), "btc/usdt", "spot");
    const filled = await other.place({
      userId: buyer.user.id,
      code: "btc/usdt",
      type: "market",
      side: "buy",
      quantity: new Decimal("0.02"),
      params,
    });
    expect([filled.status, Number(filled.fillPrice)]).toEqual(["filled", 60001]);
    // The first instance sees the batch counter moved, rebuilds, and no longer has the order.
    await t().platform.trading.spot.sync();
    expect(customerLevels(t().platform.trading.spot).asks).toEqual([]);
    const [row] = await db().select().from(orders).where(eq(orders.id, rest.body.data.id));
    expect(row?.status).toBe("filled");
  });
});

describe("a batch that fails after its write", () => {
  /** Two customers' market buys of 0.01 BTC through `engine`, at a market of 60,000. */
  async function twoBuys(engine: ReturnType<typeof createSpotEngine>) {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const buyers = [await customer(), await customer()];
    const params = await requireParams(db(), "btc/usdt", "spot");
    const answers = await Promise.allSettled(
      buyers.map(({ user }) =>
        engine.place({
          userId: user.id,
          code: "btc/usdt",
          type: "market",
          side: "buy",
          quantity: new Decimal("0.01"),
          params,
        }),
      ),
    );
    return { buyers, answers };
  }

  /** Each buyer answered with the order as stored, placed (and paid for) once; the ledger clean. */
  async function expectPlacedOnce({ buyers, answers }: Awaited<ReturnType<typeof twoBuys>>) {
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "fulfilled"]);
    for (const [i, { user }] of buyers.entries()) {
      const stored = await db().select().from(orders).where(eq(orders.userId, user.id));
      // Run again command by command, each would have been placed (and paid for) twice.
      expect(stored).toHaveLength(1);
      const answer = answers[i] as PromiseFulfilledResult<typeof orders.$inferSelect>;
      expect([answer.value.id, answer.value.status]).toEqual([stored[0]?.id, "filled"]);
      expect((await balance(user.id, "BTC")).available).toBe(new Decimal("10.01").minus("0.00001").toFixed());
    }
    expect((await auditLedger(db())).findings).toEqual([]);
    await t().platform.trading.spot.sync();
  }

  it("after its commit is never run again: its customers get their orders as stored, placed once", async () => {
    // Our own code throws once the batch has committed: here, the first notice going out.
    const platformBus = t().platform.bus;
    let failed = false;
    const bus = Object.create(platformBus) as typeof platformBus;
    bus.publish = (channel, event) => {
      if (!failed && channel.startsWith("account:")) {
        failed = true;
        throw new Error("the bus is down");
      }
      return platformBus.publish(channel, event);
    };
    const result = await twoBuys(createSpotEngine({ db: db(), bus, view: t().platform.market.view }));
    expect(failed).toBe(true);
    await expectPlacedOnce(result);
  });

  it("whose commit is lost is answered by what the database kept: placed once whether or not it committed", async () => {
    // The write went through, then the transaction fails as it ends: on PostgreSQL it rolls back
    // (nothing happened: each order runs again alone); the embedded database had committed with
    // the write (each order is answered as stored).
    const real = db();
    let lost = false;
    const lossy = Object.create(real) as typeof real;
    lossy.transaction = ((work: Parameters<typeof real.transaction>[0], config) =>
      real.transaction(async (tx) => {
        const result = await work(tx);
        if (!lost) {
          lost = true;
          throw new Error("the connection was lost");
        }
        return result;
      }, config)) as typeof real.transaction;
    const result = await twoBuys(
      createSpotEngine({ db: lossy, bus: t().platform.bus, view: t().platform.market.view }),
    );
    expect(lost).toBe(true);
    await expectPlacedOnce(result);
  });
});

describe("the execution rules, over random order flows", () => {
  it("fill only at the maker's price, never beyond the taker's limit, and keep every balance exact", async () => {
    feed.setSpread(20);
    feed.set("eth/usdt", 3000);
    const traders = [
      await customer({ USDT: "50000", ETH: "20" }),
      await customer({ USDT: "50000", ETH: "20" }),
      await customer({ USDT: "50000", ETH: "20" }),
    ];
    const command = fc.record({
      who: fc.integer({ min: 0, max: 2 }),
      side: fc.constantFrom("buy", "sell"),
      type: fc.constantFrom("limit", "limit", "market"),
      // Around the spread (2,980 – 3,020) so orders rest, cross and meet each other.
      price: fc.integer({ min: 298_000, max: 302_000 }).map((c) => (c / 100).toFixed(2)),
      quantity: fc.integer({ min: 1, max: 300 }).map((n) => (n / 100).toFixed(2)),
      move: fc.option(fc.integer({ min: 2980, max: 3020 }), { freq: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (flow) => {
        const placed: number[] = [];
        await Promise.all(
          flow.map(async (c) => {
            if (c.move !== null) feed.set("eth/usdt", c.move);
            const account = traders[c.who] as (typeof traders)[number];
            const res = await t().api("/spot/order", {
              method: "POST",
              json: {
                code: "eth/usdt",
                side: c.side,
                type: c.type,
                quantity: c.quantity,
                ...(c.type === "limit" ? { price: c.price } : {}),
              },
              token: account.token,
            });
            // A refusal is only ever "insufficient balance", never an error.
            if (res.status !== 200) expect(res.body.errors?.quantity).toEqual(["Insufficient balance"]);
            else placed.push(res.body.data.id);
          }),
        );
        await t().platform.trading.spot.sync();
        for (const id of placed) {
          const [order] = await db().select().from(orders).where(eq(orders.id, id));
          const fills = await db()
            .select()
            .from(trades)
            .where(or(eq(trades.takerOrderId, id), eq(trades.makerOrderId, id)));
          const filled = fills.reduce((sum, f) => sum.plus(f.quantity), new Decimal(0));
          expect(filled.toFixed()).toBe(new Decimal(order?.filledQuantity ?? 0).toFixed());
          for (const fill of fills) {
            // Never beyond the customer's limit, on either side of the trade.
            if (order?.price) {
              if (order.side === "buy") expect(Number(fill.price)).toBeLessThanOrEqual(Number(order.price));
              else expect(Number(fill.price)).toBeGreaterThanOrEqual(Number(order.price));
            }
            // A maker always trades at its own price.
            if (fill.makerOrderId === id && order?.price)
              expect(Number(fill.price)).toBe(Number(order.price));
          }
          if (order?.status === "open")
            expect(new Decimal(order.filledQuantity).lt(order.quantity)).toBe(true);
        }
        // What each customer holds frozen is exactly what their open orders still hold.
        for (const { user } of traders) {
          const open = await db().select().from(orders).where(eq(orders.userId, user.id));
          const held = (coin: string) =>
            open
              .filter((o) => o.status === "open" && (o.side === "buy" ? "USDT" : "ETH") === coin)
              .reduce((sum, o) => sum.plus(o.frozen), new Decimal(0))
              .toFixed();
          expect((await balance(user.id, "USDT")).frozen).toBe(held("USDT"));
          expect((await balance(user.id, "ETH")).frozen).toBe(held("ETH"));
        }
        expect((await auditLedger(db())).findings).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});

describe("batches that overlap (one writing while the next waits for its lock)", () => {
  it("answer every order as it ran: a customer who cannot pay is refused alone, the others fill", async () => {
    feed.set("btc/usdt", 60000);
    const rich = await Promise.all(Array.from({ length: 12 }, () => customer({ USDT: "10000" })));
    // Enough for one 0.01 BTC buy (about 600 USDT), not for two.
    const poor = await customer({ USDT: "700" });
    const buy = (token: string) => spot(token, { side: "buy", type: "market", quantity: "0.01" });
    // Each customer sends the next order as soon as the last is answered, so orders keep
    // arriving while batches commit.
    const answers = await Promise.all(
      [...rich, poor].map(async ({ token }) => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await buy(token)).status);
        return statuses;
      }),
    );
    for (const statuses of answers.slice(0, -1)) expect(statuses).toEqual([200, 200, 200, 200]);
    expect(answers.at(-1)).toEqual([200, 422, 422, 422]);
    for (const { user } of rich) expect((await balance(user.id, "BTC")).available).toBe("0.03996");
    expect((await balance(poor.user.id, "BTC")).available).toBe("0.00999");
  });
});

describe("the engine's log", () => {
  // Runs last: it replays everything the tests above did (two instances, rebuilds, random flows).
  it("replayed into a fresh engine gives the same fills, orders and balances", async () => {
    await t().platform.trading.spot.idle();
    const report = await replaySpotLog(db());
    expect(report.differences).toEqual([]);
    expect(report.trades).toBeGreaterThan(20);

    // It would see a difference: one trade's price changed behind the engine's back.
    const [last] = await db().select().from(trades).orderBy(desc(trades.id)).limit(1);
    if (!last) throw new Error("no trades");
    await db()
      .update(trades)
      .set({ price: new Decimal(last.price).plus(1).toFixed() })
      .where(eq(trades.id, last.id));
    const tampered = await replaySpotLog(db());
    expect(tampered.differences).toEqual([expect.stringMatching(new RegExp(`^trade ${last.id} differs`))]);
    await db().update(trades).set({ price: last.price }).where(eq(trades.id, last.id));
  });
});
