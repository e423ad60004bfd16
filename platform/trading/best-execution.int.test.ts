import Decimal from "decimal.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fundedCustomer } from "../../tests/support/accounts.ts";
import { onScriptedMarket } from "../../tests/support/scripted-market.ts";
import { balanceOf } from "../ledger/ledger.ts";
import { riskPass } from "./risk.ts";
import { positions } from "./tables.ts";

/**
 * Regression for the worst defect found by trying the product as a customer: a limit order
 * priced through the market filled at the customer's own (worse) limit price. A marketable
 * limit takes the book's price, like a market order bounded by its limit; only a limit that
 * does not cross rests. The scripted feed's book: best ask = price + spread, best bid =
 * price − spread.
 */
const market = onScriptedMarket({ "btc/usdt": 95000, "eth/usdt": 3000 });
const feed = market.feed;
const t = market.platform;

const db = () => t().platform.deps.db;
const funded = (wallet: "spot" | "contract", coins: Record<string, string>) =>
  fundedCustomer(t(), wallet, coins);
const available = async (userId: number, wallet: "spot" | "contract", coin: string) =>
  (await balanceOf(db(), userId, wallet, coin)).available.toFixed();

describe("a spot limit priced through the market", () => {
  it("sells at the best bid, not at the customer's lower limit", async () => {
    feed.setSpread(5);
    feed.set("btc/usdt", 95000);
    const { token, user } = await funded("spot", { BTC: "0.001" });
    const res = await t().api("/spot/order", {
      method: "POST",
      json: { code: "btc/usdt", type: "limit", side: "sell", price: "50000", quantity: "0.001" },
      token,
    });
    expect(res.status).toBe(200);
    // Best bid 94,995: 0.001 × 94,995 = 94.995 less the 0.1 % fee (0.094995).
    expect(res.body.data).toMatchObject({ status: "filled", fill_price: "94995", type: "limit" });
    expect(await available(user.id, "spot", "BTC")).toBe("0");
    expect(await available(user.id, "spot", "USDT")).toBe("94.900005");
    expect((await balanceOf(db(), user.id, "spot", "BTC")).frozen.toFixed()).toBe("0");
  });

  it("buys at the best ask, not at the customer's higher limit, freezing nothing", async () => {
    feed.setSpread(5);
    feed.set("btc/usdt", 95000);
    const { token, user } = await funded("spot", { USDT: "200" });
    const res = await t().api("/spot/order", {
      method: "POST",
      json: { code: "btc/usdt", type: "limit", side: "buy", price: "120000", quantity: "0.001" },
      token,
    });
    expect(res.body.data).toMatchObject({ status: "filled", fill_price: "95005" });
    // Paid 95.005 at the ask, not 120 at the limit.
    expect(await available(user.id, "spot", "USDT")).toBe("104.995");
    expect((await balanceOf(db(), user.id, "spot", "USDT")).frozen.toFixed()).toBe("0");
  });

  it("still rests a limit that does not cross, and fills it at its own price later", async () => {
    feed.set("btc/usdt", 95000);
    const { token } = await funded("spot", { USDT: "100" });
    const res = await t().api("/spot/order", {
      method: "POST",
      json: { code: "btc/usdt", type: "limit", side: "buy", price: "94000", quantity: "0.001" },
      token,
    });
    expect(res.body.data).toMatchObject({ status: "open", frozen: "94" });
  });
});

describe("a contract limit priced through the market", () => {
  it("opens the short at the best bid, with a liquidation price above the market, and survives the risk pass", async () => {
    feed.setSpread(5);
    feed.set("btc/usdt", 95075);
    const { token, user } = await funded("contract", { USDT: "1000" });
    const res = await t().api("/contract/order", {
      method: "POST",
      json: {
        code: "btc/usdt",
        type: "limit",
        side: "sell",
        price: "81000",
        quantity: "0.01",
        leverage: 10,
      },
      token,
    });
    expect(res.status).toBe(200);
    const { order, position } = res.body.data;
    expect(order).toMatchObject({ status: "filled", fill_price: "95070" });
    expect(position).toMatchObject({ side: "sell", entry_price: "95070" });
    expect(Number(position.liquidation_price)).toBeGreaterThan(95075);
    // A taker: 0.05 % of 950.70.
    expect(order.fee).toBe("0.47535");
    await riskPass(t().platform.trading);
    const [row] = await db().select().from(positions).where(eq(positions.id, position.id));
    expect(row?.status).toBe("open");
    // Margin 95.07 + fee 0.47535 left the available balance; nothing else is frozen.
    expect(await available(user.id, "contract", "USDT")).toBe("904.45465");
    expect((await balanceOf(db(), user.id, "contract", "USDT")).frozen.toFixed()).toBe("95.07");
  });

  it("opens the long at the best ask when the limit is above it", async () => {
    feed.set("eth/usdt", 3000);
    const { token } = await funded("contract", { USDT: "1000" });
    const res = await t().api("/contract/order", {
      method: "POST",
      json: { code: "eth/usdt", type: "limit", side: "buy", price: "3500", quantity: "1", leverage: 10 },
      token,
    });
    expect(res.body.data.order).toMatchObject({ status: "filled", fill_price: "3000" });
    expect(res.body.data.position).toMatchObject({ entry_price: "3000", margin: "300.00000000" });
  });

  it("previews the price it will really fill at, and says it fills at once", async () => {
    feed.set("btc/usdt", 95075);
    const { token } = await funded("contract", { USDT: "1000" });
    const preview = await t().api("/contract/preview", {
      method: "POST",
      json: { code: "btc/usdt", type: "limit", side: "sell", price: "81000", quantity: "0.01", leverage: 10 },
      token,
    });
    expect(preview.body.data).toMatchObject({ price: "95075", fills_now: true });
    expect(new Decimal(preview.body.data.liquidation_price).gt(95075)).toBe(true);
    const resting = await t().api("/contract/preview", {
      method: "POST",
      json: { code: "btc/usdt", type: "limit", side: "sell", price: "99000", quantity: "0.01", leverage: 10 },
      token,
    });
    expect(resting.body.data).toMatchObject({ price: "99000", fills_now: false });
  });

  it("refuses an order that would open already past its liquidation price", async () => {
    // A wide book: the best ask is 1,000 above the mark. A 100x long bought there is under
    // water by more than its margin at once.
    feed.setSpread(1000);
    feed.set("btc/usdt", 60000);
    const { token, user } = await funded("contract", { USDT: "1000" });
    const res = await t().api("/contract/order", {
      method: "POST",
      json: { code: "btc/usdt", side: "buy", quantity: "0.01", leverage: 100 },
      token,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.leverage[0]).toMatch(/liquidat/i);
    expect(await available(user.id, "contract", "USDT")).toBe("1000");
    // The same order at a leverage the spread allows goes through.
    const ok = await t().api("/contract/order", {
      method: "POST",
      json: { code: "btc/usdt", side: "buy", quantity: "0.01", leverage: 10 },
      token,
    });
    expect(ok.body.data.position).toMatchObject({ entry_price: "61000" });
  });
});
