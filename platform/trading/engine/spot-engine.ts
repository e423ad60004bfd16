import Decimal from "decimal.js";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Bus } from "../../bus/bus.ts";
import type { Trade } from "../../contract/market.ts";
import { pricePrecision } from "../../contract/precision.ts";
import type { Db } from "../../db/client.ts";
import { idsOf, reservedIds } from "../../db/ids.ts";
import { executePrepared } from "../../db/prepared.ts";
import { ApiError } from "../../http/errors.ts";
import { freeze, type Movement, type Posting, postMany } from "../../ledger/index.ts";
import type { CustomerLevels, MarketView } from "../../market/index.ts";
import { signedIn } from "../../push/index.ts";
import { STALE_AFTER_MS } from "../prices.ts";
import { engineState, orders, tradingParams } from "../tables.ts";
import { OrderBook } from "./book.ts";
import { exactTicks, lotsOf, priceOf, quantityOf, quoteTicks, type Units, unitsOf } from "./units.ts";

const D = (v: Decimal.Value) => new Decimal(v);
const QUOTE = "USDT";
const baseOf = (code: string) => (code.split("/")[0] ?? "").toUpperCase();
/** The book owner of the platform's liquidity account (no customer has id 0). */
const LIQUIDITY = 0;
/** Commands per database transaction at most (each is one order or cancel). */
const MAX_BATCH = 500;
/** Levels of the reference feed the liquidity account quotes, per side. */
const LIQUIDITY_LEVELS = 20;
/** The ledger movements the engine makes: a fill, and freezing or releasing an order's funds. */
export const SPOT_LEDGER_KINDS = ["spot_fill", "order_freeze", "order_cancel"] as const;
const [FILL, FREEZE, RELEASE] = SPOT_LEDGER_KINDS;

type OrderRow = typeof orders.$inferSelect;
type Side = "buy" | "sell";

export type SpotOrderRequest = {
  userId: number;
  code: string;
  type: "market" | "limit";
  side: Side;
  quantity: Decimal;
  /** The limit (a limit order only), already checked to lie on the price grid. */
  price?: Decimal;
  /** The instrument's terms, read before the order was queued. */
  params: {
    code: string;
    quantityStep: string;
    spotFee: string;
    /** The operator's limits on the liquidity's quotes (see `liquidityLevels`). */
    liquiditySpread?: string;
    liquidityMaxSize?: string | null;
  };
};

/**
 * A customer order as the engine keeps it while it lives: what has filled (quantity, value,
 * fees) and what it still holds frozen.
 */
type Live = {
  id: number;
  userId: number;
  code: string;
  side: Side;
  type: "market" | "limit";
  price: Decimal | null;
  quantity: Decimal;
  filled: Decimal;
  notional: Decimal;
  fee: Decimal;
  frozen: Decimal;
  status: "open" | "filled" | "cancelled";
  fillTime: number | null;
  createdAt: Date;
};

type TradeRow = {
  code: string;
  taker_order_id: number | null;
  taker_user_id: number | null;
  maker_order_id: number | null;
  maker_user_id: number | null;
  taker_side: Side;
  price: string;
  quantity: string;
  taker_fee: string;
  maker_fee: string;
};

type Request =
  | { kind: "place"; order: SpotOrderRequest }
  | { kind: "cancel"; userId: number; orderId: number }
  | { kind: "sync" };
type Command = Request & { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** A place command as the engine's log keeps it. */
type LoggedPlace = {
  k: "place";
  id: number;
  user: number;
  code: string;
  type: "market" | "limit";
  side: Side;
  quantity: string;
  price?: string;
  /** The instrument's quantity step and spot fee rate it was matched under. */
  step: string;
  fee: string;
};
type LoggedCommand = LoggedPlace | { k: "cancel"; user: number; order: number };
/** The liquidity's levels as quoted: [price, size] per level, best first; null quotes nothing. */
type LoggedLevels = { bids: [string, string][]; asks: [string, string][] } | null;

/**
 * One batch as the engine's log (`engine_log`) keeps it, written in the batch's own transaction:
 * everything the matching depended on, so replaying the log into a fresh engine gives the same
 * fills (see replay.ts). In order: a rebuild from the database (with the instrument terms then),
 * the liquidity re-quotes, then the commands.
 */
export type LogEntry = {
  time: number;
  rebuilt?: boolean;
  params?: { code: string; step: string; fee: string }[];
  quotes: [code: string, levels: LoggedLevels][];
  commands: LoggedCommand[];
};

export type SpotEngineDeps = { db: Db; bus: Bus; view: MarketView; now?: () => number };

/**
 * The spot markets' matching engine: one order book per market in memory (price-time priority,
 * see book.ts), fed by a sequencer that takes the commands waiting and runs them as one batch in
 * one database transaction (group commit): the fills, orders, trades and ledger movements of the
 * whole batch are written together, and each customer gets an answer once it has committed.
 *
 * The platform's liquidity account quotes into the books from the reference feed's depth (its
 * levels, re-quoted whenever the feed moves); it is an ordinary participant, so a customer's
 * resting order that the market moves through is filled at the customer's own price, and an
 * incoming order meets customers' resting orders and the liquidity alike, best price first.
 *
 * Several instances stay exact: every batch takes the lock of the `engine_state` row and moves
 * its counter, and an instance that sees the counter moved by another (or whose last batch
 * failed) rebuilds its books from the database before matching.
 */
export function createSpotEngine(deps: SpotEngineDeps) {
  const now = deps.now ?? Date.now;
  const m = createSpotMatcher();
  type Batch = ReturnType<typeof m.batch>;
  /** Per market: the operator's limits on the liquidity's quotes, as last read. */
  const limits = new Map<string, LiquidityLimits>();
  let seq = -1;
  let queue: Command[] = [];
  let draining: Promise<void> | undefined;

  function enqueue<T>(request: Request): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ ...request, resolve: resolve as (value: unknown) => void, reject });
      if (!draining) draining = drain();
    });
  }

  async function drain() {
    // Let the commands that arrive in this turn join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      // Two batches overlap: once a batch has matched (it holds the engine's row lock and is
      // writing), the next one opens its transaction and queues for that lock, so its first
      // round trips are not on the critical path. Matching itself stays one batch at a time:
      // a batch matches only once the lock is its own, after the one before has committed.
      let previous: Promise<void> = Promise.resolve();
      do {
        while (queue.length > 0) {
          const batch = queue.slice(0, MAX_BATCH);
          queue = queue.slice(batch.length);
          let matched: () => void = () => {};
          const reached = new Promise<void>((resolve) => {
            matched = resolve;
          });
          const done = runBatch(batch, matched);
          previous = done;
          await Promise.race([reached, done]);
        }
        await previous;
      } while (queue.length > 0);
    } finally {
      draining = undefined;
    }
  }

  /**
   * Runs a batch; if its transaction fails (one order the customer cannot pay for refuses the
   * whole group), the books are rebuilt and each command runs alone, so only that one is refused.
   * (A batch already queued behind it runs first then: each command's answer is still what the
   * books held when it ran.)
   */
  async function runBatch(batch: Command[], matched: () => void = () => {}) {
    try {
      const settled = await transact(batch, matched);
      for (const [command, outcome] of settled) {
        if (outcome.ok) command.resolve(outcome.value);
        else command.reject(outcome.error);
      }
    } catch (error) {
      seq = -1; // the books may hold what did not commit: rebuild before the next batch
      matched();
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const command of batch) await runBatch([command]);
    }
  }

  type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

  async function transact(batch: Command[], matched: () => void): Promise<Map<Command, Outcome>> {
    const events: { userId: number; event: Record<string, unknown> }[] = [];
    const touched = new Set<string>();
    const tape = new Map<string, Trade[]>();
    const settled = await deps.db.transaction(async (tx) => {
      // The batch's statements are the same text every time: parsed and planned once.
      const execute = (query: SQL) => executePrepared(deps.db, tx, query);
      events.length = 0;
      touched.clear();
      tape.clear();
      // The counter moves (taking the row's lock) and the new orders' ids come in one statement.
      const places = batch.filter((c) => c.kind === "place").length;
      const state = (await execute(sql`with s as (
          update ${engineState} set seq = seq + 1 where name = 'spot' returning seq)
        select (select seq from s)::text as seq, ${reservedIds("orders", places)} as ids,
          set_config('plan_cache_mode', 'force_generic_plan', true) as plans`)) as unknown as {
        rows: { seq: string | null; ids: unknown }[];
      };
      // Read only now that the lock is ours (the batch before has committed or rolled back).
      // Until this attempt has matched and written everything, the books are not to be trusted
      // (a retried transaction runs this again and must start from the database).
      const expected = seq + 1;
      seq = -1;
      const next = Number(state.rows[0]?.seq ?? 0);
      const ids = idsOf(state.rows[0]?.ids);
      const work = m.batch(now());
      if (next !== expected) await rebuild(tx, work);
      const codes = new Set<string>();
      for (const command of batch) {
        if (command.kind !== "place") continue;
        const { params } = command.order;
        m.terms(params.code, params.quantityStep, params.spotFee);
        limits.set(params.code, limitsOf(params));
        codes.add(params.code);
      }
      // The periodic sync reads the limits again, so an operator's change reaches resting books.
      if (batch.some((c) => c.kind === "sync")) await readLimits(tx);
      // The markets where customers' orders rest follow the feed; the others are quoted when an
      // order comes (a quote nobody can meet changes nothing, and stays out of the log).
      if (batch.some((c) => c.kind === "sync")) for (const code of m.restingMarkets()) codes.add(code);
      for (const code of codes) requote(code, work);

      // Each place or cancel names its order; the sync answers with how many fills it made.
      const outcomes = new Map<Command, { ok: true; orderId: number } | { ok: false; error: unknown }>();
      for (const command of batch) {
        if (command.kind === "sync") continue;
        try {
          const orderId =
            command.kind === "place"
              ? m.place(logged(command.order, ids.shift() as number), work)
              : m.cancel(command.userId, command.orderId, work);
          outcomes.set(command, { ok: true, orderId });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          outcomes.set(command, { ok: false, error });
        }
      }
      matched();
      const rows = await work.write(tx, next, execute);
      events.push(...work.events);
      for (const trade of work.trades) {
        const list = tape.get(trade.code) ?? [];
        const precision = pricePrecision(trade.code);
        list.push({
          price: new Decimal(trade.price).toFixed(precision),
          amount: trade.quantity,
          direction: trade.taker_side,
          time: work.time,
        });
        tape.set(trade.code, list);
      }
      for (const live of [...work.created, ...work.changed.values()]) touched.add(live.code);
      seq = next;
      // The answer to a place or cancel is its order as stored.
      const answered = new Map<Command, Outcome>();
      for (const command of batch) {
        const outcome = outcomes.get(command);
        if (!outcome) answered.set(command, { ok: true, value: work.fills });
        else if (outcome.ok) answered.set(command, { ok: true, value: rows.get(outcome.orderId) });
        else answered.set(command, outcome);
      }
      return answered;
    });
    for (const { userId, event } of events) void deps.bus.publish(`account:${userId}`, event);
    for (const code of touched) void deps.bus.publish(`book:${code}`, m.customerLevels(code));
    // The venue's own trades join the public tape (the reference feed's candles and marks stay
    // the feed's: customers trading inside the spread do not move a mark).
    for (const [code, trades] of tape) void deps.bus.publish(`trades:${code}`, trades);
    return settled;
  }

  /** Reloads every resting customer order from the database; the liquidity re-quotes next. */
  async function rebuild(tx: Db, work: Batch) {
    const params = await readLimits(tx);
    const open = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.market, "spot"), eq(orders.status, "open")))
      .orderBy(orders.id);
    m.restore(
      params.map((p) => ({ code: p.code, step: p.step, fee: p.fee })),
      open,
      work,
    );
  }

  /** The instruments' terms, and each market's liquidity limits kept for the next quotes. */
  async function readLimits(tx: Db) {
    const params = await tx
      .select({
        code: tradingParams.code,
        step: tradingParams.quantityStep,
        fee: tradingParams.spotFee,
        liquiditySpread: tradingParams.liquiditySpread,
        liquidityMaxSize: tradingParams.liquidityMaxSize,
      })
      .from(tradingParams);
    for (const p of params) limits.set(p.code, limitsOf(p));
    return params;
  }

  /**
   * Re-quotes a market's liquidity if the feed's depth (or the operator's limits) changed since
   * its last quote.
   */
  function requote(code: string, work: Batch) {
    const depth = deps.view.feedDepth(code);
    const limit = limits.get(code) ?? NO_LIMITS;
    const last = m.quotedFrom(code) as { depth: unknown; limit: LiquidityLimits } | undefined;
    if (last ? last.depth === depth && last.limit === limit : depth === undefined) return;
    // On a stalled feed the platform quotes nothing: nobody trades on an old price.
    const fresh = depth && now() - depth.time <= STALE_AFTER_MS;
    m.quote(code, fresh ? liquidityLevels(depth, limit) : null, { depth, limit }, work);
  }

  return {
    /** Places a spot order; resolves once it is matched and durable. */
    place: (order: SpotOrderRequest) => enqueue<OrderRow>({ kind: "place", order }),
    /** Cancels a customer's resting spot order; its frozen funds return. */
    cancel: (userId: number, orderId: number) => enqueue<OrderRow>({ kind: "cancel", userId, orderId }),
    /** Re-quotes the liquidity where customers' orders rest (filling those it crosses). */
    sync: () => enqueue<number>({ kind: "sync" }),
    /** The book of a market in decimal strings: customers' resting orders and the liquidity. */
    depth: (code: string, levels = 20) => m.depth(code, levels),
    /** Resolves when every queued command has run (tests, shutdown). */
    idle: async () => {
      while (draining) await draining;
    },
  };
}

type LiquidityLimits = { spread: Decimal; maxSize: Decimal | null };
const NO_LIMITS: LiquidityLimits = { spread: D(0), maxSize: null };
const limitsCache = new Map<string, LiquidityLimits>();
/** One object per distinct pair of limits, so an unchanged limit compares equal. */
function limitsOf(p: { liquiditySpread?: string | null; liquidityMaxSize?: string | null }): LiquidityLimits {
  const key = `${p.liquiditySpread ?? "0"}|${p.liquidityMaxSize ?? ""}`;
  let limit = limitsCache.get(key);
  if (!limit) {
    limit = {
      spread: D(p.liquiditySpread ?? 0),
      maxSize: p.liquidityMaxSize ? D(p.liquidityMaxSize) : null,
    };
    limitsCache.set(key, limit);
  }
  return limit;
}

/**
 * The liquidity's levels from the feed's depth, within the operator's limits: each price moved
 * `spread` (a fraction) away from the middle (asks up, bids down; the book then rounds to its
 * tick the same way) and each level's size capped at `maxSize`.
 */
export function liquidityLevels(
  depth: { bids: { price: string; totalSize: string }[]; asks: { price: string; totalSize: string }[] },
  limit: LiquidityLimits,
): NonNullable<LoggedLevels> {
  const side = (levels: { price: string; totalSize: string }[], away: Decimal) =>
    levels.slice(0, LIQUIDITY_LEVELS).map((l): [string, string] => {
      const size = limit.maxSize ? Decimal.min(l.totalSize, limit.maxSize) : D(l.totalSize);
      return [D(l.price).mul(away).toFixed(), size.toFixed()];
    });
  return {
    bids: side(depth.bids, D(1).minus(limit.spread)),
    asks: side(depth.asks, D(1).plus(limit.spread)),
  };
}

/** A place command as the log keeps it: the order and the instrument terms it was matched under. */
function logged(order: SpotOrderRequest, id: number): LoggedPlace {
  return {
    k: "place",
    id,
    user: order.userId,
    code: order.params.code,
    type: order.type,
    side: order.side,
    quantity: order.quantity.toFixed(),
    ...(order.price ? { price: order.price.toFixed() } : {}),
    step: order.params.quantityStep,
    fee: order.params.spotFee,
  };
}

/**
 * The books and what matching does to them, with no database: the engine runs it inside each
 * batch's transaction, and a replay runs it over the log (the same code, so the same fills).
 */
export function createSpotMatcher() {
  const books = new Map<string, OrderBook>();
  const units = new Map<string, Units>();
  const fees = new Map<string, string>();
  /** Every customer order resting on a book, by id. */
  const resting = new Map<number, Live>();
  /** Per market: the liquidity orders on its book, and what they were quoted from. */
  const quoted = new Map<string, { ids: number[]; from: unknown }>();
  let nextLiquidityId = -1;

  const bookOf = (code: string) => {
    let book = books.get(code);
    if (!book) {
      book = new OrderBook();
      books.set(code, book);
    }
    return book;
  };

  /** The terms an order of the market is matched under (the step is fixed once a book has it). */
  function terms(code: string, step: string, fee: string) {
    if (!units.has(code)) units.set(code, unitsOf(code, step));
    fees.set(code, fee);
  }

  /** Replaces the books with the resting customer orders given (the liquidity re-quotes next). */
  function restore(params: { code: string; step: string; fee: string }[], open: OrderRow[], work: Batch) {
    books.clear();
    resting.clear();
    quoted.clear();
    work.log.rebuilt = true;
    work.log.params = params;
    for (const p of params) {
      units.set(p.code, unitsOf(p.code, p.step));
      fees.set(p.code, p.fee);
    }
    for (const row of open) {
      const u = units.get(row.code);
      if (!u || !row.price) continue;
      const live = liveOf(row);
      resting.set(row.id, live);
      bookOf(row.code).restore({
        id: row.id,
        owner: row.userId,
        side: row.side,
        price: exactTicks(D(row.price), u) ?? quoteTicks(D(row.price), row.side, u),
        remaining: lotsOf(live.quantity.minus(live.filled), u),
      });
    }
  }

  /**
   * Replaces the liquidity account's quotes on a market with `levels` (`from` names what they
   * came from, so an unchanged feed is not quoted again). A new quote that crosses a customer's
   * resting order fills it, at the customer's price.
   */
  function quote(code: string, levels: LoggedLevels, from: unknown, work: Batch) {
    const u = units.get(code);
    if (!u) return;
    const book = bookOf(code);
    for (const id of quoted.get(code)?.ids ?? []) book.cancel(id);
    const ids: number[] = [];
    quoted.set(code, { ids, from });
    work.log.quotes.push([code, levels]);
    if (!levels) return;
    const side = (side: Side, list: [string, string][]) => {
      for (const [at, size] of list) {
        const lots = lotsOf(D(size), u);
        if (lots <= 0) continue;
        const id = nextLiquidityId--;
        const price = quoteTicks(D(at), side, u);
        // Never against its own quotes: on a locked feed (best bid = best ask) both stay.
        const result = book.submit({
          id,
          owner: LIQUIDITY,
          side,
          price,
          quantity: lots,
          stp: "expire_taker",
        });
        for (const fill of result.fills) {
          const maker = resting.get(fill.makerId);
          if (maker) work.fill(undefined, maker, side, priceOf(fill.price, u), quantityOf(fill.quantity, u));
          if (maker && fill.makerRemaining === 0) done(maker, work);
        }
        if (result.reason === "self_trade")
          book.restore({ id, owner: LIQUIDITY, side, price, remaining: result.cancelled });
        if (result.rested > 0 || result.reason === "self_trade") ids.push(id);
      }
    };
    side("buy", levels.bids);
    side("sell", levels.asks);
  }

  function place(order: LoggedPlace, work: Batch): number {
    work.log.commands.push(order);
    const { id } = order;
    const u = units.get(order.code) as Units;
    const book = bookOf(order.code);
    const limit = order.price === undefined ? undefined : D(order.price);
    const live: Live = {
      id,
      userId: order.user,
      code: order.code,
      side: order.side,
      type: order.type,
      price: limit ?? null,
      quantity: D(order.quantity),
      filled: D(0),
      notional: D(0),
      fee: D(0),
      frozen: D(0),
      status: "open",
      fillTime: null,
      createdAt: new Date(work.time),
    };
    const result = book.submit({
      id,
      owner: order.user,
      side: order.side,
      price: limit ? exactTicks(limit, u) : undefined,
      quantity: lotsOf(D(order.quantity), u),
    });
    // Self-trade prevention cancelled the customer's own resting orders that this one would meet.
    for (const expired of result.expired) {
      const own = resting.get(expired.id);
      if (own) cancelLive(own, work);
    }
    for (const fill of result.fills) {
      const price = priceOf(fill.price, u);
      const quantity = quantityOf(fill.quantity, u);
      const maker = resting.get(fill.makerId);
      work.fill(live, maker, order.side, price, quantity);
      if (maker && fill.makerRemaining === 0) done(maker, work);
    }
    if (result.fills.length === 0 && result.rested === 0) {
      throw new ApiError(503, "trading.no_liquidity", { errors: { quantity: ["trading.no_liquidity"] } });
    }
    if (result.rested > 0) {
      // What a resting order may still spend stays frozen: the quote coin at its limit for a
      // buy, the coin itself for a sell.
      const left = live.quantity.minus(live.filled);
      const amount =
        order.side === "buy" ? left.mul(limit as Decimal).toDecimalPlaces(8, Decimal.ROUND_UP) : left;
      live.frozen = amount;
      work.move({
        kind: FREEZE,
        ref: { type: "order", id },
        postings: freeze(
          { user: order.user, wallet: "spot" },
          order.side === "buy" ? QUOTE : baseOf(live.code),
          amount,
        ),
      });
      resting.set(id, live);
    } else {
      live.status = live.filled.eq(live.quantity) ? "filled" : "cancelled";
    }
    work.created.push(live);
    // Its fills touched it as a changed order; it is written once, as a new one.
    work.changed.delete(id);
    work.events.push({ userId: live.userId, event: { type: "order", id, status: live.status } });
    return id;
  }

  function cancel(userId: number, orderId: number, work: Batch): number {
    work.log.commands.push({ k: "cancel", user: userId, order: orderId });
    const live = resting.get(orderId);
    if (!live || live.userId !== userId) throw new ApiError(404, "trading.order_not_open");
    bookOf(live.code).cancel(orderId);
    cancelLive(live, work);
    return orderId;
  }

  /** Takes a resting order off the book's accounts: what it froze returns to the customer. */
  function cancelLive(live: Live, work: Batch) {
    resting.delete(live.id);
    live.status = "cancelled";
    release(live, work);
    work.touch(live);
    work.events.push({ userId: live.userId, event: { type: "order", id: live.id, status: "cancelled" } });
  }

  /** A resting order filled whole: it leaves the book, and any rounding left frozen returns. */
  function done(live: Live, work: Batch) {
    resting.delete(live.id);
    live.status = "filled";
    release(live, work);
    work.events.push({ userId: live.userId, event: { type: "order", id: live.id, status: "filled" } });
  }

  function release(live: Live, work: Batch) {
    if (live.frozen.lte(0)) return;
    work.move({
      kind: RELEASE,
      ref: { type: "order", id: live.id },
      postings: freeze(
        { user: live.userId, wallet: "spot" },
        live.side === "buy" ? QUOTE : baseOf(live.code),
        live.frozen.neg(),
      ),
    });
    live.frozen = D(0);
  }

  /** What one batch does, collected in memory and written at its end in a few statements. */
  class Batch {
    readonly created: Live[] = [];
    readonly changed = new Map<number, Live>();
    readonly movements: Movement[] = [];
    readonly trades: TradeRow[] = [];
    readonly events: { userId: number; event: Record<string, unknown> }[] = [];
    /** What the batch was given (see LogEntry): written with it, so it can be replayed. */
    readonly log: LogEntry;
    fills = 0;
    constructor(readonly time: number) {
      this.log = { time, quotes: [], commands: [] };
    }

    move(movement: Movement) {
      this.movements.push(movement);
    }

    touch(live: Live) {
      if (!this.created.includes(live)) this.changed.set(live.id, live);
    }

    /**
     * One fill between a taker and a maker (either may be the liquidity account, `undefined`):
     * the buyer pays the quote coin and receives the base coin, the seller the reverse, each
     * customer paying the fee (spot fee rate) on what it receives; the liquidity account's side
     * is the platform's counterparty account.
     */
    fill(
      taker: Live | undefined,
      maker: Live | undefined,
      takerSide: Side,
      price: Decimal,
      quantity: Decimal,
    ) {
      this.fills++;
      const code = (taker ?? maker)?.code as string;
      const rate = fees.get(code) ?? "0.001";
      const buyer = takerSide === "buy" ? taker : maker;
      const seller = takerSide === "buy" ? maker : taker;
      const base = baseOf(code);
      const exact = quantity.mul(price);
      // The buyer pays the value rounded up; a resting buy never more than it still has frozen
      // (it froze its whole remainder at its price rounded up once; its fills round up each).
      let cost = exact.toDecimalPlaces(8, Decimal.ROUND_UP);
      if (buyer && buyer === maker) cost = Decimal.min(cost, buyer.frozen);
      // A customer seller receives what the buyer paid; facing the liquidity account, what the
      // fill is worth rounded down (the platform keeps the rounding, never the customer).
      const proceeds = buyer ? cost : exact.toDecimalPlaces(8, Decimal.ROUND_DOWN);
      const postings: Posting[] = [];
      const fee = (amount: Decimal) => amount.mul(rate).toDecimalPlaces(8, Decimal.ROUND_UP);
      let buyerFee = D(0);
      let sellerFee = D(0);
      const counterparty = { platform: "counterparty" as const };
      if (buyer) {
        const wallet = { user: buyer.userId, wallet: "spot" as const };
        const bucket = buyer === maker ? "frozen" : "available";
        buyerFee = fee(quantity);
        postings.push({ account: wallet, coin: QUOTE, amount: cost.neg(), bucket });
        postings.push({ account: wallet, coin: base, amount: quantity.minus(buyerFee) });
        if (buyer === maker) buyer.frozen = buyer.frozen.minus(cost);
      } else {
        postings.push({ account: counterparty, coin: QUOTE, amount: proceeds.neg() });
        postings.push({ account: counterparty, coin: base, amount: quantity });
      }
      if (seller) {
        const wallet = { user: seller.userId, wallet: "spot" as const };
        const bucket = seller === maker ? "frozen" : "available";
        sellerFee = fee(proceeds);
        postings.push({ account: wallet, coin: base, amount: quantity.neg(), bucket });
        postings.push({ account: wallet, coin: QUOTE, amount: proceeds.minus(sellerFee) });
        if (seller === maker) seller.frozen = seller.frozen.minus(quantity);
      } else {
        postings.push({ account: counterparty, coin: base, amount: quantity.neg() });
        postings.push({ account: counterparty, coin: QUOTE, amount: cost });
      }
      if (buyerFee.gt(0)) postings.push({ account: { platform: "fees" }, coin: base, amount: buyerFee });
      if (sellerFee.gt(0)) postings.push({ account: { platform: "fees" }, coin: QUOTE, amount: sellerFee });
      const owner = (taker ?? maker) as Live;
      this.movements.push({
        kind: FILL,
        ref: { type: "order", id: owner.id },
        postings: postings.filter((p) => !D(p.amount).isZero()),
      });
      for (const [live, fee] of [
        [buyer, buyerFee],
        [seller, sellerFee],
      ] as const) {
        if (!live) continue;
        live.filled = live.filled.plus(quantity);
        live.notional = live.notional.plus(exact);
        live.fee = live.fee.plus(fee);
        live.fillTime = this.time;
        this.touch(live);
      }
      // The liquidity account's side of a trade has no order (null).
      this.trades.push({
        code,
        taker_order_id: taker?.id ?? null,
        taker_user_id: taker?.userId ?? null,
        maker_order_id: maker?.id ?? null,
        maker_user_id: maker?.userId ?? null,
        taker_side: takerSide,
        price: price.toFixed(),
        quantity: quantity.toFixed(),
        taker_fee: (taker === buyer ? buyerFee : sellerFee).toFixed(),
        maker_fee: (maker === buyer ? buyerFee : sellerFee).toFixed(),
      });
    }

    /**
     * A push notification for each customer order that traded in this batch (platform/push
     * words and sends it once the batch commits): filled, or how much of it is.
     */
    fillNotices(rows: Map<number, OrderRow>) {
      const traded = new Set<number>();
      for (const t of this.trades) {
        if (t.taker_order_id !== null) traded.add(t.taker_order_id);
        if (t.maker_order_id !== null) traded.add(t.maker_order_id);
      }
      return [...traded].flatMap((id) => {
        const row = rows.get(id);
        if (!row) return [];
        const precision = pricePrecision(row.code);
        return [
          {
            userId: row.userId,
            type: row.status === "filled" ? "order_filled" : "order_partly_filled",
            params: {
              id,
              code: row.code.toUpperCase(),
              side: row.side,
              filled: row.filledQuantity,
              quantity: row.quantity,
              price: row.fillPrice ? D(row.fillPrice).toDecimalPlaces(precision).toFixed() : "—",
            },
          },
        ];
      });
    }

    /**
     * Writes the batch: new orders, changed orders, trades and the log entry (their rows as JSON
     * parameters) in the ledger's own write statement (see `postMany`). Answers with the orders
     * as now stored, built from what the engine holds.
     */
    async write(
      tx: Db,
      seq: number,
      execute?: (query: SQL) => Promise<unknown>,
    ): Promise<Map<number, OrderRow>> {
      // The rows as the engine holds them travel as JSON (camelCase keys, dates as ISO text) and
      // are read back in the database by name.
      const at = new Date(this.time);
      const rows = new Map<number, OrderRow>();
      for (const live of [...this.created, ...this.changed.values()]) rows.set(live.id, rowOf(live, at));
      // Only the columns the statement reads travel (the row's other fields are null or fixed,
      // and the update time is the batch's): a third of the bytes a batch sends and parses.
      // What a fill changes; a new order adds what it was placed with.
      const fillColumns = (r: OrderRow) => ({
        id: r.id,
        status: r.status,
        filledQuantity: r.filledQuantity,
        fillPrice: r.fillPrice,
        fee: r.fee,
        frozen: r.frozen,
        fillTickTime: r.fillTickTime,
      });
      const created = this.created.map((live) => {
        const r = rows.get(live.id) as OrderRow;
        const { userId, code, side, type, price, quantity, createdAt } = r;
        return { ...fillColumns(r), userId, code, side, type, price, quantity, createdAt };
      });
      const changed = [...this.changed.keys()].map((id) => fillColumns(rows.get(id) as OrderRow));
      const { log } = this;
      const logged = log.rebuilt || log.quotes.length > 0 || log.commands.length > 0;
      if (created.length + changed.length + this.trades.length === 0 && !logged) {
        await postMany(tx, this.movements, {
          insufficientKey: "wallet.insufficient",
          field: "quantity",
          execute,
        });
        return rows;
      }
      // The orders, trades and log ride in the ledger's write statement (one round trip).
      const alongside = sql`
          n as (insert into orders (id, user_id, market, code, side, type, price, quantity, status,
              filled_quantity, fill_price, fee, frozen, fill_tick_time, created_at, updated_at)
            select id, "userId", 'spot', code, side, type, price, quantity, status,
              "filledQuantity", "fillPrice", fee, frozen, "fillTickTime", "createdAt", ${at.toISOString()}::timestamptz
            from json_to_recordset(${JSON.stringify(created)}::json) as r(id int, "userId" int, code text,
              side text, type text, price numeric, quantity numeric, status text, "filledQuantity" numeric,
              "fillPrice" numeric, fee numeric, frozen numeric, "fillTickTime" bigint, "createdAt" timestamptz)),
          c as (update orders as o set status = r.status, filled_quantity = r."filledQuantity",
              fill_price = r."fillPrice", fee = r.fee, frozen = r.frozen, fill_tick_time = r."fillTickTime",
              updated_at = ${at.toISOString()}::timestamptz
            from json_to_recordset(${JSON.stringify(changed)}::json) as r(id int, status text,
              "filledQuantity" numeric, "fillPrice" numeric, fee numeric, frozen numeric, "fillTickTime" bigint)
            where o.id = r.id),
          tr as (insert into trades (market, code, taker_order_id, taker_user_id, maker_order_id,
              maker_user_id, taker_side, price, quantity, taker_fee, maker_fee)
            select 'spot', code, taker_order_id, taker_user_id, maker_order_id, maker_user_id, taker_side,
              price, quantity, taker_fee, maker_fee
            from json_to_recordset(${JSON.stringify(this.trades)}::json) as r(code text, taker_order_id int,
              taker_user_id int, maker_order_id int, maker_user_id int, taker_side text, price numeric,
              quantity numeric, taker_fee numeric, maker_fee numeric)),
          lg as (insert into engine_log (seq, entry)
            select ${seq}, ${JSON.stringify(log)}::jsonb where ${logged}),
          pu as (insert into push_outbox (subscription_id, type, params)
            select s.id, r.type, r.params from json_to_recordset(${JSON.stringify(this.fillNotices(rows))}::json)
              as r("userId" int, type text, params jsonb)
            join push_subscriptions s on s.user_id = r."userId" where ${signedIn})`;
      await postMany(tx, this.movements, {
        insufficientKey: "wallet.insufficient",
        field: "quantity",
        alongside,
        execute,
      });
      return rows;
    }
  }

  /** The customers' resting orders of a market summed per price, for the public book. */
  function customerLevels(code: string): CustomerLevels {
    const sides = { buy: new Map<number, number>(), sell: new Map<number, number>() };
    for (const live of resting.values()) {
      if (live.code !== code || !live.price) continue;
      const price = live.price.toNumber();
      const left = live.quantity.minus(live.filled).toNumber();
      sides[live.side].set(price, (sides[live.side].get(price) ?? 0) + left);
    }
    return {
      bids: [...sides.buy].sort((a, b) => b[0] - a[0]),
      asks: [...sides.sell].sort((a, b) => a[0] - b[0]),
    };
  }

  /**
   * Runs one logged batch again: the rebuild (from what this matcher holds, as the database
   * would have given it back), the quotes, then the commands; a refused command is refused again.
   */
  function replay(entry: LogEntry): Batch {
    const work = new Batch(entry.time);
    if (entry.rebuilt) {
      const at = new Date(entry.time);
      const open = [...resting.values()].sort((a, b) => a.id - b.id).map((live) => rowOf(live, at));
      restore(entry.params ?? [], open, work);
    }
    for (const command of entry.commands)
      if (command.k === "place") terms(command.code, command.step, command.fee);
    for (const [code, levels] of entry.quotes) quote(code, levels, undefined, work);
    for (const command of entry.commands) {
      try {
        if (command.k === "place") place(command, work);
        else cancel(command.user, command.order, work);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      }
    }
    return work;
  }

  return {
    batch: (time: number) => new Batch(time),
    terms,
    restore,
    quote,
    place,
    cancel,
    replay,
    customerLevels,
    /** What the market's liquidity was last quoted from. */
    quotedFrom: (code: string) => quoted.get(code)?.from,
    /** The markets where customers' orders rest. */
    restingMarkets: () => new Set([...resting.values()].map((live) => live.code)),
    /** Customers' orders resting, as the engine holds them (a replay compares them). */
    resting: () => [...resting.values()],
    /** The book of a market in decimal strings: customers' resting orders and the liquidity. */
    depth(code: string, levels = 20) {
      const u = units.get(code);
      const book = books.get(code);
      if (!u || !book) return undefined;
      const d = book.depth(levels);
      const out = (side: [number, number][]) =>
        side.map(([p, q]) => ({ price: priceOf(p, u).toFixed(), quantity: quantityOf(q, u).toFixed() }));
      return { bids: out(d.bids), asks: out(d.asks) };
    },
  };
}

/** The average price of an order's fills so far (undefined before the first). */
function averagePrice(live: Live): Decimal | undefined {
  return live.filled.gt(0) ? live.notional.div(live.filled).toDecimalPlaces(12) : undefined;
}

/** The stored row of an order, as the engine holds it (what `write` has just stored). */
function rowOf(live: Live, at: Date): OrderRow {
  return {
    id: live.id,
    userId: live.userId,
    market: "spot",
    code: live.code,
    contractType: null,
    expiry: null,
    side: live.side,
    type: live.type,
    price: live.price?.toFixed() ?? null,
    quantity: live.quantity.toFixed(),
    leverage: null,
    takeProfit: null,
    stopLoss: null,
    status: live.status,
    frozen: live.frozen.toFixed(),
    filledQuantity: live.filled.toFixed(),
    fillPrice: averagePrice(live)?.toFixed() ?? null,
    fee: live.fee.toFixed(),
    fillTickTime: live.fillTime,
    positionId: null,
    createdAt: live.createdAt,
    updatedAt: at,
  };
}

function liveOf(row: OrderRow): Live {
  const filled = D(row.filledQuantity);
  return {
    id: row.id,
    userId: row.userId,
    code: row.code,
    side: row.side,
    type: row.type,
    price: row.price ? D(row.price) : null,
    quantity: D(row.quantity),
    filled,
    notional: row.fillPrice ? D(row.fillPrice).mul(filled) : D(0),
    fee: D(row.fee),
    frozen: D(row.frozen),
    status: row.status,
    fillTime: row.fillTickTime,
    createdAt: row.createdAt,
  };
}

export type SpotEngine = ReturnType<typeof createSpotEngine>;
