import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../../.server/api.ts";
import type { ReviewedOrder } from "../types.ts";
import { previewOrder } from "./preview.ts";

/** The platform as the review step sees it: a spot book with its best bid and ask. */
function platform(book: { bid: string; ask: string }) {
  const envelope = (data: unknown) => ({ status_code: 200, message: "ok", data });
  return {
    get: async (path: string) =>
      path === "/market/depth"
        ? envelope({ bids: [{ price: book.bid, quantity: "5" }], asks: [{ price: book.ask, quantity: "5" }] })
        : envelope({ spot_fee: "0.001" }),
  } as unknown as ApiClient;
}

const spot = (side: "buy" | "sell", price: string, quantity = "0.001"): ReviewedOrder => ({
  mode: "spot",
  code: "btc/usdt",
  type: "limit",
  side,
  price,
  quantity,
  tab: "orders",
});

describe("the order review (spot)", () => {
  const api = platform({ bid: "94995", ask: "95005" });
  const balances = { usdt: "10000", base: "1" };

  it("says a limit priced through the market fills at once, at the book's price", async () => {
    const sell = await previewOrder(api, spot("sell", "50000"), balances);
    expect(sell).toMatchObject({
      ok: true,
      preview: { fills_now: true, price: "94995", notional: "94.995" },
    });
    const buy = await previewOrder(api, spot("buy", "120000"), balances);
    expect(buy).toMatchObject({ ok: true, preview: { fills_now: true, price: "95005" } });
  });

  it("a limit that does not cross rests at its own price, without the warning", async () => {
    const sell = await previewOrder(api, spot("sell", "99000"), balances);
    expect(sell).toMatchObject({ ok: true, preview: { fills_now: false, price: "99000" } });
    const buy = await previewOrder(api, spot("buy", "90000"), balances);
    expect(buy).toMatchObject({ ok: true, preview: { fills_now: false, price: "90000" } });
  });

  it("a market order is never flagged (it is meant to fill at once)", async () => {
    const market = await previewOrder(
      api,
      { ...spot("buy", ""), type: "market", price: undefined },
      balances,
    );
    expect(market).toMatchObject({ ok: true, preview: { fills_now: false, price: "95005" } });
  });
});
