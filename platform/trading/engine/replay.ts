import Decimal from "decimal.js";
import { and, asc, eq, gte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { coinCode } from "../../ledger/index.ts";
import { engineLog, engineState, orders, positionCloses, trades } from "../tables.ts";
import { type ClosedPosition, createSpotMatcher, ENGINE_LEDGER_KINDS, type LogEntry } from "./spot-engine.ts";

/** The ledger kinds of closes on the books (a delivery settles outside them). */
const CLOSE_KINDS = ["contract_manual", "contract_take_profit", "contract_stop_loss", "contract_liquidation"];

export type ReplayReport = {
  /** Batches replayed. */
  batches: number;
  trades: number;
  /** Closes of positions on the books replayed. */
  closes: number;
  /** Each way the replay differs from what is stored; empty when it agrees in full. */
  differences: string[];
};

const same = (a: Decimal.Value | null | undefined, b: Decimal.Value | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined
    ? (a ?? null) === (b ?? null)
    : new Decimal(a).eq(b);

/**
 * Replays the engine's log into a fresh matcher (no database; the same matching code) and
 * compares what it produces with what is stored: every trade in order (spot and contract), every
 * engine order's final state, every close of a position on the books (quantity, price, PnL,
 * fee), and the net of the engine's ledger movements (closes' included) on every account.
 * Contract orders joined the engine later than spot: those placed before the first contract
 * order in the log (filled against the feed then) are not the engine's and are left out. The log starts with the
 * engine's first batch; a database whose engine ran before the log existed cannot be replayed
 * from its start, which the report says.
 */
export async function replaySpotLog(db: Db): Promise<ReplayReport> {
  const entries = await db.select().from(engineLog).orderBy(asc(engineLog.seq));
  const differences: string[] = [];
  const [state] = await db.select().from(engineState).where(eq(engineState.name, "spot"));
  const first = entries[0]?.seq;
  if ((first !== undefined && first !== 1) || (first === undefined && (state?.seq ?? 0) > 0)) {
    const [anyOrder] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.market, "spot"))
      .limit(1);
    if (anyOrder)
      differences.push(`the log starts at batch ${first ?? "none"}, after the engine's first batch`);
  }

  const matcher = createSpotMatcher();
  const replayed: Record<string, unknown>[] = [];
  const finals = new Map<number, { status: string; filled: string; fee: string; frozen: string }>();
  const net = new Map<string, Decimal>();
  const closes: ClosedPosition[] = [];
  let firstContract = 2_147_483_647; // the largest id (orders.id is an int)
  for (const { entry } of entries) {
    for (const command of (entry as LogEntry).commands)
      if (command.k === "place" && command.c) firstContract = Math.min(firstContract, command.id);
    const work = matcher.replay(entry as LogEntry);
    replayed.push(...work.trades);
    closes.push(...work.closes);
    for (const live of [...work.created, ...work.changed.values()])
      finals.set(live.id, {
        status: live.status,
        filled: live.filled.toFixed(),
        fee: live.fee.toFixed(),
        frozen: live.frozen.toFixed(),
      });
    for (const movement of work.movements)
      for (const p of movement.postings) {
        const owner =
          "user" in p.account ? `u:${p.account.user}:${p.account.wallet}` : `p:${p.account.platform}`;
        const key = `${owner}:${coinCode(p.coin)}:${p.bucket ?? "available"}`;
        net.set(key, (net.get(key) ?? new Decimal(0)).plus(p.amount));
      }
  }

  const stored = await db.select().from(trades).orderBy(asc(trades.id));
  if (stored.length !== replayed.length)
    differences.push(`${stored.length} trades stored, ${replayed.length} replayed`);
  stored.forEach((row, i) => {
    const r = replayed[i] as Record<string, string | number | null> | undefined;
    if (!r) return;
    const agrees =
      row.code === r.code &&
      row.takerOrderId === r.taker_order_id &&
      row.makerOrderId === r.maker_order_id &&
      row.takerUserId === r.taker_user_id &&
      row.makerUserId === r.maker_user_id &&
      row.takerSide === r.taker_side &&
      same(row.price, r.price) &&
      same(row.quantity, r.quantity) &&
      same(row.takerFee, r.taker_fee) &&
      same(row.makerFee, r.maker_fee);
    if (!agrees)
      differences.push(
        `trade ${row.id} differs: stored ${JSON.stringify(row)}, replayed ${JSON.stringify(r)}`,
      );
  });

  const engineOrders = await db
    .select()
    .from(orders)
    .where(or(eq(orders.market, "spot"), and(eq(orders.market, "contract"), gte(orders.id, firstContract))))
    .orderBy(asc(orders.id));
  for (const row of engineOrders) {
    const r = finals.get(row.id);
    if (!r) {
      differences.push(`order ${row.id} is stored but not in the log`);
      continue;
    }
    if (
      row.status !== r.status ||
      !same(row.filledQuantity, r.filled) ||
      !same(row.fee, r.fee) ||
      !same(row.frozen, r.frozen)
    )
      differences.push(
        `order ${row.id} differs: stored ${row.status} ${row.filledQuantity}, replayed ${r.status} ${r.filled}`,
      );
  }

  // Every close on the books, in order (their rows' ids were reserved in batch order): what it
  // closed, at what price, its PnL and fee. (A delivery settles outside the books.)
  const closedPositions = [...new Set(closes.map((c) => c.order.pos))];
  // The closes of those positions on the books (a delivery, or a close before closes were on
  // the books, is not the engine's); the log names each close's row.
  const logged = new Set(closes.map((c) => c.order.id));
  const storedCloses =
    closedPositions.length === 0
      ? []
      : (
          await db
            .select()
            .from(positionCloses)
            .where(
              sql`${positionCloses.positionId} in (${sql.join(
                closedPositions.map((id) => sql`${id}`),
                sql`, `,
              )}) and ${positionCloses.reason} <> 'delivery'`,
            )
            .orderBy(asc(positionCloses.id))
        ).filter((row) => logged.has(row.id));
  if (storedCloses.length !== closes.length)
    differences.push(`${storedCloses.length} closes stored, ${closes.length} replayed`);
  storedCloses.forEach((row, i) => {
    const r = closes[i];
    if (!r) return;
    if (
      row.id !== r.order.id ||
      row.positionId !== r.order.pos ||
      row.reason !== r.order.reason ||
      !same(row.quantity, r.quantity) ||
      !same(row.price, r.price) ||
      !same(row.pnl, r.realized) ||
      !same(row.fee, r.fee)
    )
      differences.push(
        `close ${row.id} differs: stored ${row.positionId} ${row.quantity} at ${row.price}, replayed ${r.order.pos} ${r.quantity.toFixed()} at ${r.price.toFixed()}`,
      );
  });

  // The engine's own movements, account by account, as the ledger holds them.
  const kinds = sql.join(
    ENGINE_LEDGER_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  const closeKinds = sql.join(
    CLOSE_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  const closeIds = storedCloses.length === 0 ? [0] : storedCloses.map((c) => c.id);
  const ledger = (await db.execute(sql`
    select a.owner_type, a.user_id, a.kind, e.coin, e.bucket, sum(e.amount)::text as amount
    from ledger_entries e
    join ledger_transactions t on t.id = e.tx_id
    join ledger_accounts a on a.id = e.account_id
    where (t.kind in (${kinds}) and t.ref_type = 'order'
      and t.ref_id in (select id::text from orders
        where market = 'spot' or (market = 'contract' and id >= ${firstContract})))
      or (t.kind in (${closeKinds}) and t.ref_type = 'position_close' and t.ref_id in (${sql.join(
        closeIds.map((id) => sql`${String(id)}`),
        sql`, `,
      )}))
    group by a.owner_type, a.user_id, a.kind, e.coin, e.bucket`)) as unknown as {
    rows: {
      owner_type: string;
      user_id: number | null;
      kind: string;
      coin: string;
      bucket: string;
      amount: string;
    }[];
  };
  const booked = new Map<string, Decimal>();
  for (const row of ledger.rows) {
    const owner = row.owner_type === "user" ? `u:${row.user_id}:${row.kind}` : `p:${row.kind}`;
    booked.set(`${owner}:${row.coin}:${row.bucket}`, new Decimal(row.amount));
  }
  for (const key of new Set([...net.keys(), ...booked.keys()])) {
    const a = booked.get(key) ?? new Decimal(0);
    const b = net.get(key) ?? new Decimal(0);
    if (!a.eq(b)) differences.push(`account ${key}: ledger ${a.toFixed()}, replayed ${b.toFixed()}`);
  }
  return { batches: entries.length, trades: replayed.length, closes: closes.length, differences };
}
