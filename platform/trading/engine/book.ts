/**
 * One market's order book and its matching, in memory: price-time priority, integers only.
 *
 * Prices are in ticks (the instrument's price precision) and quantities in lots (its quantity
 * step), so the book never rounds: converting from and to decimal strings is the caller's work
 * (see `units.ts`). The book is deterministic: the same orders in the same sequence give the same
 * fills, which is what lets the engine be rebuilt from the stored order log.
 *
 * The rules (each a property test in book.test.ts against a naive model):
 * - an incoming order meets the best opposite price first and trades at the resting order's
 *   price, never beyond its own limit; within a price, the oldest resting order first;
 * - what a GTC limit does not fill rests; IOC and market orders drop their remainder; FOK fills
 *   whole or not at all; post-only is refused if it would take;
 * - self-trade prevention: an order never trades with a resting order of the same owner; by
 *   default the resting one is cancelled (Binance's EXPIRE_MAKER), or the incoming one stops; a
 *   market or IOC order that would meet nobody else's order is dropped with its owner's left alone.
 */

export type Side = "buy" | "sell";
export type TimeInForce = "GTC" | "IOC" | "FOK";
export type SelfTradePrevention = "expire_maker" | "expire_taker";

export type IncomingOrder = {
  id: number;
  owner: number;
  side: Side;
  /** Limit in ticks; undefined for a market order. */
  price?: number;
  /** Lots. */
  quantity: number;
  tif?: TimeInForce;
  postOnly?: boolean;
  stp?: SelfTradePrevention;
};

export type Fill = {
  takerId: number;
  takerOwner: number;
  makerId: number;
  makerOwner: number;
  /** The resting (maker) order's price, in ticks. */
  price: number;
  quantity: number;
  /** What the maker has left after this fill (0: it left the book). */
  makerRemaining: number;
};

export type CancelReason = "ioc" | "fok" | "post_only" | "self_trade" | "no_liquidity";

export type MatchResult = {
  fills: Fill[];
  /** Lots of the incoming order left resting on the book (0 if none). */
  rested: number;
  /** Lots of the incoming order dropped, and why (none when it filled or rested whole). */
  cancelled: number;
  reason?: CancelReason;
  /** Resting orders cancelled by self-trade prevention (their whole remainder). */
  expired: Expired[];
};

export type Expired = { id: number; owner: number; remaining: number };
const NONE = Object.freeze([]) as never[];

export type RestingOrder = {
  id: number;
  owner: number;
  side: Side;
  price: number;
  remaining: number;
  prev: RestingOrder | undefined;
  next: RestingOrder | undefined;
  level: Level;
};

type Level = { price: number; total: number; head: RestingOrder | undefined; tail: RestingOrder | undefined };

/**
 * One side of the book. Levels are kept in an array sorted worst to best, so the best level is
 * the last element (taken and removed in O(1)); a new level is placed by binary search.
 */
class BookSide {
  readonly levels: Level[] = [];
  readonly byPrice = new Map<number, Level>();
  constructor(readonly side: Side) {}

  /** Is `a` a better price than `b` for this side (higher bid, lower ask)? */
  better(a: number, b: number): boolean {
    return this.side === "buy" ? a > b : a < b;
  }

  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  level(price: number): Level {
    let level = this.byPrice.get(price);
    if (level) return level;
    level = { price, total: 0, head: undefined, tail: undefined };
    this.byPrice.set(price, level);
    // First index whose level is better than `price`: insert before it.
    let lo = 0;
    let hi = this.levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better((this.levels[mid] as Level).price, price)) hi = mid;
      else lo = mid + 1;
    }
    if (lo === this.levels.length) this.levels.push(level);
    else this.levels.splice(lo, 0, level);
    return level;
  }

  dropLevel(level: Level) {
    this.byPrice.delete(level.price);
    const last = this.levels.length - 1;
    if (this.levels[last] === level) {
      this.levels.pop();
      return;
    }
    const index = this.levels.indexOf(level);
    if (index >= 0) this.levels.splice(index, 1);
  }
}

export class OrderBook {
  private readonly bids = new BookSide("buy");
  private readonly asks = new BookSide("sell");
  private readonly resting = new Map<number, RestingOrder>();

  constructor(readonly defaultStp: SelfTradePrevention = "expire_maker") {}

  private sideOf(side: Side) {
    return side === "buy" ? this.bids : this.asks;
  }

  /** The best bid and ask in ticks (undefined on an empty side). */
  top(): { bid: number | undefined; ask: number | undefined } {
    return { bid: this.bids.best()?.price, ask: this.asks.best()?.price };
  }

  get(id: number): RestingOrder | undefined {
    return this.resting.get(id);
  }

  get size(): number {
    return this.resting.size;
  }

  /** Up to `levels` aggregated levels per side, best first: [price, lots]. */
  depth(levels = 20): { bids: [number, number][]; asks: [number, number][] } {
    const take = (side: BookSide) => {
      const out: [number, number][] = [];
      for (let i = side.levels.length - 1; i >= 0 && out.length < levels; i--) {
        const level = side.levels[i] as Level;
        out.push([level.price, level.total]);
      }
      return out;
    };
    return { bids: take(this.bids), asks: take(this.asks) };
  }

  /** Every resting order of a side, best price first, oldest first within a price. */
  *orders(side: Side): Generator<RestingOrder> {
    const book = this.sideOf(side);
    for (let i = book.levels.length - 1; i >= 0; i--) {
      for (let o = (book.levels[i] as Level).head; o; o = o.next) yield o;
    }
  }

  /**
   * Lots an order of `side` limited at `price` could take, not counting `owner`'s own: with
   * `expire_taker` the walk stops at the first of them, as the match would.
   */
  private available(
    side: Side,
    price: number | undefined,
    owner: number,
    wanted: number,
    stp: SelfTradePrevention,
  ): number {
    const opposite = this.sideOf(side === "buy" ? "sell" : "buy");
    let total = 0;
    for (let i = opposite.levels.length - 1; i >= 0 && total < wanted; i--) {
      const level = opposite.levels[i] as Level;
      if (price !== undefined && (side === "buy" ? level.price > price : level.price < price)) break;
      for (let o = level.head; o && total < wanted; o = o.next) {
        if (o.owner !== owner) total += o.remaining;
        else if (stp === "expire_taker") return total;
      }
    }
    return total;
  }

  /** Matches an incoming order and rests what is left of a GTC limit. */
  submit(order: IncomingOrder): MatchResult {
    if (this.resting.has(order.id)) throw new Error(`order ${order.id} is already on the book`);
    // Most orders expire nothing and many fill nothing: they share one empty array (never written
    // to) instead of allocating two per order; a list is made on the first entry.
    const result: MatchResult = {
      fills: NONE,
      rested: 0,
      cancelled: 0,
      expired: NONE,
    };
    const isMarket = order.price === undefined;
    const tif: TimeInForce = isMarket ? "IOC" : (order.tif ?? "GTC");
    const stp = order.stp ?? this.defaultStp;
    const opposite = order.side === "buy" ? this.asks : this.bids;
    const buying = order.side === "buy";
    // A market order has no limit: every price crosses.
    const limit = isMarket
      ? buying
        ? Number.POSITIVE_INFINITY
        : Number.NEGATIVE_INFINITY
      : (order.price as number);

    if (order.postOnly && !isMarket) {
      const best = opposite.best();
      if (best && (buying ? best.price <= limit : best.price >= limit)) {
        result.cancelled = order.quantity;
        result.reason = "post_only";
        return result;
      }
    }
    if (
      tif === "FOK" &&
      this.available(order.side, order.price, order.owner, order.quantity, stp) < order.quantity
    ) {
      result.cancelled = order.quantity;
      result.reason = "fok";
      return result;
    }

    // An order that cannot rest and would meet only its owner's own orders is dropped before
    // self-trade prevention expires any: a refused order changes nothing on the book.
    if (
      tif !== "GTC" &&
      stp === "expire_maker" &&
      this.available(order.side, order.price, order.owner, 1, stp) === 0
    ) {
      result.cancelled = order.quantity;
      result.reason = isMarket ? "no_liquidity" : "ioc";
      return result;
    }

    let remaining = order.quantity;
    const levels = opposite.levels;
    while (remaining > 0) {
      const level = levels[levels.length - 1];
      if (level === undefined || (buying ? level.price > limit : level.price < limit)) break;
      const maker = level.head as RestingOrder;
      if (maker.owner === order.owner) {
        if (stp === "expire_taker") {
          result.cancelled = remaining;
          result.reason = "self_trade";
          return result;
        }
        if (result.expired === NONE) result.expired = [];
        result.expired.push({ id: maker.id, owner: maker.owner, remaining: maker.remaining });
        this.unlink(maker);
        continue;
      }
      const quantity = maker.remaining < remaining ? maker.remaining : remaining;
      maker.remaining -= quantity;
      level.total -= quantity;
      remaining -= quantity;
      if (result.fills === NONE) result.fills = [];
      result.fills.push({
        takerId: order.id,
        takerOwner: order.owner,
        makerId: maker.id,
        makerOwner: maker.owner,
        price: level.price,
        quantity,
        makerRemaining: maker.remaining,
      });
      if (maker.remaining === 0) this.unlink(maker);
    }

    if (remaining > 0) {
      if (tif === "GTC") {
        this.rest(order, remaining);
        result.rested = remaining;
      } else {
        result.cancelled = remaining;
        result.reason = isMarket && result.fills.length === 0 ? "no_liquidity" : "ioc";
      }
    }
    return result;
  }

  /**
   * Puts an order on the book without matching: rebuilding the book from stored resting orders,
   * which by construction never crossed.
   */
  restore(order: { id: number; owner: number; side: Side; price: number; remaining: number }) {
    this.rest(order, order.remaining);
  }

  /** Removes a resting order; returns what it had left, or undefined if it was not on the book. */
  cancel(id: number): RestingOrder | undefined {
    const order = this.resting.get(id);
    if (!order) return undefined;
    this.unlink(order);
    return order;
  }

  private rest(order: { id: number; owner: number; side: Side; price?: number }, remaining: number) {
    const book = this.sideOf(order.side);
    const level = book.level(order.price as number);
    const node: RestingOrder = {
      id: order.id,
      owner: order.owner,
      side: order.side,
      price: level.price,
      remaining,
      prev: level.tail,
      next: undefined,
      level,
    };
    if (level.tail) level.tail.next = node;
    else level.head = node;
    level.tail = node;
    level.total += remaining;
    this.resting.set(order.id, node);
  }

  private unlink(order: RestingOrder) {
    const level = order.level;
    if (order.prev) order.prev.next = order.next;
    else level.head = order.next;
    if (order.next) order.next.prev = order.prev;
    else level.tail = order.prev;
    level.total -= order.remaining;
    this.resting.delete(order.id);
    if (!level.head) this.sideOf(order.side).dropLevel(level);
  }
}
