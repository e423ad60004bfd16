import { describe, expect, it } from "vitest";
import { fundedCustomer } from "../../tests/support/accounts.ts";
import { setLiquidityLimits } from "../../tests/support/liquidity.ts";
import { onScriptedMarket } from "../../tests/support/scripted-market.ts";

/**
 * The public book is the book orders fill against (issue 17): where an operator limits the
 * liquidity's quotes (a spread away from the feed, a size cap per level), `/market/depth` and the
 * contract books show the quotes as limited, not the feed's raw levels. The scripted feed's book:
 * best ask = price + spread, best bid = price − spread, a level every 0.01, 100 at each.
 */
const market = onScriptedMarket({ "btc/usdt": 60000 });
const feed = market.feed;
const t = market.platform;

type Level = { price: string; totalSize: string; total: string };
const depth = async (query = "") =>
  (await t().api(`/market/depth?code=btc/usdt${query}`)).body.data as { asks: Level[]; bids: Level[] };

/** Cents as a price string ("6007001" → "60070.01"). */
const price = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
/** An independent account of the quotes: in whole cents, moved 0.1 % away, rounded away from the customer. */
const quotedAsk = (cents: bigint) => (cents * 1001n + 999n) / 1000n; // ceil(cents × 1.001)
const quotedBid = (cents: bigint) => (cents * 999n) / 1000n; // floor(cents × 0.999)

/** Levels summed per price with cumulative totals, sizes in thousandths. */
function expected(prices: bigint[], size: bigint) {
  const sums = new Map<bigint, bigint>();
  for (const p of prices) sums.set(p, (sums.get(p) ?? 0n) + size);
  let total = 0n;
  return [...sums].map(([p, s]) => {
    total += s;
    const milli = (v: bigint) => `${v / 1000n}.${String(v % 1000n).padStart(3, "0")}`;
    return { price: price(p), totalSize: milli(s), total: milli(total) };
  });
}

describe("the public book under the operator's liquidity limits", () => {
  it("shows the quotes moved by the spread and capped in size, and an order fills at what it showed", async () => {
    const db = t().platform.deps.db;
    await setLiquidityLimits(db, "btc/usdt", { spread: "0.001", maxSize: "0.5" });
    feed.setSpread(10);
    const asks = Array.from({ length: 20 }, (_, i) => quotedAsk(6_001_000n + BigInt(i)));
    const bids = Array.from({ length: 20 }, (_, i) => quotedBid(5_999_000n - BigInt(i)));
    await expect
      .poll(
        async () => {
          feed.set("btc/usdt", 60000); // a feed tick: the book is published again
          return await depth();
        }, // The feed leader reads the terms again within a few seconds of an operator's change.
        { timeout: 10_000, interval: 250 },
      )
      .toMatchObject({ asks: expected(asks, 500n), bids: expected(bids, 500n) });
    for (const type of ["perpetual", "weekly", "quarterly"]) {
      const book = await depth(`&contract_type=${type}`);
      expect(book.asks).toEqual(expected(asks, 500n));
      expect(book.bids).toEqual(expected(bids, 500n));
    }

    // A customer's resting order joins them (between the liquidity's first two asks, 60,070.01
    // and 60,070.03); a market buy then takes the best levels it was shown.
    const seller = await fundedCustomer(t(), "spot", { BTC: "1" });
    const rest = await t().api("/spot/order", {
      method: "POST",
      json: { code: "btc/usdt", type: "limit", side: "sell", quantity: "0.2", price: "60070.02" },
      token: seller.token,
    });
    expect(rest.body.data).toMatchObject({ status: "open" });
    await expect
      .poll(async () => (await depth()).asks[1])
      .toEqual({ price: "60070.02", totalSize: "0.200", total: "0.700" });
    const shown = (await depth()).asks;
    expect(shown[0]).toEqual({ price: "60070.01", totalSize: "0.500", total: "0.500" });

    const buyer = await fundedCustomer(t(), "spot", { USDT: "100000" });
    const bought = await t().api("/spot/order", {
      method: "POST",
      json: { code: "btc/usdt", type: "market", side: "buy", quantity: "0.7" },
      token: buyer.token,
    });
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({ status: "filled", filled_quantity: "0.7" });
    // 0.5 at 60,070.01 and 0.2 at 60,070.02: (30,035.005 + 12,014.004) / 0.7.
    expect(bought.body.data.fill_price).toBe("60070.012857142857");
  });

  it("previews an order at the quotes as the operator limits them now, not as the engine last quoted", async () => {
    // The first test's orders left the engine quoting with a 0.1 % spread; the operator widens
    // it to 0.2 % and no order has come since.
    await setLiquidityLimits(t().platform.deps.db, "btc/usdt", { spread: "0.002", maxSize: "0.5" });
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const { token } = await fundedCustomer(t(), "contract", { USDT: "10000" });
    const preview = await t().api("/contract/preview", {
      method: "POST",
      json: {
        code: "btc/usdt",
        contract_type: "perpetual",
        type: "market",
        side: "buy",
        quantity: "0.1",
        leverage: 10,
      },
      token,
    });
    expect(preview.status).toBe(200);
    // ceil(60,010 × 1.002) on the cent: 60,130.02.
    expect(preview.body.data).toMatchObject({ price: "60130.02", fills_now: true });
  });

  it("previews a spot order at the average of the levels it would take, and it fills there", async () => {
    // The limits of the test before: a 0.2 % spread, 0.5 a level. The best asks: 60,130.02 and
    // 60,130.04 (ceil(60,010 × 1.002), ceil(60,010.01 × 1.002)).
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const { token } = await fundedCustomer(t(), "spot", { USDT: "100000" });
    const ask = (path: string, json: Record<string, string>) =>
      t().api(path, { method: "POST", json: { code: "btc/usdt", side: "buy", ...json }, token });

    // A limit through the best: 0.5 at 60,130.02 at once, 0.2 resting at its 60,130.03.
    const limit = await ask("/spot/preview", { type: "limit", price: "60130.03", quantity: "0.7" });
    expect(limit.status).toBe(200);
    expect(limit.body.data).toEqual({
      price: "60130.022857142857",
      fills_now: true,
      notional: "42091.0159999999999",
      fee: "0.0007",
      fee_coin: "BTC",
    });

    // A limit that does not cross rests at its own price, and is not flagged.
    const resting = await ask("/spot/preview", { type: "limit", price: "60000", quantity: "0.7" });
    expect(resting.body.data).toMatchObject({ price: "60000", fills_now: false, notional: "42000" });

    // A market buy: (0.5 × 60,130.02 + 0.2 × 60,130.04) / 0.7, and the order fills at just that.
    const market = await ask("/spot/preview", { type: "market", quantity: "0.7" });
    expect(market.body.data).toMatchObject({ price: "60130.025714285714", fills_now: false });
    const placed = await ask("/spot/order", { type: "market", quantity: "0.7" });
    expect(placed.body.data).toMatchObject({ status: "filled", fill_price: market.body.data.price });

    // Bad input changes nothing and says why, as placing the order would.
    const off = await ask("/spot/preview", { type: "limit", price: "60130.001", quantity: "0.7" });
    expect(off.status).toBe(422);
    expect(off.body.errors.price).toBeDefined();
  });
});
