import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../../.server/api.ts";
import type { ReviewedOrder } from "../types.ts";
import { previewOrder } from "./preview.ts";

/**
 * The review step asks the platform's spot preview (the engine's expected fill, tested against
 * a real book in platform/market/liquidity-depth.int.test.ts) and adds what the wallet holds.
 */
function platform(answer: { status_code: number; message: string; data?: unknown; errors?: unknown }) {
  const asked: { path: string; body: unknown }[] = [];
  const api = {
    post: async (path: string, body: unknown) => {
      asked.push({ path, body });
      return answer;
    },
  } as unknown as ApiClient;
  return { api, asked };
}

const spot = (side: "buy" | "sell", price?: string): ReviewedOrder => ({
  mode: "spot",
  code: "btc/usdt",
  type: price ? "limit" : "market",
  side,
  price,
  quantity: "0.001",
  tab: "orders",
});
const balances = { usdt: "10000", base: "1" };
const figures = { price: "94995", fills_now: true, notional: "94.995", fee: "0.094995", fee_coin: "USDT" };

describe("the order review (spot)", () => {
  it("shows the platform's expected fill, with what the wallet holds of the coin it spends", async () => {
    const { api, asked } = platform({ status_code: 200, message: "ok", data: figures });
    const sell = await previewOrder(api, spot("sell", "50000"), balances);
    expect(asked).toEqual([
      {
        path: "/spot/preview",
        body: { code: "btc/usdt", type: "limit", side: "sell", quantity: "0.001", price: "50000" },
      },
    ]);
    expect(sell).toEqual({ ok: true, preview: { ...figures, available: "1", available_coin: "BTC" } });
    const buy = await previewOrder(api, spot("buy"), balances);
    expect(buy).toMatchObject({ ok: true, preview: { available: "10000", available_coin: "USDT" } });
  });

  it("passes on a refusal with its message and field errors: no confirmation for an order Confirm would refuse", async () => {
    const refusal = {
      status_code: 503,
      message: "Nobody is buying or selling at any price right now",
      errors: { quantity: ["Nobody is buying or selling at any price right now"] },
    };
    const { api } = platform(refusal);
    expect(await previewOrder(api, spot("buy"), balances)).toEqual({
      ok: false,
      message: refusal.message,
      errors: refusal.errors,
    });
  });
});
