import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../../.server/api.ts";
import { closeReview } from "./close-review.ts";

const WEEKLY = "2026-12-04T08:00:00.000Z";
const level = (price: string) => [{ price, totalSize: "1.000", total: "1.000" }];

/**
 * The platform as the close confirmation sees it: each book's best bid and ask (the spot
 * market's far off, so a price taken from it shows), and the customer's positions.
 */
function platform(positions: Record<string, unknown>[]) {
  const envelope = (data: unknown) => ({ status_code: 200, message: "ok", data });
  const books: Record<string, { bid: string; ask: string; expiry?: string | null }> = {
    spot: { bid: "50000", ask: "50010" },
    perpetual: { bid: "59990", ask: "60010", expiry: null },
    weekly: { bid: "60090", ask: "60110", expiry: WEEKLY },
  };
  const asked: Record<string, unknown>[] = [];
  const api = {
    get: async (path: string, query: Record<string, string> = {}) => {
      if (path === "/contract/positions") return envelope(positions);
      if (path === "/contract/info")
        return envelope({
          code: query.code,
          taker_fee: "0.0005",
          min_quantity: "0.001",
          quantity_step: "0.001",
        });
      asked.push(query);
      const book = books[query.contract_type ?? "spot"];
      if (!book) return { status_code: 422, message: "bad", data: null };
      return envelope({
        code: query.code,
        contract_type: query.contract_type,
        expiry: book.expiry,
        asks: level(book.ask),
        bids: level(book.bid),
        time: 0,
      });
    },
  } as unknown as ApiClient;
  return { api, asked };
}

const position = (id: number, contract_type: string, expiry: string | null, side = "buy") => ({
  id,
  code: "btc/usdt",
  contract_type,
  expiry,
  side,
  quantity: "0.1",
  entry_price: "60000",
  mark_price: "60050",
  leverage: 10,
});

describe("the close confirmation", () => {
  it("prices each close on its own contract's book: a long at its best bid, a short at its best ask", async () => {
    const { api, asked } = platform([
      position(1, "perpetual", null),
      position(2, "weekly", WEEKLY, "sell"),
      position(3, "perpetual", null, "sell"),
    ]);
    const review = await closeReview(api, undefined);
    // The fee: 0.1 × price × 0.05 %.
    expect(review?.positions.map((p) => [p.id, p.price, p.pnl, p.fee])).toEqual([
      [1, "59990", "-1", "2.9995"],
      [2, "60110", "-11", "3.0055"],
      [3, "60010", "-1", "3.0005"],
    ]);
    // One request a book, never the spot market's.
    expect(asked).toEqual([
      { code: "btc/usdt", contract_type: "perpetual" },
      { code: "btc/usdt", contract_type: "weekly" },
    ]);
  });

  it("takes the mark for a delivery contract that is no longer the one trading", async () => {
    const { api } = platform([position(4, "weekly", "2026-11-27T08:00:00.000Z")]);
    const review = await closeReview(api, { id: 4, quantity: "0.05" });
    expect(review?.positions[0]).toMatchObject({ price: "60050", quantity: "0.05", pnl: "2.5" });
  });

  it("has nothing to confirm for a part the platform refuses: more than held, below the minimum, off the step", async () => {
    for (const quantity of ["0.2", "0.0005", "0.0505"]) {
      const { api } = platform([position(5, "perpetual", null)]);
      expect(await closeReview(api, { id: 5, quantity })).toBeUndefined();
    }
    const { api } = platform([position(5, "perpetual", null)]);
    expect(await closeReview(api, { id: 5, quantity: "0.05" })).toMatchObject({
      positions: [{ quantity: "0.05" }],
    });
  });
});
