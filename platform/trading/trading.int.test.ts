import Decimal from "decimal.js";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { createScriptedFeed } from "../../tests/support/scripted-feed.ts";
import { auditLedger } from "../ledger/audit.ts";
import { balanceOf, post, transfer } from "../ledger/ledger.ts";
import { markAt, payFunding } from "./funding.ts";
import { FUNDING_INTERVAL_MS } from "./math.ts";
import { riskPass } from "./risk.ts";
import { fundingPayments, orders, positions } from "./tables.ts";

const feed = createScriptedFeed({ "btc/usdt": 60000, "eth/usdt": 3000 });
let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({}, { marketFeed: feed });
  await t.marketReady();
});
afterEach(async () => {
  const audit = await auditLedger(t.platform.deps.db);
  expect(audit.findings).toEqual([]);
});
afterAll(() => t?.close());

const db = () => t.platform.deps.db;
async function trader(usdt = "10000") {
  const account = await registerByEmail(t);
  await db().transaction((tx) =>
    post(tx, {
      kind: "deposit",
      postings: transfer(
        { platform: "deposits" },
        { user: account.user.id, wallet: "contract" },
        "USDT",
        usdt,
      ),
    }),
  );
  return account;
}
const contractUsdt = async (userId: number) => {
  const b = await balanceOf(db(), userId, "contract", "USDT");
  return { available: b.available.toFixed(), frozen: b.frozen.toFixed() };
};
const order = (token: string, body: Record<string, unknown>) =>
  t.api("/contract/order", { method: "POST", json: body, token });

describe("contract orders", () => {
  it("opens a leveraged long at the best ask: margin frozen, taker fee paid, the tick recorded", async () => {
    feed.set("btc/usdt", 60000);
    const { token, user } = await trader();
    const res = await order(token, { code: "BTC/USDT", side: "buy", quantity: "0.5", leverage: 20 });
    expect(res.body.message).toBe("Order placed");
    const { order: o, position: p } = res.body.data;
    expect(o).toMatchObject({ status: "filled", fill_price: "60000", fee: "15", type: "market" });
    expect(o.fill_tick_time).toBeGreaterThan(Date.now() - 60_000);
    expect(p).toMatchObject({
      side: "buy",
      quantity: "0.5",
      entry_price: "60000",
      leverage: 20,
      margin: "1500.00000000",
    });
    // Long at 20x, mmr 0.5 %: (30,000 − 1,500) / (0.5 × 0.995) = 57,286.43…
    expect(Number(p.liquidation_price)).toBeCloseTo(57286.43, 1);
    expect(await contractUsdt(user.id)).toEqual({ available: "8485", frozen: "1500" });
  });

  it("shows the PnL move and closes in two parts, paying out margin ± PnL − fee", async () => {
    feed.set("eth/usdt", 3000);
    const { token, user } = await trader("1000");
    const { position } = (await order(token, { code: "eth/usdt", side: "sell", quantity: "2", leverage: 10 }))
      .body.data;
    expect(await contractUsdt(user.id)).toEqual({ available: "397", frozen: "600" });
    feed.set("eth/usdt", 2900);
    const [open] = (await t.api("/contract/positions", { token })).body.data;
    expect(open).toMatchObject({ mark_price: "2900", pnl: "200.00000000", roe: "33.33" });
    const half = await t.api("/contract/close", {
      method: "POST",
      json: { position_id: position.id, quantity: "1" },
      token,
    });
    // Half the margin (300) + PnL 100 − fee 1 × 2,900 × 0.05 % (1.45).
    expect(half.body.data).toEqual({ quantity: "1", pnl: "100", fee: "1.45", payout: "398.55" });
    feed.set("eth/usdt", 3100);
    const rest = await t.api("/contract/close", {
      method: "POST",
      json: { position_id: position.id },
      token,
    });
    expect(rest.body.data).toEqual({ quantity: "1", pnl: "-100", fee: "1.55", payout: "198.45" });
    expect(await contractUsdt(user.id)).toEqual({ available: "994", frozen: "0" });
    const history = (await t.api("/contract/history", { token })).body.data.list;
    expect(history[0]).toMatchObject({
      id: position.id,
      order_id: position.order_id,
      status: "closed",
      quantity: "0",
      closed_quantity: "2",
      realized_pnl: "0.00000000",
      close_price: "3100",
    });
  });

  it("refuses a close of more than the position holds, and closes nothing", async () => {
    // A customer typing 0.02 into "Close part" of a 0.01 position meant a part: closing all of it
    // at market without asking was not what they asked for.
    feed.set("eth/usdt", 3000);
    const { token, user } = await trader("1000");
    const { position } = (
      await order(token, { code: "eth/usdt", side: "buy", quantity: "0.5", leverage: 10 })
    ).body.data;
    const before = await contractUsdt(user.id);
    for (const quantity of ["0.6", "0.5000001", "1000000"]) {
      const res = await t.api("/contract/close", {
        method: "POST",
        json: { position_id: position.id, quantity },
        token,
        lang: "es",
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        quantity: ["Tu posición es de 0,50; cierra como máximo esa cantidad"],
      });
    }
    const [open] = (await t.api("/contract/positions", { token })).body.data;
    expect(open).toMatchObject({ id: position.id, quantity: "0.5" });
    expect(await contractUsdt(user.id)).toEqual(before);
    // All of it, named exactly, still closes.
    const all = await t.api("/contract/close", {
      method: "POST",
      json: { position_id: position.id, quantity: "0.5" },
      token,
    });
    expect(all.body.data).toMatchObject({ quantity: "0.5" });
  });

  it("rests a limit order with its margin frozen, fills it when the mark crosses, or cancels it", async () => {
    feed.set("btc/usdt", 60000);
    const { token, user } = await trader("5000");
    const placed = (
      await order(token, {
        code: "btc/usdt",
        type: "limit",
        side: "buy",
        price: "59000",
        quantity: "0.1",
        leverage: 10,
      })
    ).body.data.order;
    // Margin 590 + maker fee 0.02 % of 5,900 (1.18).
    expect(placed).toMatchObject({ status: "open", frozen: "591.18" });
    expect(await contractUsdt(user.id)).toEqual({ available: "4408.82", frozen: "591.18" });
    await riskPass(t.platform.trading);
    expect((await t.api("/contract/orders?status=open", { token })).body.data.list).toHaveLength(1);
    feed.set("btc/usdt", 58990);
    await Promise.all([riskPass(t.platform.trading), riskPass(t.platform.trading)]);
    const [position] = (await t.api("/contract/positions", { token })).body.data;
    expect(position).toMatchObject({ entry_price: "59000", quantity: "0.1", margin: "590.00000000" });
    expect(await contractUsdt(user.id)).toEqual({ available: "4408.82", frozen: "590" });

    const second = (
      await order(token, {
        code: "btc/usdt",
        type: "limit",
        side: "sell",
        price: "65000",
        quantity: "0.1",
        leverage: 5,
      })
    ).body.data.order;
    const cancelled = await t.api("/contract/cancel", { method: "POST", json: { id: second.id }, token });
    expect(cancelled.body.data.status).toBe("cancelled");
    expect(await contractUsdt(user.id)).toEqual({ available: "4408.82", frozen: "590" });
    const again = await t.api("/contract/cancel", { method: "POST", json: { id: second.id }, token });
    expect(again.status).toBe(404);
  });

  it("triggers take-profit, stop-loss and liquidation on the mark price, each exactly once", async () => {
    feed.set("eth/usdt", 3000);
    const { token, user } = await trader("3000");
    const tp = (
      await order(token, {
        code: "eth/usdt",
        side: "buy",
        quantity: "1",
        leverage: 10,
        take_profit: "3100",
        stop_loss: "2900",
      })
    ).body.data.position;
    const sl = (
      await order(token, { code: "eth/usdt", side: "sell", quantity: "1", leverage: 10, stop_loss: "3050" })
    ).body.data.position;
    const liq = (await order(token, { code: "eth/usdt", side: "buy", quantity: "1", leverage: 50 })).body.data
      .position;
    // Long 50x at 3,000, ETH's maintenance rate 0.5 %: (3,000 − 60) / 0.995 = 2,954.77…
    expect(Number(liq.liquidation_price)).toBeCloseTo(2954.77, 1);
    feed.set("eth/usdt", 3060);
    await Promise.all([riskPass(t.platform.trading), riskPass(t.platform.trading)]);
    feed.set("eth/usdt", 3100);
    await Promise.all([riskPass(t.platform.trading), riskPass(t.platform.trading)]);
    feed.set("eth/usdt", 2955);
    await Promise.all([riskPass(t.platform.trading), riskPass(t.platform.trading)]);
    expect(
      (await t.api("/contract/positions", { token })).body.data.map((p: { id: number }) => p.id),
    ).toEqual([liq.id]);
    feed.set("eth/usdt", 2954);
    await Promise.all([riskPass(t.platform.trading), riskPass(t.platform.trading)]);
    const rows = await db().select().from(positions).where(eq(positions.userId, user.id));
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    const outcome = (id: number) => [byId[id]?.status, Number(byId[id]?.closePrice)];
    expect(outcome(tp.id)).toEqual(["closed", 3100]);
    expect(outcome(sl.id)).toEqual(["closed", 3060]);
    expect(outcome(liq.id)).toEqual(["liquidated", 2954]);
    const detail = (await t.api(`/trade/order?id=${liq.order_id}`, { token })).body;
    expect(detail.status_code).toBe(200);
    expect(detail.data.position).toMatchObject({ id: liq.id, status: "liquidated" });
    expect(detail.data.closes).toEqual([
      expect.objectContaining({ reason: "liquidation", price: "2954", tick_time: expect.any(Number) }),
    ]);
    const closes = await t.api("/contract/history", { token });
    expect(closes.body.data.list).toHaveLength(3);
  });

  it("liquidates at the mark when the loss reaches the maintenance margin, and the loss stops at the margin", async () => {
    feed.set("btc/usdt", 60000);
    const { token, user } = await trader("1000");
    await order(token, { code: "btc/usdt", side: "buy", quantity: "0.1", leverage: 100 });
    // Margin 60, fee 3; the price gaps far below the liquidation price.
    feed.set("btc/usdt", 50000);
    await riskPass(t.platform.trading);
    expect((await t.api("/contract/positions", { token })).body.data).toEqual([]);
    expect(await contractUsdt(user.id)).toEqual({ available: "937", frozen: "0" });
  });

  it("never lets concurrent orders spend more margin than there is", async () => {
    feed.set("eth/usdt", 3000);
    const { token, user } = await trader("100");
    // Each order needs 30 margin + 0.15 fee: three fit in 100, not four.
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        order(token, { code: "eth/usdt", side: "buy", quantity: "0.1", leverage: 10 }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    expect(results.find((r) => r.status === 422)?.body.errors.quantity).toEqual([
      "Not enough available USDT for the margin and the fee",
    ]);
    expect(await contractUsdt(user.id)).toEqual({ available: "9.55", frozen: "90" });
  });

  it("refuses empty price, quantity and leverage each with its own message, and other bad orders", async () => {
    const { token } = await trader("100");
    const empty = await order(token, {
      code: "btc/usdt",
      type: "limit",
      side: "buy",
      price: "",
      quantity: "",
      leverage: "",
    });
    expect(empty.body.errors).toMatchObject({
      quantity: ["Quantity cannot be empty"],
      leverage: ["Leverage cannot be empty"],
    });
    const noPrice = await order(token, {
      code: "btc/usdt",
      type: "limit",
      side: "buy",
      quantity: "0.001",
      leverage: 5,
    });
    expect(noPrice.body.errors.price).toEqual(["Price cannot be empty"]);
    expect(
      (await order(token, { code: "btc/usdt", side: "buy", quantity: "0.001", leverage: 101 })).body.errors
        .leverage,
    ).toEqual(["The maximum leverage here is 100x"]);
    expect(
      (await order(token, { code: "eth/usdt", side: "buy", quantity: "0.0005", leverage: 5 })).body.errors
        .quantity,
    ).toEqual(["The minimum quantity is 0.001"]);
    expect(
      (await order(token, { code: "eth/usdt", side: "buy", quantity: "0.0015", leverage: 5 })).body.errors
        .quantity,
    ).toEqual(["Use multiples of 0.001"]);
    expect((await order(token, { code: "eth/usdt", side: "buy", quantity: "-1", leverage: 5 })).status).toBe(
      422,
    );
    expect((await order(token, { code: "eth/usdt", side: "buy", quantity: "1e3", leverage: 5 })).status).toBe(
      422,
    );
    feed.set("eth/usdt", 3000);
    expect(
      (
        await order(token, {
          code: "eth/usdt",
          side: "buy",
          quantity: "0.01",
          leverage: 5,
          take_profit: "2900",
        })
      ).body.errors.take_profit,
    ).toBeTruthy();
    expect(
      (await order(token, { code: "eth/usdt", side: "buy", quantity: "1", leverage: 5 })).body.errors
        .quantity,
    ).toBeTruthy();
  });

  it("refuses to trade on a stale price", async () => {
    const { token } = await trader("100");
    // dot/usdt never printed a price in this test.
    const res = await order(token, { code: "dot/usdt", side: "buy", quantity: "1", leverage: 5 });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe("Prices are not up to date right now; trading resumes as soon as they are");
  });

  it("pays funding every 8 hours once per position, from or into its margin", async () => {
    feed.set("btc/usdt", 60000);
    const long = await trader("10000");
    const short = await trader("10000");
    const lp = (await order(long.token, { code: "btc/usdt", side: "buy", quantity: "1", leverage: 10 })).body
      .data.position;
    const sp = (await order(short.token, { code: "btc/usdt", side: "sell", quantity: "0.5", leverage: 10 }))
      .body.data.position;
    const later = Date.now() + 8 * 3_600_000;
    // The mark of the funding time is the last price before it, from the saved candles.
    const fundingTime = Math.floor((later - 10_000) / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS;
    await expect.poll(() => markAt(db(), "btc/usdt", fundingTime), { timeout: 15_000 }).toBeDefined();
    await Promise.all([payFunding(t.platform.trading, later), payFunding(t.platform.trading, later)]);
    const payments = await db().select().from(fundingPayments);
    const mine = payments.filter((p) => p.positionId === lp.id || p.positionId === sp.id);
    expect(mine).toHaveLength(2);
    const rate = new Decimal(mine[0]?.rate ?? 0);
    expect(rate.gt(0)).toBe(true); // more long than short open interest: longs pay
    const [lrow] = await db().select().from(positions).where(eq(positions.id, lp.id));
    expect(new Decimal(lrow?.margin ?? 0).lt(6000)).toBe(true);
    const [srow] = await db().select().from(positions).where(eq(positions.id, sp.id));
    expect(new Decimal(srow?.margin ?? 0).gt(3000)).toBe(true);
  });

  it("settles a delivery contract at its expiry price", async () => {
    feed.set("eth/usdt", 3000);
    const { token, user } = await trader("1000");
    const { position } = (
      await order(token, {
        code: "eth/usdt",
        contract_type: "weekly",
        side: "buy",
        quantity: "1",
        leverage: 10,
      })
    ).body.data;
    expect(position.contract_type).toBe("weekly");
    expect(new Date(position.expiry).getUTCDay()).toBe(5);
    await db()
      .update(positions)
      .set({ expiry: new Date(Date.now() - 1000) })
      .where(eq(positions.id, position.id));
    feed.set("eth/usdt", 3030);
    await riskPass(t.platform.trading);
    const [row] = await db().select().from(positions).where(eq(positions.id, position.id));
    expect([row?.status, Number(row?.closePrice)]).toEqual(["closed", 3030]);
    // 300 margin + 30 PnL − 1.5 open fee − 1.515 close fee.
    expect(await contractUsdt(user.id)).toEqual({ available: "1026.985", frozen: "0" });
  });
});

describe("spot", () => {
  it("buys and sells at the best price from the spot wallet, the fee taken from what is received", async () => {
    feed.set("eth/usdt", 3000);
    const { token, user } = await registerByEmail(t);
    await db().transaction((tx) =>
      post(tx, {
        kind: "deposit",
        postings: transfer({ platform: "deposits" }, { user: user.id, wallet: "spot" }, "USDT", "1000"),
      }),
    );
    const buy = await t.api("/spot/order", {
      method: "POST",
      json: { code: "eth/usdt", side: "buy", quantity: "0.2" },
      token,
    });
    expect(buy.body.data).toMatchObject({ status: "filled", fill_price: "3000", fee: "0.0002" });
    expect((await balanceOf(db(), user.id, "spot", "ETH")).available.toFixed()).toBe("0.1998");
    expect((await balanceOf(db(), user.id, "spot", "USDT")).available.toFixed()).toBe("400");
    feed.set("eth/usdt", 3100);
    const sell = await t.api("/spot/order", {
      method: "POST",
      json: { code: "eth/usdt", side: "sell", quantity: "0.1" },
      token,
    });
    expect(sell.body.data.fee).toBe("0.31");
    expect((await balanceOf(db(), user.id, "spot", "USDT")).available.toFixed()).toBe("709.69");
    const tooMuch = await t.api("/spot/order", {
      method: "POST",
      json: { code: "eth/usdt", side: "sell", quantity: "1" },
      token,
    });
    expect(tooMuch.body.errors.quantity).toEqual(["Insufficient balance"]);
  });

  it("rests a limit order with its funds frozen and fills it when the price crosses", async () => {
    feed.set("btc/usdt", 60000);
    const { token, user } = await registerByEmail(t);
    await db().transaction((tx) =>
      post(tx, {
        kind: "deposit",
        postings: transfer({ platform: "deposits" }, { user: user.id, wallet: "spot" }, "USDT", "100"),
      }),
    );
    const placed = (
      await t.api("/spot/order", {
        method: "POST",
        json: { code: "btc/usdt", type: "limit", side: "buy", price: "59000", quantity: "0.001" },
        token,
      })
    ).body.data;
    expect(placed).toMatchObject({ status: "open", frozen: "59" });
    feed.set("btc/usdt", 58500);
    await Promise.all([riskPass(t.platform.trading), riskPass(t.platform.trading)]);
    expect((await balanceOf(db(), user.id, "spot", "BTC")).available.toFixed()).toBe("0.000999");
    expect((await balanceOf(db(), user.id, "spot", "USDT")).available.toFixed()).toBe("41");
    const orders = (await t.api("/spot/orders?status=history", { token })).body.data.list;
    expect(orders[0]).toMatchObject({ status: "filled", fill_price: "59000" });
  });
});

describe("position and order management", () => {
  const call = (path: string, token: string, json: unknown = {}) =>
    t.api(path, { method: "POST", json, token });
  async function spotTrader(coins: Record<string, string>) {
    const account = await registerByEmail(t);
    for (const [coin, amount] of Object.entries(coins)) {
      await db().transaction((tx) =>
        post(tx, {
          kind: "deposit",
          postings: transfer(
            { platform: "deposits" },
            { user: account.user.id, wallet: "spot" },
            coin,
            amount,
          ),
        }),
      );
    }
    return account;
  }
  const spotBalance = async (userId: number, coin: string) => {
    const b = await balanceOf(db(), userId, "spot", coin);
    return { available: b.available.toFixed(), frozen: b.frozen.toFixed() };
  };

  it("previews an order's price, margin, fee and liquidation price without placing it", async () => {
    feed.set("btc/usdt", 60000);
    const { token, user } = await trader("1000");
    const market = await call("/contract/preview", token, {
      code: "btc/usdt",
      side: "buy",
      quantity: "0.5",
      leverage: 20,
    });
    expect(market.body.data).toEqual({
      price: "60000",
      fills_now: true,
      notional: "30000.00000000",
      margin: "1500.00000000",
      fee: "15.00000000",
      liquidation_price: "57286.43216080",
      max_leverage: 100,
    });
    const limit = await call("/contract/preview", token, {
      code: "btc/usdt",
      type: "limit",
      side: "sell",
      price: "61000",
      quantity: "0.3",
      leverage: 7,
    });
    // 18,300 / 7 = 2,614.2857142… rounded up; maker fee 0.02 % = 3.66.
    expect(limit.body.data).toMatchObject({ price: "61000", margin: "2614.28571429", fee: "3.66000000" });
    expect(
      (await call("/contract/preview", token, { code: "btc/usdt", side: "buy", quantity: "" })).status,
    ).toBe(422);
    // What placing would refuse, the preview refuses too: the confirmation never shows it.
    const tiny = await call("/contract/preview", token, {
      code: "btc/usdt",
      side: "buy",
      quantity: "0.00001",
      leverage: 20,
    });
    expect(tiny.status).toBe(422);
    expect(tiny.body.errors.quantity).toEqual(["The minimum quantity is 0.0001"]);
    const steep = await call("/contract/preview", token, {
      code: "btc/usdt",
      side: "buy",
      quantity: "0.01",
      leverage: 101,
    });
    expect(steep.status).toBe(422);
    expect(steep.body.errors.leverage).toHaveLength(1);
    // Nothing was placed or frozen.
    expect((await t.api("/contract/orders?status=history", { token })).body.data.list).toEqual([]);
    expect(await contractUsdt(user.id)).toEqual({ available: "1000", frozen: "0" });
  });

  it("sets, changes and clears TP/SL on the mark price, and refuses the wrong side", async () => {
    feed.set("eth/usdt", 3000);
    const { token } = await trader("1000");
    const other = await trader("10");
    const { position } = (await order(token, { code: "eth/usdt", side: "buy", quantity: "1", leverage: 10 }))
      .body.data;
    const saved = await call("/contract/tpsl", token, {
      position_id: position.id,
      take_profit: "3200",
      stop_loss: "2800",
    });
    expect(saved.body.message).toBe("Take-profit and stop-loss saved");
    expect(saved.body.data).toMatchObject({ id: position.id, take_profit: "3200", stop_loss: "2800" });
    const tpBelow = await call("/contract/tpsl", token, { position_id: position.id, take_profit: "2990" });
    expect(tpBelow.body.errors.take_profit).toEqual([
      "Take-profit must be above the current price for a long",
    ]);
    const slAbove = await call("/contract/tpsl", token, { position_id: position.id, stop_loss: "3010" });
    expect(slAbove.body.errors.stop_loss).toEqual(["Stop-loss must be below the current price for a long"]);
    // Off the price grid (ETH/USDT trades in 0.01): refused as an order's price is.
    const offGrid = await call("/contract/tpsl", token, {
      position_id: position.id,
      take_profit: "3200.123",
    });
    expect(offGrid.body.errors.take_profit).toEqual(["The price must be a multiple of 0.01"]);
    const slOffGrid = await call("/contract/tpsl", token, {
      position_id: position.id,
      stop_loss: "2800.005",
    });
    expect(slOffGrid.body.errors.stop_loss).toEqual(["The price must be a multiple of 0.01"]);
    expect(
      (await call("/contract/tpsl", other.token, { position_id: position.id, take_profit: "3300" })).status,
    ).toBe(404);
    // The refused changes changed nothing.
    const [kept] = (await t.api("/contract/positions", { token })).body.data;
    expect(kept).toMatchObject({ take_profit: "3200", stop_loss: "2800" });
    const cleared = await call("/contract/tpsl", token, { position_id: position.id, take_profit: "3300" });
    expect(cleared.body.data).toMatchObject({ take_profit: "3300", stop_loss: null });
    // A short's TP is below the mark.
    const short = (await order(token, { code: "eth/usdt", side: "sell", quantity: "0.1", leverage: 10 })).body
      .data.position;
    expect(
      (await call("/contract/tpsl", token, { position_id: short.id, take_profit: "3100" })).body.errors
        .take_profit,
    ).toEqual(["Take-profit must be below the current price for a short"]);
    expect(
      (await call("/contract/tpsl", token, { position_id: short.id, take_profit: "2900", stop_loss: "3100" }))
        .status,
    ).toBe(200);
  });

  it("closes every position at once, also when two close-alls race", async () => {
    feed.set("btc/usdt", 60000);
    feed.set("eth/usdt", 3000);
    const { token, user } = await trader("5000");
    await order(token, { code: "btc/usdt", side: "buy", quantity: "0.01", leverage: 10 });
    await order(token, { code: "eth/usdt", side: "sell", quantity: "1", leverage: 5 });
    const closed = await call("/contract/close_all", token);
    expect(closed.body).toMatchObject({ message: "Positions closed: 2", data: { closed: 2 } });
    expect((await t.api("/contract/positions", { token })).body.data).toEqual([]);
    // Opening fees 0.3 + 1.5, closing fees the same at unchanged prices.
    expect(await contractUsdt(user.id)).toEqual({ available: "4996.4", frozen: "0" });
    expect((await t.api("/contract/history", { token })).body.data.list).toHaveLength(2);
    expect((await call("/contract/close_all", token)).body.data).toEqual({ closed: 0 });

    for (let i = 0; i < 3; i++)
      await order(token, { code: "eth/usdt", side: "buy", quantity: "0.1", leverage: 10 });
    const both = await Promise.all([call("/contract/close_all", token), call("/contract/close_all", token)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.reduce((sum, r) => sum + r.body.data.closed, 0)).toBe(3);
    expect((await t.api("/contract/positions", { token })).body.data).toEqual([]);
    expect((await contractUsdt(user.id)).frozen).toBe("0");
  });

  it("never closes more than the position when closes race", async () => {
    feed.set("eth/usdt", 3000);
    const { token, user } = await trader("1000");
    const { position } = (await order(token, { code: "eth/usdt", side: "buy", quantity: "1", leverage: 10 }))
      .body.data;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call("/contract/close", token, { position_id: position.id, quantity: "0.3" }),
      ),
    );
    const done = results.filter((r) => r.status === 200);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 404)).toBe(true);
    const total = done.reduce((sum, r) => sum.plus(r.body.data.quantity), new Decimal(0));
    expect(total.toFixed()).toBe("1");
    expect(done.map((r) => r.body.data.quantity).sort()).toEqual(["0.1", "0.3", "0.3", "0.3"]);
    const [row] = await db().select().from(positions).where(eq(positions.id, position.id));
    expect([
      row?.status,
      row?.quantity && new Decimal(row.quantity).toFixed(),
      new Decimal(row?.margin ?? 1).toFixed(),
    ]).toEqual(["closed", "0", "0"]);
    // 300 margin back less 4 × close fees (1.5 in all) and the 1.5 opening fee.
    expect(await contractUsdt(user.id)).toEqual({ available: "997", frozen: "0" });
  });

  it("cancels pending contract orders one by one or all at once, releasing their margin", async () => {
    feed.set("btc/usdt", 60000);
    const { token, user } = await trader("2000");
    const limit = (price: string) =>
      order(token, { code: "btc/usdt", type: "limit", side: "buy", price, quantity: "0.01", leverage: 10 });
    await limit("50000");
    await limit("51000");
    await limit("52000");
    expect((await contractUsdt(user.id)).frozen).not.toBe("0");
    const one = (await t.api("/contract/orders?status=open", { token })).body.data.list[0];
    expect((await call("/contract/cancel", token, { id: one.id })).body.data.status).toBe("cancelled");
    const all = await call("/contract/cancel_all", token);
    expect(all.body).toMatchObject({ message: "Orders cancelled: 2", data: { cancelled: 2 } });
    expect((await t.api("/contract/orders?status=open", { token })).body.data.list).toEqual([]);
    expect(await contractUsdt(user.id)).toEqual({ available: "2000", frozen: "0" });
    expect((await call("/contract/cancel_all", token)).body.data).toEqual({ cancelled: 0 });
  });

  it("cancels pending spot orders, giving back the coin each froze, and leaves contract orders alone", async () => {
    feed.set("eth/usdt", 3000);
    const { token, user } = await spotTrader({ USDT: "1000", ETH: "2" });
    const spotOrder = (json: Record<string, unknown>) =>
      call("/spot/order", token, { code: "eth/usdt", type: "limit", ...json });
    const buy = (await spotOrder({ side: "buy", price: "2500", quantity: "0.2" })).body.data;
    const sell = (await spotOrder({ side: "sell", price: "3500", quantity: "1.5" })).body.data;
    await spotOrder({ side: "sell", price: "3600", quantity: "0.5" });
    expect(await spotBalance(user.id, "USDT")).toEqual({ available: "500", frozen: "500" });
    expect(await spotBalance(user.id, "ETH")).toEqual({ available: "0", frozen: "2" });
    await db().transaction((tx) =>
      post(tx, {
        kind: "deposit",
        postings: transfer({ platform: "deposits" }, { user: user.id, wallet: "contract" }, "USDT", "100"),
      }),
    );
    await order(token, {
      code: "eth/usdt",
      type: "limit",
      side: "buy",
      price: "2000",
      quantity: "0.1",
      leverage: 5,
    });

    const cancelled = await call("/spot/cancel", token, { id: sell.id });
    expect(cancelled.body).toMatchObject({
      message: "Order cancelled",
      data: { id: sell.id, status: "cancelled" },
    });
    expect(await spotBalance(user.id, "ETH")).toEqual({ available: "1.5", frozen: "0.5" });
    expect((await call("/spot/cancel", token, { id: sell.id })).status).toBe(404);
    const stranger = await registerByEmail(t);
    expect((await call("/spot/cancel", stranger.token, { id: buy.id })).status).toBe(404);

    const all = await call("/spot/cancel_all", token);
    expect(all.body.data).toEqual({ cancelled: 2 });
    expect(await spotBalance(user.id, "USDT")).toEqual({ available: "1000", frozen: "0" });
    expect(await spotBalance(user.id, "ETH")).toEqual({ available: "2", frozen: "0" });
    expect((await t.api("/spot/orders?status=open", { token })).body.data.list).toEqual([]);
    // The contract order is still pending.
    expect((await t.api("/contract/orders?status=open", { token })).body.data.list).toHaveLength(1);
  });

  it("tells the user's sockets of fills, closes and cancels only once they are committed", async () => {
    feed.set("eth/usdt", 3000);
    const { token, user } = await trader("1000");
    const seen: Promise<string>[] = [];
    const stop = t.platform.bus.subscribe(`account:${user.id}`, (message) => {
      const m = message as { type: string; id: number; status: string };
      if (m.type === "balance") return;
      // What a client would do on the event: refetch. It must see what the event announces.
      const table = m.type === "position" ? positions : orders;
      seen.push(
        db()
          .select({ status: table.status })
          .from(table)
          .where(eq(table.id, m.id))
          .then(([row]) => `${m.type} ${m.status}: ${row?.status ?? "missing"}`),
      );
    });
    try {
      const { position } = (
        await order(token, { code: "eth/usdt", side: "buy", quantity: "0.1", leverage: 10 })
      ).body.data;
      await call("/contract/close", token, { position_id: position.id });
      const limit = (
        await order(token, {
          code: "eth/usdt",
          type: "limit",
          side: "buy",
          price: "2000",
          quantity: "0.1",
          leverage: 10,
        })
      ).body.data.order;
      await call("/contract/cancel", token, { id: limit.id });
      // A refused order (not enough margin) is rolled back and announces nothing.
      expect(
        (await order(token, { code: "eth/usdt", side: "buy", quantity: "10", leverage: 1 })).status,
      ).toBe(422);
      // The market order is an order of the book: filled, then its position open.
      expect(await Promise.all(seen)).toEqual([
        "order filled: filled",
        "position open: open",
        "position closed: closed",
        "order open: open",
        "order cancelled: cancelled",
      ]);
    } finally {
      stop();
    }
  });
});
