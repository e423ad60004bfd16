import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type IncomingOrder, type MatchResult, OrderBook, type Side } from "./book.ts";

/**
 * A naive book written from the rules alone: a flat list scanned in full at every order, no
 * levels, no links. The real book must agree with it fill for fill.
 */
class NaiveBook {
  orders: { id: number; owner: number; side: Side; price: number; remaining: number; seq: number }[] = [];
  private seq = 0;

  submit(order: IncomingOrder): MatchResult {
    const result: MatchResult = { fills: [], rested: 0, cancelled: 0, expired: [] };
    const market = order.price === undefined;
    const tif = market ? "IOC" : (order.tif ?? "GTC");
    const crosses = (p: number) =>
      order.price === undefined || (order.side === "buy" ? p <= order.price : p >= order.price);
    const queue = () =>
      this.orders
        .filter((o) => o.side !== order.side && crosses(o.price))
        .sort((a, b) =>
          a.price === b.price ? a.seq - b.seq : order.side === "buy" ? a.price - b.price : b.price - a.price,
        );
    if (order.postOnly && !market && queue().length > 0) {
      return { ...result, cancelled: order.quantity, reason: "post_only" };
    }
    const stp = order.stp ?? "expire_maker";
    if (tif === "FOK") {
      // What the walk would take: others' orders, up to the first own one if that stops it.
      let can = 0;
      for (const o of queue()) {
        if (o.owner !== order.owner) can += o.remaining;
        else if (stp === "expire_taker") break;
      }
      if (can < order.quantity) return { ...result, cancelled: order.quantity, reason: "fok" };
    }
    // An order that cannot rest and would meet nobody else's changes nothing (no own order expires).
    if (tif !== "GTC" && stp === "expire_maker" && !queue().some((o) => o.owner !== order.owner))
      return { ...result, cancelled: order.quantity, reason: market ? "no_liquidity" : "ioc" };
    let remaining = order.quantity;
    for (const maker of queue()) {
      if (remaining === 0) break;
      if (maker.owner === order.owner) {
        if (stp === "expire_taker") return { ...result, cancelled: remaining, reason: "self_trade" };
        result.expired.push({ id: maker.id, owner: maker.owner, remaining: maker.remaining });
        this.orders = this.orders.filter((o) => o !== maker);
        continue;
      }
      const q = Math.min(maker.remaining, remaining);
      maker.remaining -= q;
      remaining -= q;
      result.fills.push({
        takerId: order.id,
        takerOwner: order.owner,
        makerId: maker.id,
        makerOwner: maker.owner,
        price: maker.price,
        quantity: q,
        makerRemaining: maker.remaining,
      });
      if (maker.remaining === 0) this.orders = this.orders.filter((o) => o !== maker);
    }
    if (remaining > 0) {
      if (tif === "GTC") {
        this.orders.push({
          id: order.id,
          owner: order.owner,
          side: order.side,
          price: order.price as number,
          remaining,
          seq: this.seq++,
        });
        result.rested = remaining;
      } else {
        result.cancelled = remaining;
        result.reason = market && result.fills.length === 0 ? "no_liquidity" : "ioc";
      }
    }
    return result;
  }

  cancel(id: number) {
    const found = this.orders.find((o) => o.id === id);
    this.orders = this.orders.filter((o) => o.id !== id);
    return found;
  }

  depth() {
    const side = (s: Side) => {
      const byPrice = new Map<number, number>();
      for (const o of this.orders.filter((x) => x.side === s))
        byPrice.set(o.price, (byPrice.get(o.price) ?? 0) + o.remaining);
      return [...byPrice.entries()].sort((a, b) => (s === "buy" ? b[0] - a[0] : a[0] - b[0]));
    };
    return { bids: side("buy"), asks: side("sell") };
  }
}

type Action =
  | {
      kind: "order";
      owner: number;
      side: Side;
      price?: number;
      quantity: number;
      tif: "GTC" | "IOC" | "FOK";
      postOnly: boolean;
      stp: "expire_maker" | "expire_taker";
    }
  | { kind: "cancel"; pick: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("order" as const),
      owner: fc.integer({ min: 1, max: 4 }),
      side: fc.constantFrom("buy" as const, "sell" as const),
      price: fc.option(fc.integer({ min: 95, max: 105 }), { nil: undefined, freq: 6 }),
      quantity: fc.integer({ min: 1, max: 20 }),
      tif: fc.constantFrom("GTC" as const, "GTC" as const, "IOC" as const, "FOK" as const),
      postOnly: fc.constantFrom(false, false, true),
      stp: fc.constantFrom("expire_maker" as const, "expire_taker" as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }) },
);

function run(actions: Action[], check: (order: IncomingOrder, result: MatchResult, book: OrderBook) => void) {
  const book = new OrderBook();
  const naive = new NaiveBook();
  let id = 0;
  for (const a of actions) {
    if (a.kind === "cancel") {
      const target = naive.orders[a.pick % Math.max(1, naive.orders.length)];
      if (!target) continue;
      expect(book.cancel(target.id)?.remaining).toBe(naive.cancel(target.id)?.remaining);
      continue;
    }
    const order: IncomingOrder = {
      id: ++id,
      owner: a.owner,
      side: a.side,
      price: a.price,
      quantity: a.quantity,
      tif: a.tif,
      postOnly: a.postOnly,
      stp: a.stp,
    };
    const result = book.submit(order);
    expect(result).toEqual(naive.submit(order));
    check(order, result, book);
    expect(book.depth(1000)).toEqual(naive.depth());
  }
}

describe("the order book", () => {
  it("agrees fill for fill with a naive model over random order flows", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 80 }), (actions) => run(actions, () => {})),
      { numRuns: 300 },
    );
  });

  it("never fills beyond a limit, always at the maker's price, never crossed, nothing created or lost", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 80 }), (actions) => {
        const makers = new Map<number, number>();
        run(actions, (order, result, book) => {
          const filled = result.fills.reduce((sum, f) => sum + f.quantity, 0);
          expect(filled + result.rested + result.cancelled).toBe(order.quantity);
          for (const f of result.fills) {
            if (order.price !== undefined)
              expect(order.side === "buy" ? f.price <= order.price : f.price >= order.price).toBe(true);
            expect(f.price).toBe(makers.get(f.makerId));
            expect(f.makerOwner).not.toBe(order.owner);
          }
          if (result.rested > 0 && order.price !== undefined) makers.set(order.id, order.price);
          const { bid, ask } = book.top();
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
          if (order.postOnly && order.price !== undefined) expect(result.fills).toEqual([]);
          if (order.tif === "FOK" && order.price !== undefined)
            expect(result.cancelled === 0 || result.cancelled === order.quantity).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it("gives two identical orders from different owners identical fills", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (actions, q) => {
        const build = () => {
          const book = new OrderBook();
          let id = 0;
          for (const a of actions)
            if (a.kind === "order" && a.price !== undefined && a.tif === "GTC")
              book.submit({
                id: ++id,
                owner: a.owner + 10,
                side: a.side,
                price: a.price,
                quantity: a.quantity,
              });
          return book;
        };
        const strip = (r: MatchResult) => r.fills.map((f) => [f.makerId, f.price, f.quantity]);
        const a = build().submit({ id: 1000, owner: 1, side: "buy", price: 103, quantity: q });
        const b = build().submit({ id: 1000, owner: 2, side: "buy", price: 103, quantity: q });
        expect(strip(a)).toEqual(strip(b));
      }),
      { numRuns: 100 },
    );
  });

  it("walks the book best price first and oldest first within a price", () => {
    const book = new OrderBook();
    book.submit({ id: 1, owner: 1, side: "sell", price: 101, quantity: 5 });
    book.submit({ id: 2, owner: 2, side: "sell", price: 100, quantity: 5 });
    book.submit({ id: 3, owner: 3, side: "sell", price: 100, quantity: 5 });
    const r = book.submit({ id: 4, owner: 9, side: "buy", price: 101, quantity: 12 });
    expect(r.fills.map((f) => [f.makerId, f.price, f.quantity])).toEqual([
      [2, 100, 5],
      [3, 100, 5],
      [1, 101, 2],
    ]);
    expect(book.depth()).toEqual({ bids: [], asks: [[101, 3]] });
  });

  it("refuses a post-only that would take, and fills a FOK whole or not at all", () => {
    const book = new OrderBook();
    book.submit({ id: 1, owner: 1, side: "sell", price: 100, quantity: 5 });
    expect(
      book.submit({ id: 2, owner: 2, side: "buy", price: 100, quantity: 1, postOnly: true }).reason,
    ).toBe("post_only");
    expect(book.submit({ id: 3, owner: 2, side: "buy", price: 100, quantity: 6, tif: "FOK" })).toMatchObject({
      fills: [],
      cancelled: 6,
      reason: "fok",
    });
    expect(
      book.submit({ id: 4, owner: 2, side: "buy", price: 100, quantity: 5, tif: "FOK" }).fills,
    ).toHaveLength(1);
  });

  it("cancels the customer's own resting order instead of trading with it", () => {
    const book = new OrderBook();
    book.submit({ id: 1, owner: 7, side: "sell", price: 100, quantity: 5 });
    book.submit({ id: 2, owner: 8, side: "sell", price: 101, quantity: 5 });
    const r = book.submit({ id: 3, owner: 7, side: "buy", price: 101, quantity: 3 });
    expect(r.expired).toEqual([{ id: 1, owner: 7, remaining: 5 }]);
    expect(r.fills.map((f) => [f.makerId, f.quantity])).toEqual([[2, 3]]);
  });

  it("fills a FOK that stops at its owner's own order (expire_taker) whole or not at all", () => {
    // The case a 30,000-run search found: others' bids cover the quantity, but the walk meets the
    // owner's own bid first at 95 and would stop there, part filled.
    const book = new OrderBook();
    book.submit({ id: 1, owner: 2, side: "buy", price: 95, quantity: 1 });
    book.submit({ id: 2, owner: 1, side: "buy", price: 95, quantity: 1 });
    book.submit({ id: 3, owner: 1, side: "buy", price: 96, quantity: 11 });
    const fok = book.submit({
      id: 4,
      owner: 2,
      side: "sell",
      price: 95,
      quantity: 12,
      tif: "FOK",
      stp: "expire_taker",
    });
    expect(fok).toMatchObject({ fills: [], cancelled: 12, reason: "fok" });
    expect(book.depth().bids).toEqual([
      [96, 11],
      [95, 2],
    ]);
  });

  it("leaves the customer's own resting orders alone when a market or IOC order meets nobody else", () => {
    const book = new OrderBook();
    book.submit({ id: 1, owner: 7, side: "sell", price: 100, quantity: 5 });
    book.submit({ id: 2, owner: 8, side: "sell", price: 105, quantity: 5 });
    const market = book.submit({ id: 3, owner: 7, side: "buy", quantity: 3 });
    // The market order meets owner 8's ask beyond its own: that one it takes (and expires its own).
    expect(market.fills).toHaveLength(1);
    book.submit({ id: 4, owner: 7, side: "sell", price: 100, quantity: 5 });
    const ioc = book.submit({ id: 5, owner: 7, side: "buy", price: 101, quantity: 3, tif: "IOC" });
    expect(ioc).toMatchObject({ fills: [], expired: [], cancelled: 3, reason: "ioc" });
    const alone = new OrderBook();
    alone.submit({ id: 1, owner: 7, side: "sell", price: 100, quantity: 5 });
    expect(alone.submit({ id: 2, owner: 7, side: "buy", quantity: 3 })).toMatchObject({
      fills: [],
      expired: [],
      cancelled: 3,
      reason: "no_liquidity",
    });
    expect(alone.get(1)?.remaining).toBe(5);
  });
});
