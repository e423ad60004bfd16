import Decimal from "decimal.js";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Bus } from "../../bus/bus.ts";
import { dec } from "../../contract/decimal.ts";
import {
  type LiquidityLimits,
  type LiquidityTerms,
  limitsOf,
  liquidityLevels,
  NO_LIMITS,
  onGrid,
  onTheGrid,
  type QuotedLevels,
} from "../../contract/liquidity.ts";
import type { Trade } from "../../contract/market.ts";
import { messageKey } from "../../contract/message-key.ts";
import { pricePrecision } from "../../contract/precision.ts";
import { bandPercent } from "../../contract/trading-math.ts";
import {
  exactTicks,
  lotsOf,
  priceOf,
  quantityOf,
  quoteTicks,
  type Units,
  unitsOf,
} from "../../contract/units.ts";
import type { Db } from "../../db/client.ts";
import { idsOf, reservedIds } from "../../db/ids.ts";
import { executePrepared, type PreparedOptions } from "../../db/prepared.ts";
import { ApiError, fieldError } from "../../http/errors.ts";
import { postMessage } from "../../inbox/index.ts";
import {
  freeze,
  type Movement,
  type Posting,
  postMany,
  StaleAccountIds,
  spendFrozen,
  transfer,
} from "../../ledger/index.ts";
import type { CustomerLevels, MarketView } from "../../market/index.ts";
import { signedIn } from "../../push/index.ts";
import * as math from "../math.ts";
import { STALE_AFTER_MS } from "../prices.ts";
import { engineState, orders, positionCloses, tradingParams } from "../tables.ts";
import { OrderBook } from "./book.ts";

const D = (v: Decimal.Value) => new Decimal(v);
const QUOTE = "USDT";
const baseOf = (code: string) => (code.split("/")[0] ?? "").toUpperCase();
/** The book owner of the platform's liquidity account (no customer has id 0). */
const LIQUIDITY = 0;
/** Commands per database transaction at most (each is one order or cancel). */
const MAX_BATCH = 500;
/**
 * The ledger movements the engine makes: a spot fill, freezing or releasing an order's funds,
 * and a contract fill (the position's margin and the fee).
 */
export const ENGINE_LEDGER_KINDS = ["spot_fill", "order_freeze", "order_cancel", "contract_open"] as const;
const [FILL, FREEZE, RELEASE, OPEN] = ENGINE_LEDGER_KINDS;

type OrderRow = typeof orders.$inferSelect;
type Side = "buy" | "sell";
type Market = "spot" | "contract";

/**
 * The book a contract order trades on: one per instrument and contract, since only orders for
 * the same thing may meet. A perpetual is one contract per coin; a delivery contract is a
 * different one for each expiry (this week's and next week's BTC weekly do not trade at one
 * price), so its book is named by its expiry too. A spot book is named by its code.
 */
export function contractBook(code: string, contractType: string, expiry: Date | number | null): string {
  const at = expiry === null ? undefined : new Date(expiry).getTime();
  return at === undefined ? `${code}:${contractType}` : `${code}:${contractType}:${at}`;
}
const bookOfRequest = (o: SpotOrderRequest) =>
  o.contract ? contractBook(o.params.code, o.contract.contractType, o.contract.expiry) : o.params.code;
const bookOfLogged = (o: LoggedPlace) => (o.c ? contractBook(o.code, o.c.type, o.c.expiry) : o.code);
/** The instrument a book trades (its name starts with the code). */
const codeOfBook = (book: string) => book.split(":")[0] as string;

/** A contract order's own terms: what its position will be opened with. */
export type ContractOrderTerms = {
  contractType: string;
  expiry: Date | null;
  leverage: number;
  takeProfit: string | null;
  stopLoss: string | null;
  /**
   * The mark price when it was placed: the order is refused if the position it opens would be
   * past its liquidation price at this mark, at the price the book would fill it at.
   */
  mark: Decimal;
};

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
    /** A contract's fee rates by role, and maintenance margin rate. */
    makerFee?: string;
    takerFee?: string;
    maintenanceRate?: string;
    /** The operator's limits on the liquidity's quotes (see `liquidityLevels`). */
    liquiditySpread?: string;
    liquidityMaxSize?: string | null;
  };
  /** A contract order (opening a position); absent for spot. */
  contract?: ContractOrderTerms;
  /** A market order's price protection (see `Protection`). */
  protection?: Protection;
};

/**
 * Market price protection: the furthest price a market order or a close may fill at (its
 * protected limit, `math.protectedPrice` of the mark the route read) and the band it was
 * computed with (for the refusal's message). The log keeps the limit, so a replay matches the same.
 */
export type Protection = { limit: Decimal; band: string };
/** Where an order would fill, asked without placing it (`expectedFill`). */
type FillQuestion = {
  userId: number;
  book: string;
  side: Side;
  quantity: Decimal;
  /** A limit: what it does not take rests there. */
  price?: Decimal;
  /** A market order's protected limit: it takes nothing beyond (and never rests). */
  protect?: Decimal;
};
/** An order for either market: the engine matches both (see `contractBook`). */
export type EngineOrderRequest = SpotOrderRequest;

/**
 * A customer order as the engine keeps it while it lives: what has filled (quantity, value,
 * fees) and what it still holds frozen.
 */
type Live = {
  id: number;
  userId: number;
  market: Market;
  /** The book it trades on: its code (spot), or `contractBook`. */
  book: string;
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
  /** A contract order's terms and the position its fills open (once they have). */
  contract?: {
    type: string;
    expiry: Date | null;
    leverage: number;
    takeProfit: string | null;
    stopLoss: string | null;
    positionId: number | null;
  };
};

type TradeRow = {
  market: Market;
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

/** Why a position closes on its book (delivery settles at the delivery price, outside it). */
export type BookCloseReason = "manual" | "take_profit" | "stop_loss" | "liquidation";

/**
 * Closing (part of) a position: a reduce-only market order into its contract's book (see
 * `close` in the matcher). The position is read, locked, in the batch's transaction.
 */
export type CloseRequest = {
  positionId: number;
  /** Only this customer's position (a customer's own close); absent for the risk job. */
  userId?: number;
  /** How much to close; the whole position when absent (never more than it holds). */
  quantity?: Decimal;
  reason: BookCloseReason;
  /** The mark price and its tick time: a liquidation's remainder the book cannot take closes at it. */
  mark: Decimal;
  tickTime: number | null;
  /** How far from the mark it may take (see `Protection`); absent: the whole book. */
  protection?: Protection;
  /** The instrument's terms, read before the close was queued. */
  params: {
    code: string;
    quantityStep: string;
    makerFee: string;
    takerFee: string;
    liquiditySpread?: string;
    liquidityMaxSize?: string | null;
  };
};

/** What a close did, as `/contract/close` answers it. */
export type CloseAnswer = {
  positionId: number;
  quantity: string;
  price: string;
  pnl: string;
  fee: string;
  payout: string;
  /** The position is closed whole (or liquidated). */
  done: boolean;
};

type Request =
  | { kind: "place"; order: SpotOrderRequest }
  | { kind: "close"; close: CloseRequest }
  | { kind: "cancel"; userId: number; orderId: number; market: Market }
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
  /** A market order's protected limit (older entries have none: no limit). */
  pl?: string;
  /** The instrument's quantity step and spot fee rate it was matched under. */
  step: string;
  fee: string;
  /** A contract order: its terms, the contract fee rates and maintenance rate, and the mark. */
  c?: {
    type: string;
    expiry: number | null;
    leverage: number;
    tp: string | null;
    sl: string | null;
    maker: string;
    taker: string;
    mmr: string;
    mark: string;
  };
};
/**
 * A close as the log keeps it: the position as it was when the close ran (read, locked, in the
 * batch's transaction) and everything its settlement depends on.
 */
export type LoggedClose = {
  k: "close";
  /** Its `position_closes` row (reserved when the batch is written, before the log is). */
  id?: number;
  /** The position. */
  pos: number;
  user: number;
  code: string;
  /** Its contract (the book it closes on). */
  type: string;
  expiry: number | null;
  /** The position's side (the close takes the other). */
  side: Side;
  /** What the position held, its entry price and its margin then. */
  held: string;
  entry: string;
  margin: string;
  /** How much to close (at most what it held). */
  quantity: string;
  step: string;
  maker: string;
  taker: string;
  reason: BookCloseReason;
  mark: string;
  /** Its protected limit (older entries have none: the whole book). */
  pl?: string;
};
/** A cancel names the market it was asked on (a spot cancel never takes a contract order). */
type LoggedCommand = LoggedPlace | LoggedClose | { k: "cancel"; user: number; order: number; m?: "contract" };
/** An instrument's terms as a rebuild read them (contract fee rates since contracts joined). */
type LoggedParams = { code: string; step: string; fee: string; maker?: string; taker?: string };
/** The liquidity's levels as quoted: [price, size] per level, best first; null quotes nothing. */
type LoggedLevels = QuotedLevels | null;

/**
 * One batch as the engine's log (`engine_log`) keeps it, written in the batch's own transaction:
 * everything the matching depended on, so replaying the log into a fresh engine gives the same
 * fills (see replay.ts). In order: a rebuild from the database (with the instrument terms then),
 * the liquidity re-quotes, then the commands.
 */
export type LogEntry = {
  time: number;
  rebuilt?: boolean;
  params?: LoggedParams[];
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
/** How often, at most, the periodic sync republishes a book whose resting orders did not change. */
const REPUBLISH_MS = 5_000;

export function createSpotEngine(deps: SpotEngineDeps) {
  const now = deps.now ?? Date.now;
  const m = createSpotMatcher();
  type Batch = ReturnType<typeof m.batch>;
  /** Per market: the operator's limits on the liquidity's quotes, as last read. */
  const limits = new Map<string, LiquidityLimits>();
  let seq = -1;
  let queue: Command[] = [];
  let draining: Promise<void> | undefined;
  /** When each book's customer levels were last published (see REPUBLISH_MS). */
  const published = new Map<string, number>();
  /**
   * Ledger ids of the accounts batches have moved: the batch's ledger write then locks them
   * itself, one statement fewer per batch (see postMany's `accountIds`).
   */
  const accountIds = new Map<string, number>();

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
  async function runBatch(batch: Command[], matched: () => void = () => {}, again = false) {
    const progress: Progress = {};
    try {
      settle(await transact(batch, matched, progress));
    } catch (error) {
      seq = -1; // the books may hold what did not commit: rebuild before the next batch
      matched();
      // Kept account ids out of date (all forgotten now): the same batch again looks them up.
      if (error instanceof StaleAccountIds && !again) return runBatch(batch, matched, true);
      // Failed once written: it may have committed all the same (the embedded database commits
      // with the write; a lost connection hides whether a commit went through). Committed, each
      // customer is answered with what was stored; running it again would place orders twice.
      if (progress.written) {
        // Rolled back ("not committed"), nothing happened: each command runs alone, below.
        const stored = await storedOutcomes(batch, progress.written).catch(() => undefined);
        if (stored !== "not committed") {
          if (stored) settle(stored);
          else for (const command of batch) command.reject(error);
          return;
        }
      }
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const command of batch) await runBatch([command]);
    }
  }

  type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
  /** What a place, cancel or close came to when matched (a sync has no entry). */
  type Matched =
    | { ok: true; orderId: number }
    | { ok: true; close: CloseAnswer | undefined }
    | { ok: false; error: unknown };
  /** How far a batch got: once `written`, its transaction's id and what each command came to. */
  type Progress = { written?: { xid: string; outcomes: Map<Command, Matched>; fills: number } };

  function settle(settled: Map<Command, Outcome>) {
    for (const [command, outcome] of settled) {
      if (outcome.ok) command.resolve(outcome.value);
      else command.reject(outcome.error);
    }
  }

  /** Each command's answer, built as a committed batch gives it: orders as stored. */
  function answersOf(
    batch: Command[],
    written: NonNullable<Progress["written"]>,
    order: (id: number) => unknown,
  ) {
    const answered = new Map<Command, Outcome>();
    for (const command of batch) {
      const outcome = written.outcomes.get(command);
      if (!outcome) answered.set(command, { ok: true, value: written.fills });
      else if (outcome.ok && "close" in outcome) answered.set(command, { ok: true, value: outcome.close });
      else if (outcome.ok) answered.set(command, { ok: true, value: order(outcome.orderId) });
      else answered.set(command, outcome);
    }
    return answered;
  }

  /**
   * After a batch failed past its write: whether its transaction committed (PostgreSQL keeps
   * each transaction's fate; the engine's counter cannot tell, as the next batch may have taken
   * the same value), and if so each command's answer, its order read back from the database.
   * Undefined while the fate is unknown.
   */
  async function storedOutcomes(batch: Command[], written: NonNullable<Progress["written"]>) {
    const fate = (await deps.db.execute(
      sql`select pg_xact_status(${written.xid}::xid8) as status`,
    )) as unknown as { rows: { status: string | null }[] };
    const status = fate.rows[0]?.status;
    if (status === "aborted") return "not committed" as const;
    if (status !== "committed") return undefined;
    const ids = [...written.outcomes.values()].flatMap((o) => (o.ok && "orderId" in o ? [o.orderId] : []));
    const stored = new Map<number, OrderRow>();
    if (ids.length > 0)
      for (const row of await deps.db.select().from(orders).where(inArray(orders.id, ids)))
        stored.set(row.id, row);
    return answersOf(batch, written, (id) => stored.get(id));
  }

  async function transact(
    batch: Command[],
    matched: () => void,
    progress: Progress,
  ): Promise<Map<Command, Outcome>> {
    const events: { userId: number; event: Record<string, unknown> }[] = [];
    const touched = new Set<string>();
    const tape = new Map<string, Trade[]>();
    const settled = await deps.db.transaction(async (tx) => {
      // The batch's statements are the same text every time: parsed and planned once.
      const execute = (query: SQL, options?: PreparedOptions) => executePrepared(tx, query, options);
      events.length = 0;
      touched.clear();
      tape.clear();
      // The counter moves (taking the row's lock) and the new orders' ids come in one statement.
      const places = batch.filter((c) => c.kind === "place").length;
      const state = (await execute(sql`with s as (
          update ${engineState} set seq = seq + 1 where name = 'spot' returning seq)
        select (select seq from s)::text as seq, ${reservedIds("orders", places)} as ids,
          pg_current_xact_id()::text as xid,
          set_config('plan_cache_mode', 'force_generic_plan', true) as plans`)) as unknown as {
        rows: { seq: string | null; ids: unknown; xid: string }[];
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
      // The positions the batch closes, locked (the engine's row first, then these: the order
      // every batch takes them in) and read as they are now.
      const held = await heldPositions(
        tx,
        batch.flatMap((c) => (c.kind === "close" ? [c.close.positionId] : [])),
      );
      const codes = new Set<string>();
      for (const command of batch) {
        if (command.kind !== "close") continue;
        limits.set(command.close.params.code, limitsOf(command.close.params));
        const position = held.get(command.close.positionId);
        if (position) codes.add(contractBook(position.code, position.type, position.expiry));
      }
      for (const command of batch) {
        if (command.kind !== "place") continue;
        const { params, contract } = command.order;
        // Contract fee rates come with contract orders only, as the log keeps them (a replay
        // then sets them at the same points).
        m.terms(
          params.code,
          params.quantityStep,
          params.spotFee,
          contract ? params.makerFee : undefined,
          contract ? params.takerFee : undefined,
        );
        limits.set(params.code, limitsOf(params));
        codes.add(bookOfRequest(command.order));
      }
      // The periodic sync reads the limits again, so an operator's change reaches resting books.
      if (batch.some((c) => c.kind === "sync")) await readLimits(tx);
      // The markets where customers' orders rest follow the feed; the others are quoted when an
      // order comes (a quote nobody can meet changes nothing, and stays out of the log).
      if (batch.some((c) => c.kind === "sync")) for (const code of m.restingMarkets()) codes.add(code);
      for (const code of codes) requote(code, work);

      // Each place or cancel names its order, a close what it did; the sync answers with how
      // many fills it made.
      const outcomes = new Map<Command, Matched>();
      for (const command of batch) {
        if (command.kind === "sync") continue;
        try {
          if (command.kind === "close") {
            outcomes.set(command, { ok: true, close: closeOf(command.close, held, work) });
            continue;
          }
          const orderId =
            command.kind === "place"
              ? m.place(logged(command.order, ids.shift() as number), work)
              : m.cancel(command.userId, command.orderId, work, command.market);
          outcomes.set(command, { ok: true, orderId });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const protection =
            command.kind === "close"
              ? command.close.protection
              : command.kind === "place"
                ? command.order.protection
                : undefined;
          outcomes.set(command, { ok: false, error: withBand(error, protection) });
        }
      }
      matched();
      // A batch of contract orders alone says so when the contract wallet cannot pay.
      const contractsOnly = batch.every(
        (c) => (c.kind === "place" && c.order.contract) || c.kind === "close",
      );
      const rows = await work.write(
        tx,
        next,
        execute,
        contractsOnly ? "trading.insufficient_margin" : undefined,
        accountIds,
      );
      progress.written = { xid: state.rows[0]?.xid as string, outcomes, fills: work.fills };
      events.push(...work.events);
      for (const trade of work.trades) {
        // Contract trades are not on the spot tape (a contract's own tape is not built yet).
        if (trade.market !== "spot") continue;
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
      // Every book a batch changed is republished: a spot market's and each contract's. The
      // periodic sync republishes the others where orders rest now and then, so a public book
      // rebuilt elsewhere (a market leader restarted or taken over) has them again within seconds.
      for (const live of [...work.created, ...work.changed.values()]) touched.add(live.book);
      if (batch.some((c) => c.kind === "sync"))
        for (const book of m.restingMarkets())
          if (work.time - (published.get(book) ?? Number.NEGATIVE_INFINITY) >= REPUBLISH_MS)
            touched.add(book);
      seq = next;
      // The answer to a place or cancel is its order as stored.
      return answersOf(batch, progress.written, (id) => rows.get(id));
    });
    for (const { userId, event } of events) void deps.bus.publish(`account:${userId}`, event);
    for (const book of touched) {
      published.set(book, now());
      void deps.bus.publish(`book:${book}`, m.customerLevels(book));
    }
    // The venue's own trades join the public tape (the reference feed's candles and marks stay
    // the feed's: customers trading inside the spread do not move a mark).
    for (const [code, trades] of tape) void deps.bus.publish(`trades:${code}`, trades);
    return settled;
  }

  type Held = {
    id: number;
    userId: number;
    code: string;
    type: string;
    expiry: number | null;
    side: Side;
    quantity: Decimal;
    entry: string;
    margin: Decimal;
  };

  /** The open positions among `ids`, locked for the batch (none read when there are none). */
  async function heldPositions(tx: Db, ids: number[]): Promise<Map<number, Held>> {
    const held = new Map<number, Held>();
    if (ids.length === 0) return held;
    const found = (await tx.execute(sql`select id, user_id, code, contract_type, expiry, side,
        quantity::text, entry_price::text, margin::text from positions
      where id in (${sql.join(
        [...new Set(ids)].map((id) => sql`${id}`),
        sql`, `,
      )}) and status = 'open' order by id for update`)) as unknown as {
      rows: {
        id: number;
        user_id: number;
        code: string;
        contract_type: string;
        expiry: Date | string | null;
        side: Side;
        quantity: string;
        entry_price: string;
        margin: string;
      }[];
    };
    for (const row of found.rows)
      held.set(Number(row.id), {
        id: Number(row.id),
        userId: Number(row.user_id),
        code: row.code,
        type: row.contract_type,
        expiry: row.expiry === null ? null : new Date(row.expiry).getTime(),
        side: row.side,
        quantity: D(row.quantity),
        entry: row.entry_price,
        margin: D(row.margin),
      });
    return held;
  }

  /**
   * Runs a close against the position as the batch holds it (a second close of it in the same
   * batch sees what the first left). A position not open (closed meanwhile, or not the
   * customer's) is refused for a customer's own close and skipped for the risk job's.
   */
  function closeOf(request: CloseRequest, held: Map<number, Held>, work: Batch): CloseAnswer | undefined {
    const position = held.get(request.positionId);
    if (!position || (request.userId !== undefined && position.userId !== request.userId)) {
      if (request.reason === "manual") throw new ApiError(404, "trading.position_not_open");
      return undefined;
    }
    const quantity = request.quantity ? Decimal.min(request.quantity, position.quantity) : position.quantity;
    const done = m.close(
      {
        k: "close",
        pos: position.id,
        user: position.userId,
        code: position.code,
        type: position.type,
        expiry: position.expiry,
        side: position.side,
        held: position.quantity.toFixed(),
        entry: position.entry,
        margin: position.margin.toFixed(),
        quantity: quantity.toFixed(),
        step: request.params.quantityStep,
        maker: request.params.makerFee,
        taker: request.params.takerFee,
        reason: request.reason,
        mark: request.mark.toFixed(),
        ...(request.protection ? { pl: request.protection.limit.toFixed() } : {}),
      },
      work,
    );
    done.tickTime = request.tickTime;
    position.quantity = position.quantity.minus(done.quantity);
    position.margin = position.margin.minus(done.marginShare);
    if (done.done) held.delete(position.id);
    return {
      positionId: position.id,
      quantity: done.quantity.toFixed(),
      price: done.price.toFixed(),
      pnl: done.realized.toFixed(),
      fee: done.fee.toFixed(),
      payout: done.payout.toFixed(),
      done: done.done,
    };
  }

  /** Reloads every resting customer order from the database; the liquidity re-quotes next. */
  async function rebuild(tx: Db, work: Batch) {
    const params = await readLimits(tx);
    const open = await tx.select().from(orders).where(eq(orders.status, "open")).orderBy(orders.id);
    m.restore(
      params.map((p) => ({ code: p.code, step: p.step, fee: p.fee, maker: p.maker, taker: p.taker })),
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
        maker: tradingParams.makerFee,
        taker: tradingParams.takerFee,
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
  function requote(book: string, work: Batch) {
    const code = codeOfBook(book);
    const depth = deps.view.feedDepth(code);
    const limit = limits.get(code) ?? NO_LIMITS;
    const last = m.quotedFrom(book) as { depth: unknown; limit: LiquidityLimits } | undefined;
    if (last ? last.depth === depth && last.limit === limit : depth === undefined) return;
    m.quote(book, currentLevels(code, depth, limit), { depth, limit }, work);
  }

  /** What the liquidity quotes on a market now: the feed's depth within the limits, or nothing. */
  function currentLevels(code: string, depth = deps.view.feedDepth(code), limit = limits.get(code)) {
    // On a stalled feed the platform quotes nothing: nobody trades on an old price.
    const fresh = depth && now() - depth.time <= STALE_AFTER_MS;
    return fresh ? liquidityLevels(depth, limit ?? NO_LIMITS) : null;
  }

  return {
    /** Places a spot order; resolves once it is matched and durable. */
    place: (order: SpotOrderRequest) => enqueue<OrderRow>({ kind: "place", order }),
    /**
     * Closes (part of) a position on its contract's book: a reduce-only market order, settled at
     * the average price it filled at. Resolves once durable with what it closed, or undefined
     * (the risk job's close of a position no longer open).
     */
    close: (close: CloseRequest) => enqueue<CloseAnswer | undefined>({ kind: "close", close }),
    /** Cancels a customer's resting order of the market; its frozen funds return. */
    cancel: (userId: number, orderId: number, market: Market = "spot") =>
      enqueue<OrderRow>({ kind: "cancel", userId, orderId, market }),
    /**
     * Where an order would fill now, without placing it: the average price of what it would
     * take from the book (the customers' resting orders and the liquidity as it would quote the
     * feed now, best first, never beyond the limit), and whether any of it would rest.
     */
    expectedFill(order: FillQuestion & { terms: LiquidityTerms }) {
      // The liquidity as it would quote with the terms the order was read with (an operator's
      // change since the engine's last quote counts; the batch quotes with them too).
      const code = codeOfBook(order.book);
      const levels = currentLevels(code, undefined, limitsOf(order.terms));
      return m.expectedFill(order, unitsOf(code, order.terms.quantityStep), levels);
    },
    /**
     * Re-quotes the liquidity where customers' orders rest (filling those it crosses). When
     * nothing rests here and the counter is where this engine's last batch left it (every batch,
     * on any instance, moves it), nothing rests anywhere: one read, not a batch that writes (and
     * syncs the disk) every second on an idle exchange.
     */
    sync: async () => {
      const local = seq;
      if (local !== -1 && !draining && m.restingMarkets().size === 0) {
        const [row] = await deps.db
          .select({ seq: engineState.seq })
          .from(engineState)
          .where(eq(engineState.name, "spot"));
        if (row?.seq === local && seq === local && !draining && m.restingMarkets().size === 0) return 0;
      }
      return enqueue<number>({ kind: "sync" });
    },
    /** The book of a market in decimal strings: customers' resting orders and the liquidity. */
    depth: (code: string, levels = 20) => m.depth(code, levels),
    /** Resolves when every queued command has run (tests, shutdown). */
    idle: async () => {
      while (draining) await draining;
    },
  };
}

/** A protected limit on the grid, inside the band if it is not on it (a buy's down, a sell's up). */
const protectTicks = (limit: Decimal, side: Side, u: Units) =>
  exactTicks(limit, u) ?? (side === "buy" ? limit.div(u.tick).floor() : limit.div(u.tick).ceil()).toNumber();

/** The matcher's refusal for nothing within the band; the engine adds the band (`withBand`). */
const bandRefusal = (key: string) => new ApiError(503, key, { errors: { quantity: [key] } });

/** What a market order or a close is refused with when the book has nothing within its band. */
export const PRICE_BAND_KEYS = {
  order: "trading.market_price_band",
  close: "trading.close_price_band",
} as const;

/** The refusal for nothing takeable within the band (`key` of PRICE_BAND_KEYS), the band in percent. */
export function priceBandError(key: string, band: string) {
  const percent = bandPercent(dec(band) as bigint);
  return new ApiError(503, key, {
    params: { percent },
    errors: { quantity: [messageKey(key, { percent })] },
  });
}

/** The matcher's band refusal, with the band the request was protected by (the log has none). */
function withBand(error: ApiError, protection: Protection | undefined): ApiError {
  const keys: string[] = Object.values(PRICE_BAND_KEYS);
  return protection && keys.includes(error.messageKey)
    ? priceBandError(error.messageKey, protection.band)
    : error;
}

/**
 * Refuses a contract order whose position, opened at `price`, would already be past its
 * liquidation price at the mark (a high leverage meeting a wide book), with the price it would be
 * liquidated at.
 */
export function refuseCrossedLiquidation(o: {
  side: Side;
  price: Decimal;
  quantity: Decimal;
  leverage: number;
  mark: Decimal.Value;
  maintenanceRate: string;
}) {
  const margin = math.margin(o.quantity, o.price, o.leverage).toDecimalPlaces(8, Decimal.ROUND_UP);
  if (math.shouldLiquidate(o.side, o.price, o.mark, o.quantity, margin, o.maintenanceRate)) {
    const liquidation = math.liquidationPrice(o.side, o.price, o.quantity, margin, o.maintenanceRate);
    throw fieldError("leverage", "trading.liquidation_crossed", { price: liquidation.toFixed(2) });
  }
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
    ...(!order.price && order.protection ? { pl: order.protection.limit.toFixed() } : {}),
    step: order.params.quantityStep,
    fee: order.params.spotFee,
    ...(order.contract
      ? {
          c: {
            type: order.contract.contractType,
            expiry: order.contract.expiry?.getTime() ?? null,
            leverage: order.contract.leverage,
            tp: order.contract.takeProfit,
            sl: order.contract.stopLoss,
            maker: order.params.makerFee ?? "0",
            taker: order.params.takerFee ?? "0",
            mmr: order.params.maintenanceRate ?? "0",
            mark: order.contract.mark.toFixed(),
          },
        }
      : {}),
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
  /** Per instrument: a contract's fee rates by role. */
  const contractFees = new Map<string, { maker: string; taker: string }>();
  /** Every customer order resting on a book, by id. */
  const resting = new Map<number, Live>();
  /** Per book: the liquidity orders on it, and what they were quoted from. */
  const quoted = new Map<string, { ids: number[]; from: unknown }>();
  let nextLiquidityId = -1;

  const bookOf = (key: string) => {
    let book = books.get(key);
    if (!book) {
      book = new OrderBook();
      books.set(key, book);
    }
    return book;
  };

  /** The terms an order of the market is matched under (the step is fixed once a book has it). */
  function terms(code: string, step: string, fee: string, maker?: string, taker?: string) {
    if (!units.has(code)) units.set(code, unitsOf(code, step));
    fees.set(code, fee);
    if (maker !== undefined && taker !== undefined) contractFees.set(code, { maker, taker });
  }

  /** Replaces the books with the resting customer orders given (the liquidity re-quotes next). */
  function restore(params: LoggedParams[], open: OrderRow[], work: Batch) {
    books.clear();
    resting.clear();
    quoted.clear();
    work.log.rebuilt = true;
    work.log.params = params;
    for (const p of params) {
      units.set(p.code, unitsOf(p.code, p.step));
      fees.set(p.code, p.fee);
      if (p.maker !== undefined && p.taker !== undefined)
        contractFees.set(p.code, { maker: p.maker, taker: p.taker });
    }
    for (const row of open) {
      const u = units.get(row.code);
      if (!u || !row.price) continue;
      const live = liveOf(row);
      resting.set(row.id, live);
      bookOf(live.book).restore({
        id: row.id,
        owner: row.userId,
        side: row.side,
        price: exactTicks(D(row.price), u) ?? quoteTicks(D(row.price), row.side, u),
        remaining: lotsOf(live.quantity.minus(live.filled), u),
      });
    }
  }

  /**
   * Replaces the liquidity account's quotes on a book with `levels` (`from` names what they
   * came from, so an unchanged feed is not quoted again). A new quote that crosses a customer's
   * resting order fills it, at the customer's price.
   */
  function quote(key: string, levels: LoggedLevels, from: unknown, work: Batch) {
    const u = units.get(codeOfBook(key));
    if (!u) return;
    const book = bookOf(key);
    for (const id of quoted.get(key)?.ids ?? []) book.cancel(id);
    const ids: number[] = [];
    quoted.set(key, { ids, from });
    work.log.quotes.push([key, levels]);
    if (!levels) return;
    const side = (side: Side, list: [string, string][]) => {
      // One order per level, as the log has always replayed them.
      for (const level of list) {
        const placed = onGrid(level, side, u);
        if (!placed) continue;
        const [price, lots] = placed;
        const id = nextLiquidityId--;
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

  /**
   * What an order would take from a book without changing it: the lots and their value in
   * ticks × lots, best price first, never beyond the limit, never the owner's own orders (they
   * would be cancelled, not met). `levels` stands in for the liquidity's orders on the book (the
   * quotes it would place now); without it, the book's own quotes count.
   */
  function walk(
    key: string,
    order: { owner: number; side: Side; lots: number; limit?: number },
    u: Units,
    levels?: LoggedLevels,
  ): { lots: number; value: Decimal } {
    const opposite: Side = order.side === "buy" ? "sell" : "buy";
    const offers: [price: number, lots: number][] = [];
    for (const o of books.get(key)?.orders(opposite) ?? [])
      if (o.owner !== order.owner && (levels === undefined || o.owner !== LIQUIDITY))
        offers.push([o.price, o.remaining]);
    if (levels) offers.push(...onTheGrid(opposite === "sell" ? levels.asks : levels.bids, opposite, u));
    // Best first; a stable sort keeps the book's time priority within a price.
    offers.sort((a, b) => (order.side === "buy" ? a[0] - b[0] : b[0] - a[0]));
    let lots = 0;
    let value = D(0);
    for (const [price, size] of offers) {
      if (lots >= order.lots) break;
      if (order.limit !== undefined && (order.side === "buy" ? price > order.limit : price < order.limit))
        break;
      const take = Math.min(size, order.lots - lots);
      lots += take;
      value = value.plus(D(take).mul(price));
    }
    return { lots, value };
  }

  /**
   * Whether the book offers `owner` anything on the other side at any price: a protected order
   * that took nothing was then refused by its band, not for want of liquidity.
   */
  const offersBeyond = (book: string, owner: number, side: Side, u: Units) =>
    walk(book, { owner, side, lots: 1 }, u).lots > 0;

  /**
   * The price an order would open a position at: the average of what it takes from the book,
   * and its limit for what would rest. Undefined when nothing would fill or rest.
   */
  function expectedFill(
    order: FillQuestion,
    u: Units,
    levels?: LoggedLevels,
  ): { price: Decimal; rests: boolean; takes: boolean } | undefined {
    const lots = lotsOf(order.quantity, u);
    const limit = order.price ? exactTicks(order.price, u) : undefined;
    const bound = limit ?? (order.protect ? protectTicks(order.protect, order.side, u) : undefined);
    const took = walk(order.book, { owner: order.userId, side: order.side, lots, limit: bound }, u, levels);
    const rest = limit === undefined ? 0 : lots - took.lots;
    if (took.lots + rest === 0) return undefined;
    const ticks = took.value.plus(D(rest).mul(limit ?? 0)).div(took.lots + rest);
    return { price: ticks.mul(u.tick).toDecimalPlaces(12), rests: rest > 0, takes: took.lots > 0 };
  }

  /**
   * Refuses, before it touches the book, a contract order whose position would open already
   * past its liquidation price at the mark it was placed at, at the price the book fills it at.
   */
  function checkLiquidation(order: LoggedPlace, c: NonNullable<LoggedPlace["c"]>, u: Units) {
    const quantity = D(order.quantity);
    const expected = expectedFill(
      {
        userId: order.user,
        book: bookOfLogged(order),
        side: order.side,
        quantity,
        price: order.price === undefined ? undefined : D(order.price),
        protect: order.price === undefined && order.pl !== undefined ? D(order.pl) : undefined,
      },
      u,
    );
    if (!expected) return;
    refuseCrossedLiquidation({
      side: order.side,
      price: expected.price,
      quantity,
      leverage: c.leverage,
      mark: c.mark,
      maintenanceRate: c.mmr,
    });
  }

  function place(order: LoggedPlace, work: Batch): number {
    work.log.commands.push(order);
    const { id } = order;
    const u = units.get(order.code) as Units;
    const key = bookOfLogged(order);
    const book = bookOf(key);
    const limit = order.price === undefined ? undefined : D(order.price);
    // A market order with price protection is an IOC limited at its protected limit.
    const protect =
      order.price === undefined && order.pl !== undefined
        ? protectTicks(D(order.pl), order.side, u)
        : undefined;
    const c = order.c;
    if (c) checkLiquidation(order, c, u);
    const live: Live = {
      id,
      userId: order.user,
      market: c ? "contract" : "spot",
      book: key,
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
      ...(c
        ? {
            contract: {
              type: c.type,
              expiry: c.expiry === null ? null : new Date(c.expiry),
              leverage: c.leverage,
              takeProfit: c.tp,
              stopLoss: c.sl,
              positionId: null,
            },
          }
        : {}),
    };
    const result = book.submit({
      id,
      owner: order.user,
      side: order.side,
      price: limit ? exactTicks(limit, u) : protect,
      quantity: lotsOf(D(order.quantity), u),
      ...(protect === undefined ? {} : { tif: "IOC" as const }),
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
      if (protect !== undefined && offersBeyond(key, order.user, order.side, u))
        throw bandRefusal(PRICE_BAND_KEYS.order);
      throw new ApiError(503, "trading.no_liquidity", { errors: { quantity: ["trading.no_liquidity"] } });
    }
    if (result.rested > 0) {
      // What a resting order may still spend stays frozen: for a spot buy the quote coin at its
      // limit, for a spot sell the coin itself, for a contract the margin and maker fee of the
      // rest at its limit.
      const left = live.quantity.minus(live.filled);
      const amount = c
        ? math
            .margin(left, limit as Decimal, c.leverage)
            .toDecimalPlaces(8, Decimal.ROUND_UP)
            .plus(math.fee(left, limit as Decimal, c.maker).toDecimalPlaces(8, Decimal.ROUND_UP))
        : order.side === "buy"
          ? left.mul(limit as Decimal).toDecimalPlaces(8, Decimal.ROUND_UP)
          : left;
      live.frozen = amount;
      work.move({
        kind: FREEZE,
        ref: { type: "order", id },
        postings: freeze(walletOf(live), coinOf(live), amount),
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

  /**
   * Closes (part of) a position on its book: a reduce-only market order on the other side, for
   * at most what the position holds, taking the resting orders (the liquidity's quotes and
   * customers' orders) at their prices, best first. A customer's resting order met fills at its
   * own price and opens or adds to that customer's position, as any fill does; the closer's own
   * resting orders it would meet are cancelled (self-trade prevention, as for an order).
   *
   * The position settles at the average price of what the book took: its margin share returns
   * with the realized PnL (from or to the platform's counterparty account) less the taker fee,
   * a loss never more than the margin (`math.settlement`). What the book cannot take (its
   * liquidity capped) stays open, except for a liquidation: the platform takes its remainder
   * over at the mark, so a liquidation always completes. Nothing taken (and not a
   * liquidation): refused, the position as it was.
   */
  function close(order: LoggedClose, work: Batch): ClosedPosition {
    work.log.commands.push(order);
    if (!units.has(order.code)) units.set(order.code, unitsOf(order.code, order.step));
    contractFees.set(order.code, { maker: order.maker, taker: order.taker });
    const u = units.get(order.code) as Units;
    const key = contractBook(order.code, order.type, order.expiry);
    const book = bookOf(key);
    const side: Side = order.side === "buy" ? "sell" : "buy";
    const wanted = D(order.quantity);
    const lots = lotsOf(wanted, u);
    // Price protection: an IOC limited at its protected limit (older log entries: no limit).
    const protect = order.pl === undefined ? undefined : protectTicks(D(order.pl), side, u);
    // A market order never rests, so its id is never on the book (customers' are > 0, the
    // liquidity's < 0).
    const result =
      lots > 0
        ? book.submit({
            id: 0,
            owner: order.user,
            side,
            quantity: lots,
            ...(protect === undefined ? {} : { price: protect, tif: "IOC" as const }),
          })
        : undefined;
    for (const expired of result?.expired ?? []) {
      const own = resting.get(expired.id);
      if (own) cancelLive(own, work);
    }
    let filled = D(0);
    let notional = D(0);
    for (const fill of result?.fills ?? []) {
      const price = priceOf(fill.price, u);
      const quantity = quantityOf(fill.quantity, u);
      const maker = resting.get(fill.makerId);
      work.closeFill(order, maker, side, price, quantity);
      if (maker && fill.makerRemaining === 0) done(maker, work);
      filled = filled.plus(quantity);
      notional = notional.plus(quantity.mul(price));
    }
    let quantity = filled;
    if (order.reason === "liquidation" && filled.lt(wanted)) {
      // The platform takes over what the book could not: at the mark.
      notional = notional.plus(wanted.minus(filled).mul(order.mark));
      quantity = wanted;
    }
    if (quantity.isZero() && protect !== undefined && offersBeyond(key, order.user, side, u))
      throw bandRefusal(PRICE_BAND_KEYS.close);
    if (quantity.isZero())
      throw new ApiError(503, "trading.close_no_liquidity", {
        errors: { quantity: ["trading.close_no_liquidity"] },
      });
    const price = notional.div(quantity).toDecimalPlaces(12);
    const held = D(order.held);
    const margin = D(order.margin);
    const marginShare = quantity.eq(held)
      ? margin
      : margin.mul(quantity).div(held).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const gross = math.pnl(order.side, order.entry, price, quantity);
    const closeFee = math.fee(quantity, price, order.taker).toDecimalPlaces(8, Decimal.ROUND_UP);
    const { realized, fee, payout } = math.settlement(marginShare, gross, closeFee);
    const wallet = { user: order.user, wallet: "contract" as const };
    const postings: Posting[] = [];
    if (marginShare.gt(0)) postings.push(...freeze(wallet, QUOTE, marginShare.neg()));
    if (realized.gt(0)) postings.push(...transfer({ platform: "counterparty" }, wallet, QUOTE, realized));
    if (realized.lt(0))
      postings.push(...transfer(wallet, { platform: "counterparty" }, QUOTE, realized.neg()));
    if (fee.gt(0)) postings.push(...transfer(wallet, { platform: "fees" }, QUOTE, fee));
    // Its reference is the close's row, whose id is reserved when the batch is written.
    const movement: Movement = {
      kind: `contract_${order.reason}`,
      ref: { type: "position_close", id: 0 },
      postings,
    };
    if (postings.length > 0) work.move(movement);
    const closed: ClosedPosition = {
      order,
      quantity,
      price,
      marginShare,
      realized,
      fee,
      payout,
      done: quantity.eq(held),
      movement,
      tickTime: null,
    };
    work.closes.push(closed);
    return closed;
  }

  function cancel(userId: number, orderId: number, work: Batch, market: Market = "spot"): number {
    work.log.commands.push({
      k: "cancel",
      user: userId,
      order: orderId,
      ...(market === "contract" ? { m: market } : {}),
    });
    const live = resting.get(orderId);
    if (!live || live.userId !== userId || live.market !== market)
      throw new ApiError(404, "trading.order_not_open");
    bookOf(live.book).cancel(orderId);
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
      postings: freeze(walletOf(live), coinOf(live), live.frozen.neg()),
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
    /** Per contract order that filled in this batch: what its fills add to its position. */
    readonly opened = new Map<
      number,
      { live: Live; quantity: Decimal; notional: Decimal; margin: Decimal; fees: Decimal }
    >();
    /** The positions the batch closed (on their books), in order. */
    readonly closes: ClosedPosition[] = [];
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
     * One fill between a taker and a maker (either may be the liquidity account, `undefined`),
     * at the maker's price: each customer side moves through the ledger by its market's rule
     * (`spotFill`, `contractFill`), and the trade is recorded with each side's fee.
     */
    fill(
      taker: Live | undefined,
      maker: Live | undefined,
      takerSide: Side,
      price: Decimal,
      quantity: Decimal,
    ) {
      this.fills++;
      const owner = (taker ?? maker) as Live;
      const exact = quantity.mul(price);
      const { postings, takerFee, makerFee } =
        owner.market === "contract"
          ? this.contractFill(taker, maker, price, quantity, exact)
          : this.spotFill(taker, maker, takerSide, quantity, exact);
      this.movements.push({
        kind: owner.market === "contract" ? OPEN : FILL,
        ref: { type: "order", id: owner.id },
        postings: postings.filter((p) => !D(p.amount).isZero()),
      });
      if (taker) this.filledBy(taker, quantity, exact, takerFee);
      if (maker) this.filledBy(maker, quantity, exact, makerFee);
      this.trade(owner.market, owner.code, takerSide, price, quantity, {
        taker: { order: taker?.id ?? null, user: taker?.userId ?? null, fee: takerFee },
        maker: { order: maker?.id ?? null, user: maker?.userId ?? null, fee: makerFee },
      });
    }

    /** An order's side of a fill: its filled quantity, notional and fee grow. */
    private filledBy(live: Live, quantity: Decimal, exact: Decimal, fee: Decimal) {
      live.filled = live.filled.plus(quantity);
      live.notional = live.notional.plus(exact);
      live.fee = live.fee.plus(fee);
      live.fillTime = this.time;
      this.touch(live);
    }

    /** A fill's `trades` row; a side with no order (the liquidity account, a close) has null. */
    private trade(
      market: Market,
      code: string,
      takerSide: Side,
      price: Decimal,
      quantity: Decimal,
      sides: Record<"taker" | "maker", { order: number | null; user: number | null; fee: Decimal }>,
    ) {
      this.trades.push({
        market,
        code,
        taker_order_id: sides.taker.order,
        taker_user_id: sides.taker.user,
        maker_order_id: sides.maker.order,
        maker_user_id: sides.maker.user,
        taker_side: takerSide,
        price: price.toFixed(),
        quantity: quantity.toFixed(),
        taker_fee: sides.taker.fee.toFixed(),
        maker_fee: sides.maker.fee.toFixed(),
      });
    }

    /**
     * One fill of a close (the taker, with no order of its own) against a resting order, at the
     * maker's price: a customer maker's order fills and opens or adds to its position
     * (`contractFill`, maker side); the liquidity's side moves nothing. The closer's side
     * settles once, at the close's average price (see `close`); the trade records its taker fee
     * at the taker rate on this fill, before the settlement's rounding.
     */
    closeFill(
      close: LoggedClose,
      maker: Live | undefined,
      takerSide: Side,
      price: Decimal,
      quantity: Decimal,
    ) {
      this.fills++;
      const exact = quantity.mul(price);
      const { postings, makerFee } = this.contractFill(undefined, maker, price, quantity, exact);
      if (maker) {
        this.movements.push({
          kind: OPEN,
          ref: { type: "order", id: maker.id },
          postings: postings.filter((p) => !D(p.amount).isZero()),
        });
        this.filledBy(maker, quantity, exact, makerFee);
      }
      this.trade("contract", close.code, takerSide, price, quantity, {
        taker: { order: null, user: close.user, fee: math.fee(quantity, price, close.taker) },
        maker: { order: maker?.id ?? null, user: maker?.userId ?? null, fee: makerFee },
      });
    }

    /**
     * A spot fill: the buyer pays the quote coin and receives the base coin, the seller the
     * reverse, each customer paying the fee (spot fee rate) on what it receives; the liquidity
     * account's side is the platform's counterparty account.
     */
    spotFill(
      taker: Live | undefined,
      maker: Live | undefined,
      takerSide: Side,
      quantity: Decimal,
      exact: Decimal,
    ): { postings: Posting[]; takerFee: Decimal; makerFee: Decimal } {
      const code = (taker ?? maker)?.code as string;
      const rate = fees.get(code) ?? "0.001";
      const buyer = takerSide === "buy" ? taker : maker;
      const seller = takerSide === "buy" ? maker : taker;
      const base = baseOf(code);
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
      return {
        postings,
        takerFee: taker === buyer ? buyerFee : sellerFee,
        makerFee: maker === buyer ? buyerFee : sellerFee,
      };
    }

    /**
     * A contract fill opens (or adds to) each customer side's position: its margin (the fill's
     * notional over the order's leverage) frozen in the contract wallet and its fee paid to the
     * fees account, a taker from what is available at the taker rate, a maker from what its
     * order froze at the maker rate (never more than it still holds: it froze its rest at its
     * own price once, rounded up; its fills round up each). The liquidity account's side moves
     * nothing: as before, the platform's counterparty account pays or takes the PnL when the
     * position closes.
     */
    contractFill(
      taker: Live | undefined,
      maker: Live | undefined,
      price: Decimal,
      quantity: Decimal,
      exact: Decimal,
    ): { postings: Posting[]; takerFee: Decimal; makerFee: Decimal } {
      const rates = contractFees.get((taker ?? maker)?.code as string) ?? { maker: "0", taker: "0" };
      const postings: Posting[] = [];
      const side = (live: Live | undefined, role: "maker" | "taker") => {
        if (!live) return D(0);
        const leverage = live.contract?.leverage ?? 1;
        let margin = math.margin(quantity, price, leverage).toDecimalPlaces(8, Decimal.ROUND_UP);
        let fee = math.fee(quantity, price, rates[role]).toDecimalPlaces(8, Decimal.ROUND_UP);
        const wallet = walletOf(live);
        if (role === "maker") {
          margin = Decimal.min(margin, live.frozen);
          fee = Decimal.min(fee, live.frozen.minus(margin));
          live.frozen = live.frozen.minus(margin).minus(fee);
          // The margin stays frozen: it now holds the position.
          postings.push(...spendFrozen(wallet, { platform: "fees" }, QUOTE, fee));
        } else {
          postings.push(...freeze(wallet, QUOTE, margin));
          postings.push(...transfer(wallet, { platform: "fees" }, QUOTE, fee));
        }
        const opened = this.opened.get(live.id) ?? {
          live,
          quantity: D(0),
          notional: D(0),
          margin: D(0),
          fees: D(0),
        };
        opened.quantity = opened.quantity.plus(quantity);
        opened.notional = opened.notional.plus(exact);
        opened.margin = opened.margin.plus(margin);
        opened.fees = opened.fees.plus(fee);
        this.opened.set(live.id, opened);
        return fee;
      };
      const takerFee = side(taker, "taker");
      const makerFee = side(maker, "maker");
      return { postings, takerFee, makerFee };
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
     * The positions the batch's contract fills open or add to. An order's later fills add to the
     * position its first fill opened, at the average price, while that position is open (its row
     * locked, so a close waits); once it is closed, a fill opens a new one. Answers with the rows
     * to insert and to update (ids of new ones reserved from the positions' sequence).
     */
    async positions(tx: Db) {
      const created: Record<string, unknown>[] = [];
      const changed: { id: number; quantity: string; entryPrice: string; margin: string; fees: string }[] =
        [];
      if (this.opened.size === 0) return { created, changed };
      const held = [...this.opened.values()]
        .map((o) => o.live.contract?.positionId)
        .filter((id): id is number => typeof id === "number");
      const open = new Map<number, { quantity: string; entry_price: string; margin: string; fees: string }>();
      if (held.length > 0) {
        const found = (await tx.execute(sql`select id, quantity::text, entry_price::text, margin::text,
            fees::text from positions where id in (${sql.join(
              held.map((id) => sql`${id}`),
              sql`, `,
            )}) and status = 'open' order by id for update`)) as unknown as {
          rows: { id: number; quantity: string; entry_price: string; margin: string; fees: string }[];
        };
        for (const row of found.rows) open.set(Number(row.id), row);
      }
      const fresh = [...this.opened.values()].filter((o) => {
        const id = o.live.contract?.positionId;
        return id === null || id === undefined || !open.has(id);
      });
      const ids =
        fresh.length === 0
          ? []
          : idsOf(
              (
                (await tx.execute(
                  sql`select ${reservedIds("positions", fresh.length)} as ids`,
                )) as unknown as {
                  rows: { ids: unknown }[];
                }
              ).rows[0]?.ids,
            );
      for (const o of this.opened.values()) {
        const c = o.live.contract;
        if (!c) continue;
        const row = c.positionId === null ? undefined : open.get(c.positionId);
        if (row) {
          const quantity = D(row.quantity).plus(o.quantity);
          const value = D(row.entry_price).mul(row.quantity).plus(o.notional);
          changed.push({
            id: c.positionId as number,
            quantity: quantity.toFixed(),
            entryPrice: value.div(quantity).toDecimalPlaces(12).toFixed(),
            margin: D(row.margin).plus(o.margin).toFixed(),
            fees: D(row.fees).plus(o.fees).toFixed(),
          });
          continue;
        }
        const id = ids.shift() as number;
        c.positionId = id;
        this.touch(o.live);
        created.push({
          id,
          userId: o.live.userId,
          orderId: o.live.id,
          code: o.live.code,
          contractType: c.type,
          expiry: c.expiry?.toISOString() ?? null,
          side: o.live.side,
          quantity: o.quantity.toFixed(),
          entryPrice: o.notional.div(o.quantity).toDecimalPlaces(12).toFixed(),
          leverage: c.leverage,
          margin: o.margin.toFixed(),
          takeProfit: c.takeProfit,
          stopLoss: c.stopLoss,
          fees: o.fees.toFixed(),
        });
        this.events.push({ userId: o.live.userId, event: { type: "position", id, status: "open" } });
      }
      return { created, changed };
    }

    /**
     * The batch's closes: each position's quantity, margin, realized PnL and fees (and, closed
     * whole, its status, close price and time), a `position_closes` row per close (the ids its
     * ledger movements refer to), the customer's inbox message for a TP/SL or a liquidation.
     */
    async writeCloses(tx: Db) {
      if (this.closes.length === 0) return;
      const ids = idsOf(
        (
          (await tx.execute(
            sql`select ${reservedIds("position_closes", this.closes.length)} as ids`,
          )) as unknown as { rows: { ids: unknown }[] }
        ).rows[0]?.ids,
      );
      const at = new Date(this.time);
      const byPosition = new Map<
        number,
        {
          id: number;
          quantity: Decimal;
          margin: Decimal;
          realized: Decimal;
          fee: Decimal;
          status: string | null;
          price: string | null;
        }
      >();
      const rows = this.closes.map((c, i) => {
        const id = ids[i] as number;
        c.movement.ref = { type: "position_close", id };
        c.order.id = id; // the log (written next, in the batch's statement) names the close's row
        const o = c.order;
        const sum = byPosition.get(o.pos) ?? {
          id: o.pos,
          quantity: D(0),
          margin: D(0),
          realized: D(0),
          fee: D(0),
          status: null,
          price: null,
        };
        sum.quantity = sum.quantity.plus(c.quantity);
        sum.margin = sum.margin.plus(c.marginShare);
        sum.realized = sum.realized.plus(c.realized);
        sum.fee = sum.fee.plus(c.fee);
        if (c.done) {
          sum.status = o.reason === "liquidation" ? "liquidated" : "closed";
          sum.price = c.price.toFixed();
        }
        byPosition.set(o.pos, sum);
        this.events.push({
          userId: o.user,
          event: { type: "position", id: o.pos, status: c.done ? "closed" : "open", reason: o.reason },
        });
        return {
          id,
          positionId: o.pos,
          userId: o.user,
          reason: o.reason,
          quantity: c.quantity.toFixed(),
          price: c.price.toFixed(),
          pnl: c.realized.toFixed(),
          fee: c.fee.toFixed(),
          tickTime: c.tickTime,
          createdAt: at,
        };
      });
      const changes = [...byPosition.values()].map((p) => ({
        id: p.id,
        quantity: p.quantity.toFixed(),
        margin: p.margin.toFixed(),
        realized: p.realized.toFixed(),
        fee: p.fee.toFixed(),
        status: p.status,
        price: p.price,
      }));
      await tx.execute(sql`update positions as p set quantity = p.quantity - r.quantity,
          margin = p.margin - r.margin, realized_pnl = p.realized_pnl + r.realized, fees = p.fees + r.fee,
          status = coalesce(r.status, p.status), close_price = coalesce(r.price, p.close_price),
          closed_at = case when r.status is null then p.closed_at else ${at.toISOString()}::timestamptz end
        from json_to_recordset(${JSON.stringify(changes)}::json) as r(id int, quantity numeric,
          margin numeric, realized numeric, fee numeric, status text, price numeric)
        where p.id = r.id`);
      await tx.insert(positionCloses).values(rows);
      for (const c of this.closes) {
        const o = c.order;
        if (o.reason === "manual") continue;
        await postMessage(
          tx,
          o.user,
          o.reason === "liquidation" ? "order_liquidated" : "order_tpsl_triggered",
          {
            code: o.code.toUpperCase(),
            price: c.price.toFixed(),
          },
        );
      }
    }

    /**
     * Writes the batch: new orders, changed orders, trades and the log entry (their rows as JSON
     * parameters) in the ledger's own write statement (see `postMany`). Answers with the orders
     * as now stored, built from what the engine holds. That statement is the batch transaction's
     * last: the embedded database commits with it.
     */
    async write(
      tx: Db,
      seq: number,
      execute?: (query: SQL, options?: PreparedOptions) => Promise<unknown>,
      insufficientKey = "wallet.insufficient",
      accountIds?: Map<string, number>,
    ): Promise<Map<number, OrderRow>> {
      // Closes first: the positions they close are then what the batch's fills add to (or, once
      // closed whole, a fill opens a new one).
      await this.writeCloses(tx);
      const positions = await this.positions(tx);
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
        positionId: r.positionId,
      });
      const created = this.created.map((live) => {
        const r = rows.get(live.id) as OrderRow;
        const { userId, market, code, side, type, price, quantity, createdAt } = r;
        const { contractType, expiry, leverage, takeProfit, stopLoss } = r;
        return {
          ...fillColumns(r),
          ...{ userId, market, code, side, type, price, quantity, createdAt },
          ...{ contractType, expiry, leverage, takeProfit, stopLoss },
        };
      });
      const changed = [...this.changed.keys()].map((id) => fillColumns(rows.get(id) as OrderRow));
      // The ledger's write, the batch's last statement, with the caller's own writes alongside.
      const ledgerWrite = (alongside?: SQL) =>
        postMany(tx, this.movements, {
          insufficientKey,
          field: "quantity",
          alongside,
          execute,
          accountIds,
          last: true,
        });
      const { log } = this;
      const logged = log.rebuilt || log.quotes.length > 0 || log.commands.length > 0;
      if (created.length + changed.length + this.trades.length === 0 && !logged) {
        await ledgerWrite();
        return rows;
      }
      // The orders, trades and log ride in the ledger's write statement (one round trip).
      const alongside = sql`
          n as (insert into orders (id, user_id, market, code, side, type, price, quantity, status,
              filled_quantity, fill_price, fee, frozen, fill_tick_time, created_at, updated_at,
              contract_type, expiry, leverage, take_profit, stop_loss, position_id)
            select id, "userId", market, code, side, type, price, quantity, status,
              "filledQuantity", "fillPrice", fee, frozen, "fillTickTime", "createdAt", ${at.toISOString()}::timestamptz,
              "contractType", expiry, leverage, "takeProfit", "stopLoss", "positionId"
            from json_to_recordset(${JSON.stringify(created)}::json) as r(id int, "userId" int, market text,
              code text, side text, type text, price numeric, quantity numeric, status text, "filledQuantity" numeric,
              "fillPrice" numeric, fee numeric, frozen numeric, "fillTickTime" bigint, "createdAt" timestamptz,
              "contractType" text, expiry timestamptz, leverage int, "takeProfit" numeric, "stopLoss" numeric,
              "positionId" int)),
          c as (update orders as o set status = r.status, filled_quantity = r."filledQuantity",
              fill_price = r."fillPrice", fee = r.fee, frozen = r.frozen, fill_tick_time = r."fillTickTime",
              position_id = r."positionId", updated_at = ${at.toISOString()}::timestamptz
            from json_to_recordset(${JSON.stringify(changed)}::json) as r(id int, status text,
              "filledQuantity" numeric, "fillPrice" numeric, fee numeric, frozen numeric, "fillTickTime" bigint,
              "positionId" int)
            where o.id = r.id),
          po as (insert into positions (id, user_id, order_id, code, contract_type, expiry, side, quantity,
              entry_price, leverage, margin, take_profit, stop_loss, fees, opened_at)
            select id, "userId", "orderId", code, "contractType", expiry, side, quantity, "entryPrice",
              leverage, margin, "takeProfit", "stopLoss", fees, ${at.toISOString()}::timestamptz
            from json_to_recordset(${JSON.stringify(positions.created)}::json) as r(id int, "userId" int,
              "orderId" int, code text, "contractType" text, expiry timestamptz, side text, quantity numeric,
              "entryPrice" numeric, leverage int, margin numeric, "takeProfit" numeric, "stopLoss" numeric,
              fees numeric)),
          pc as (update positions as p set quantity = r.quantity, entry_price = r."entryPrice",
              margin = r.margin, fees = r.fees
            from json_to_recordset(${JSON.stringify(positions.changed)}::json) as r(id int, quantity numeric,
              "entryPrice" numeric, margin numeric, fees numeric)
            where p.id = r.id),
          tr as (insert into trades (market, code, taker_order_id, taker_user_id, maker_order_id,
              maker_user_id, taker_side, price, quantity, taker_fee, maker_fee)
            select market, code, taker_order_id, taker_user_id, maker_order_id, maker_user_id, taker_side,
              price, quantity, taker_fee, maker_fee
            from json_to_recordset(${JSON.stringify(this.trades)}::json) as r(market text, code text, taker_order_id int,
              taker_user_id int, maker_order_id int, maker_user_id int, taker_side text, price numeric,
              quantity numeric, taker_fee numeric, maker_fee numeric)),
          lg as (insert into engine_log (seq, entry)
            select ${seq}, ${JSON.stringify(log)}::jsonb where ${logged}),
          pu as (insert into push_outbox (subscription_id, type, params)
            select s.id, r.type, r.params from json_to_recordset(${JSON.stringify(this.fillNotices(rows))}::json)
              as r("userId" int, type text, params jsonb)
            join push_subscriptions s on s.user_id = r."userId" where ${signedIn})`;
      await ledgerWrite(alongside);
      return rows;
    }
  }

  /**
   * The customers' resting orders of a book (a spot market's code, or `contractBook`) summed per
   * price, for the public book.
   */
  function customerLevels(book: string): CustomerLevels {
    const sides = { buy: new Map<number, number>(), sell: new Map<number, number>() };
    for (const live of resting.values()) {
      if (live.book !== book || !live.price) continue;
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
      if (command.k === "place")
        terms(command.code, command.step, command.fee, command.c?.maker, command.c?.taker);
    for (const [book, levels] of entry.quotes) quote(book, levels, undefined, work);
    for (const command of entry.commands) {
      try {
        if (command.k === "place") place(command, work);
        else if (command.k === "close") close(command, work);
        else cancel(command.user, command.order, work, command.m ?? "spot");
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
    close,
    cancel,
    replay,
    customerLevels,
    expectedFill,
    /** What the book's liquidity was last quoted from. */
    quotedFrom: (book: string) => quoted.get(book)?.from,
    /** The books where customers' orders rest. */
    restingMarkets: () => new Set([...resting.values()].map((live) => live.book)),
    /** Customers' orders resting, as the engine holds them (a replay compares them). */
    resting: () => [...resting.values()],
    /**
     * A book in decimal strings: customers' resting orders and the liquidity (a spot market's by
     * its code, a contract's by `contractBook`).
     */
    depth(key: string, levels = 20) {
      const u = units.get(codeOfBook(key));
      const book = books.get(key);
      if (!u || !book) return undefined;
      const d = book.depth(levels);
      const out = (side: [number, number][]) =>
        side.map(([p, q]) => ({ price: priceOf(p, u).toFixed(), quantity: quantityOf(q, u).toFixed() }));
      return { bids: out(d.bids), asks: out(d.asks) };
    },
  };
}

/** A close the matcher ran: what it closed, at what price, and its settlement. */
export type ClosedPosition = {
  order: LoggedClose;
  quantity: Decimal;
  /** The average price of what it closed (what the book took, and a liquidation's rest at the mark). */
  price: Decimal;
  marginShare: Decimal;
  realized: Decimal;
  fee: Decimal;
  payout: Decimal;
  /** The position is closed whole. */
  done: boolean;
  /** Its ledger movement (its reference is the close's row, known when written). */
  movement: Movement;
  tickTime: number | null;
};

/** The average price of an order's fills so far (undefined before the first). */
function averagePrice(live: Live): Decimal | undefined {
  return live.filled.gt(0) ? live.notional.div(live.filled).toDecimalPlaces(12) : undefined;
}

/** The stored row of an order, as the engine holds it (what `write` has just stored). */
function rowOf(live: Live, at: Date): OrderRow {
  return {
    id: live.id,
    userId: live.userId,
    market: live.market,
    code: live.code,
    contractType: live.contract?.type ?? null,
    expiry: live.contract?.expiry ?? null,
    side: live.side,
    type: live.type,
    price: live.price?.toFixed() ?? null,
    quantity: live.quantity.toFixed(),
    leverage: live.contract?.leverage ?? null,
    takeProfit: live.contract?.takeProfit ?? null,
    stopLoss: live.contract?.stopLoss ?? null,
    status: live.status,
    frozen: live.frozen.toFixed(),
    filledQuantity: live.filled.toFixed(),
    fillPrice: averagePrice(live)?.toFixed() ?? null,
    fee: live.fee.toFixed(),
    fillTickTime: live.fillTime,
    positionId: live.contract?.positionId ?? null,
    createdAt: live.createdAt,
    updatedAt: at,
  };
}

function liveOf(row: OrderRow): Live {
  const filled = D(row.filledQuantity);
  return {
    id: row.id,
    userId: row.userId,
    market: row.market,
    book:
      row.market === "contract"
        ? contractBook(row.code, row.contractType ?? "perpetual", row.expiry)
        : row.code,
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
    ...(row.market === "contract"
      ? {
          contract: {
            type: row.contractType ?? "perpetual",
            expiry: row.expiry,
            leverage: row.leverage ?? 1,
            takeProfit: row.takeProfit,
            stopLoss: row.stopLoss,
            positionId: row.positionId,
          },
        }
      : {}),
  };
}

/** The wallet and coin an order's funds are frozen in. */
const walletOf = (live: Live) => ({ user: live.userId, wallet: live.market });
const coinOf = (live: Live) =>
  live.market === "contract" || live.side === "buy" ? QUOTE : baseOf(live.code);

export type SpotEngine = ReturnType<typeof createSpotEngine>;
