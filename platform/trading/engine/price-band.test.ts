import { describe, expect, it } from "vitest";
import { createSpotMatcher, type LogEntry } from "./spot-engine.ts";

/**
 * Market price protection in the matcher, replayed from hand-made log entries: a market order or
 * a close with a protected limit (`pl`) takes nothing beyond it; an older entry without one (the
 * log before the band existed) replays exactly as it ran then, walking to whatever rests.
 */
const PERPETUAL = "btc/usdt:perpetual";
const contractTerms = {
  type: "perpetual",
  expiry: null,
  leverage: 10,
  tp: null,
  sl: null,
  maker: "0.0002",
  taker: "0.0005",
  mmr: "0.005",
  mark: "60000",
};

function entry(pl?: string): LogEntry {
  const band = pl === undefined ? {} : { pl };
  return {
    time: 1_700_000_000_000,
    // The liquidity shows 0.001 at 59,990 on the bids of each book (capped, say).
    quotes: [
      ["btc/usdt", { bids: [["59990", "0.001"]], asks: [] }],
      [PERPETUAL, { bids: [["59990", "0.001"]], asks: [] }],
    ],
    commands: [
      // A stray customer bid far below the market, on each book.
      ...[1, 2].map((id) => ({
        k: "place" as const,
        id,
        user: 7,
        code: "btc/usdt",
        type: "limit" as const,
        side: "buy" as const,
        quantity: "0.01",
        price: "10000",
        step: "0.0001",
        fee: "0.001",
        ...(id === 2 ? { c: contractTerms } : {}),
      })),
      {
        k: "place",
        id: 3,
        user: 8,
        code: "btc/usdt",
        type: "market",
        side: "sell",
        quantity: "0.005",
        ...band,
        step: "0.0001",
        fee: "0.001",
      },
      {
        k: "close",
        pos: 1,
        user: 9,
        code: "btc/usdt",
        type: "perpetual",
        expiry: null,
        side: "buy",
        held: "0.005",
        entry: "60000",
        margin: "30",
        quantity: "0.005",
        step: "0.0001",
        maker: "0.0002",
        taker: "0.0005",
        reason: "manual",
        mark: "60000",
        ...band,
      },
    ],
  };
}

const pricesOf = (work: ReturnType<ReturnType<typeof createSpotMatcher>["replay"]>) =>
  work.trades.map((t) => [t.market, t.price, t.quantity]);

describe("market price protection in the matcher", () => {
  it("replays an older entry (no protected limit) as it ran: the market sell and the close reach the stray bid", () => {
    const work = createSpotMatcher().replay(entry());
    expect(pricesOf(work)).toEqual([
      ["spot", "59990", "0.001"],
      ["spot", "10000", "0.004"],
      ["contract", "59990", "0.001"],
      ["contract", "10000", "0.004"],
    ]);
    expect(work.closes[0]?.quantity.toFixed()).toBe("0.005");
  });

  it("with a protected limit (57,000: 5 % below 60,000) takes only within it, the stray bid left resting", () => {
    const matcher = createSpotMatcher();
    const work = matcher.replay(entry("57000"));
    expect(pricesOf(work)).toEqual([
      ["spot", "59990", "0.001"],
      ["contract", "59990", "0.001"],
    ]);
    expect(work.closes[0]?.quantity.toFixed()).toBe("0.001");
    const market = work.created.find((o) => o.id === 3);
    expect([market?.status, market?.filled.toFixed()]).toEqual(["cancelled", "0.001"]);
    expect(
      matcher
        .resting()
        .map((o) => [o.id, o.filled.toFixed()])
        .sort(),
    ).toEqual([
      [1, "0"],
      [2, "0"],
    ]);
  });
});
