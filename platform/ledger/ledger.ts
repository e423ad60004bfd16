import Decimal from "decimal.js";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { idsOf, jsonOf } from "../db/ids.ts";
import type { PreparedOptions } from "../db/prepared.ts";
import { ApiError } from "../http/errors.ts";
import { BALANCE_CHANNEL, type BalanceNotice } from "./events.ts";
import { ledgerAccounts } from "./tables.ts";

/**
 * A customer's wallets: spot is the main one, contract holds trading margin, earn holds what is
 * in mining pools, staking and lock-up, fortune is the daily-interest wallet.
 */
export const USER_WALLETS = ["spot", "contract", "earn", "fortune"] as const;
export type UserWallet = (typeof USER_WALLETS)[number];

/** The platform's own accounts, the other side of every customer movement. */
export const PLATFORM_ACCOUNTS = [
  "deposits", // money that came in from outside (a deposit's other side)
  "withdrawals", // money sent out
  "fees", // fees earned
  "counterparty", // the other side of trades, timed contracts and conversions
  "rewards", // interest and rewards paid
  "launchpad", // subscriptions held until tokens are delivered
  "faucet", // demo test money (DEMO_FAUCET only), the other side of every faucet claim
] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

export type AccountRef = { user: number; wallet: UserWallet } | { platform: PlatformAccount };
export type Bucket = "available" | "frozen";

/** One line of a movement: `amount` (a decimal string, signed) to an account's bucket. */
export type Posting = { account: AccountRef; coin: string; amount: Decimal.Value; bucket?: Bucket };

export type Movement = {
  kind: string;
  ref?: { type: string; id: string | number };
  memo?: string;
  postings: Posting[];
};

const MAX_SCALE = 18;
/** What the write statement fails with when kept account ids are out of date. */
const STALE = "stale account ids";

const isStale = (error: unknown) => {
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; message?: string };
  return cause.code === "22P02" && String(cause.message).includes(STALE);
};

function keyOf(ref: AccountRef, coin: string) {
  return "user" in ref ? `u:${ref.user}:${ref.wallet}:${coin}` : `p:${ref.platform}:${coin}`;
}

/** Normalises a coin code (BTC, usdt → BTC, USDT). */
export const coinCode = (coin: string) => coin.trim().toUpperCase();

/**
 * The ledger's one way to move money. Within the caller's database transaction it checks the
 * postings balance per coin, locks the accounts (in a fixed order, so concurrent movements
 * cannot deadlock), appends the entries and updates the cached balances. A customer balance
 * that would go below zero is refused by the database itself; that refusal is turned into
 * `insufficientKey` (a 422 on `field`).
 */
export async function post(
  tx: Db,
  movement: Movement,
  options: { insufficientKey?: string; field?: string } = {},
): Promise<number> {
  const [id] = await postMany(tx, [movement], options);
  return id as number;
}

type Line = { account: AccountRef; coin: string; amount: Decimal; bucket: Bucket };

/**
 * Several movements in one go, as one group of statements whatever their number: the accounts
 * are found and locked once, the transactions and entries inserted in one statement each, and
 * the balances updated in one statement with each account's net change. A group commit (many
 * orders in one database transaction) costs about what one movement does. All or nothing: if
 * one customer balance would go below zero, the whole group is refused.
 */
export async function postMany(
  tx: Db,
  movements: readonly Movement[],
  options: {
    insufficientKey?: string;
    field?: string;
    /**
     * The caller's own writes, as common table expressions (`a as (insert …), b as (…)`, names
     * other than t, e and u), run in the same statement: one round trip for both.
     */
    alongside?: SQL;
    /**
     * Runs this call's statements in place of `tx.execute` (the engine's batches run them as
     * prepared statements, see db/prepared.ts).
     */
    execute?: (query: SQL, options?: PreparedOptions) => Promise<unknown>;
    /**
     * The movements' write is the caller's transaction's last statement (the engine's batches):
     * the embedded database commits with it (see db/prepared.ts).
     */
    last?: boolean;
    /**
     * Account ids by key, kept by a caller that moves the same accounts again and again (the
     * engine): when every account is in it, the accounts are locked and the movements written in
     * one statement, not two; the ids of accounts that existed are added to it when looked up
     * (out of date ones are refused with `StaleAccountIds`, and all of it forgotten).
     */
    accountIds?: Map<string, number>;
  } = {},
): Promise<number[]> {
  const execute = options.execute ?? ((query: SQL) => tx.execute(query));
  const last = { last: options.last === true };
  if (movements.length === 0) {
    if (options.alongside) await execute(sql`with ${options.alongside} select 1`, last);
    return [];
  }
  const prepared = movements.map((movement) => {
    const lines: Line[] = movement.postings.map((p) => ({
      account: p.account,
      coin: coinCode(p.coin),
      amount: new Decimal(p.amount),
      bucket: p.bucket ?? "available",
    }));
    const sums = new Map<string, Decimal>();
    for (const line of lines) {
      if (!line.amount.isFinite() || line.amount.isZero())
        throw new Error(`ledger: bad amount ${line.amount}`);
      if (line.amount.decimalPlaces() > MAX_SCALE) throw new Error(`ledger: more than ${MAX_SCALE} decimals`);
      sums.set(line.coin, (sums.get(line.coin) ?? new Decimal(0)).plus(line.amount));
    }
    for (const [coin, sum] of sums) {
      if (!sum.isZero()) throw new Error(`ledger: ${movement.kind} does not balance in ${coin} (${sum})`);
    }
    return { movement, lines };
  });

  const refs = new Map<string, { account: AccountRef; coin: string }>();
  for (const { lines } of prepared) for (const line of lines) refs.set(keyOf(line.account, line.coin), line);
  // Accounts the caller has moved before: locked in the write itself (one statement, not two).
  const known = options.accountIds;
  const cached = known !== undefined && [...refs.keys()].every((key) => known.has(key));
  let ids: Map<string, number>;
  if (cached) {
    ids = known;
  } else {
    let existing: Map<string, number>;
    ({ ids, existing } = await lockAccounts(tx, refs, execute));
    // Only accounts that already existed: one created now is gone if this transaction rolls back.
    if (known) for (const [key, id] of existing) known.set(key, id);
  }

  // Rows travel as one JSON parameter each: one statement whatever their number, and no
  // per-value work in the driver. The transactions draw their ids in the statement.
  const transactions = prepared.map(({ movement }, i) => ({
    i,
    kind: movement.kind,
    ref_type: movement.ref?.type ?? null,
    ref_id: movement.ref ? String(movement.ref.id) : null,
    memo: movement.memo ?? "",
  }));
  // An entry names its transaction by its place in the group.
  const entries: { t: number; a: number; c: string; b: Bucket; m: string }[] = [];
  // Each account's net change, applied at once: what must hold (no customer balance below
  // zero) holds for the result, as it does at commit.
  const deltas = new Map<number, { id: number; da: Decimal; df: Decimal }>();
  const coinsByUser = new Map<number, Set<string>>();
  prepared.forEach(({ lines }, i) => {
    for (const line of lines) {
      const id = ids.get(keyOf(line.account, line.coin)) as number;
      entries.push({ t: i, a: id, c: line.coin, b: line.bucket, m: line.amount.toFixed() });
      const delta = deltas.get(id) ?? { id, da: new Decimal(0), df: new Decimal(0) };
      if (line.bucket === "available") delta.da = delta.da.plus(line.amount);
      else delta.df = delta.df.plus(line.amount);
      deltas.set(id, delta);
      if ("user" in line.account) {
        const coins = coinsByUser.get(line.account.user) ?? new Set<string>();
        coinsByUser.set(line.account.user, coins.add(line.coin));
      }
    }
  });
  const changes = [...deltas.values()].map((d) => ({ id: d.id, da: d.da.toFixed(), df: d.df.toFixed() }));
  // Tell each customer's sockets, once this transaction commits (see events.ts).
  const notices = [...coinsByUser].map(([user, coins]) =>
    JSON.stringify({ user, coins: [...coins] } satisfies BalanceNotice),
  );
  // Known accounts are locked here, in id order as elsewhere (the update reads them from the
  // lock), and only where each id is still the account it was kept for: a count short of the
  // accounts wanted means the kept ids are out of date, and the statement fails (STALE) before
  // its transaction can commit.
  const wanted = cached
    ? [...refs].map(([key, { account, coin }]) => ({
        id: known.get(key),
        ...("user" in account ? { u: account.user, k: account.wallet } : { u: null, k: account.platform }),
        c: coin,
      }))
    : [];
  const lock = cached
    ? sql`lk as materialized (select a.id from ledger_accounts a
        join json_to_recordset(${JSON.stringify(wanted)}::json) as w(id int, u int, k text, c text)
          on a.id = w.id and a.user_id is not distinct from w.u and a.kind = w.k and a.coin = w.c
        order by a.id
        for update of a),`
    : sql``;
  try {
    const result = (await execute(
      sql`with ${options.alongside ? sql`${options.alongside},` : sql``} ${lock}
      ti as materialized (select r.i, nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as id,
          r.kind, r.ref_type, r.ref_id, r.memo
        from json_to_recordset(${JSON.stringify(transactions)}::json)
          as r(i int, kind text, ref_type text, ref_id text, memo text)),
      t as (insert into ledger_transactions (id, kind, ref_type, ref_id, memo)
        select id, kind, ref_type, ref_id, memo from ti),
      e as (insert into ledger_entries (tx_id, account_id, coin, bucket, amount)
        select ti.id, r.a, r.c, r.b, r.m
        from json_to_recordset(${JSON.stringify(entries)}::json) as r(t int, a int, c text, b text, m numeric)
        join ti on ti.i = r.t),
      u as (update ledger_accounts as x
        set available = x.available + r.da, frozen = x.frozen + r.df, updated_at = now()
        from json_to_recordset(${JSON.stringify(changes)}::json) as r(id int, da numeric, df numeric)
        ${cached ? sql`join lk on lk.id = r.id` : sql``}
        where x.id = r.id)
      select (select json_agg(id order by i) from ti) as ids,
        ${cached ? sql`(select case when count(*) = ${refs.size} then 0 else (${STALE}::text || ': ' || count(*))::int end from lk)` : sql`0`}
          as kept_ids_checked,
        (select count(pg_notify(${BALANCE_CHANNEL}, n)) from json_array_elements_text(${JSON.stringify(notices)}::json) as n)::int
          as notified`,
      last,
    )) as unknown as { rows: { ids: unknown }[] };
    return idsOf(result.rows[0]?.ids);
  } catch (error) {
    if (cached && isStale(error)) {
      // Forget them all; the caller's transaction rolls back on this error and may try again.
      known.clear();
      throw new StaleAccountIds();
    }
    if (isNegativeBalance(error)) {
      const key = options.insufficientKey ?? "ledger.insufficient";
      throw new ApiError(422, key, { errors: { [options.field ?? "amount"]: [key] } });
    }
    throw error;
  }
}

/**
 * Finds and locks the accounts behind `refs`, in id order (two movements touching the same
 * accounts take the locks the same way), in one query; then creates any missing ones in key
 * order (creating one holds its unique-index slot until commit, so two movements creating the
 * same new accounts in opposite orders would otherwise deadlock).
 */
async function lockAccounts(
  tx: Db,
  refs: Map<string, { account: AccountRef; coin: string }>,
  execute: (query: SQL) => Promise<unknown> = (query) => tx.execute(query),
) {
  const found = (await execute(
    lockingStatement(
      [...refs.values()].map(({ account, coin }) =>
        "user" in account
          ? { u: account.user, k: account.wallet, c: coin }
          : { u: null, k: account.platform, c: coin },
      ),
    ),
  )) as unknown as {
    rows: { accounts: unknown }[];
  };
  const [answer] = found.rows;
  const accounts = jsonOf<{ id: number; user_id: number | null; kind: string; coin: string }[]>(
    answer?.accounts,
    [],
  );
  const ids = new Map<string, number>();
  for (const row of accounts) {
    const key =
      row.user_id !== null ? `u:${row.user_id}:${row.kind}:${row.coin}` : `p:${row.kind}:${row.coin}`;
    ids.set(key, Number(row.id));
  }
  const existing = new Map(ids);
  for (const key of [...refs.keys()].sort()) {
    if (ids.has(key)) continue;
    const ref = refs.get(key) as { account: AccountRef; coin: string };
    ids.set(key, await accountId(tx, ref.account, ref.coin));
  }
  return { ids, existing };
}

/**
 * Locks the wanted accounts (a customer's `u`, or a platform account with `u` null; `k` the
 * wallet or platform account, `c` the coin), in one statement.
 * Each account is found through its own unique index, customers' and the platform's apart: one
 * join with an `or` between the two could use neither index and read every account of the
 * exchange on every movement. The rows are locked as the sort yields them (in id order), so
 * concurrent movements cannot deadlock.
 */
export function lockingStatement(wanted: { u: number | null; k: string; c: string }[]) {
  return sql`
    with r as (select * from json_to_recordset(${JSON.stringify(wanted)}::json) as r(u int, k text, c text)),
    locked as (
      select a.id, a.user_id, a.kind, a.coin
      from ledger_accounts a
      where a.id in (
        select x.id from r join ledger_accounts x
          on x.owner_type = 'user' and x.user_id is not null and x.user_id = r.u
          and x.kind = r.k and x.coin = r.c
        union all
        select x.id from r join ledger_accounts x
          on x.owner_type = 'platform' and x.kind = r.k and x.coin = r.c
        where r.u is null)
      order by a.id
      for update of a)
    select (select coalesce(json_agg(locked), '[]'::json) from locked) as accounts`;
}

/** Account ids a caller kept no longer name those accounts (see postMany's `accountIds`). */
export class StaleAccountIds extends Error {
  constructor() {
    super("ledger: kept account ids are out of date");
  }
}

function isNegativeBalance(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`;
  return text.includes("ledger_customer_not_negative");
}

/** The account's id, created on first use (a customer gets a wallet the first time it moves). */
export async function accountId(tx: Db, ref: AccountRef, coin: string): Promise<number> {
  const c = coinCode(coin);
  const where =
    "user" in ref
      ? and(
          eq(ledgerAccounts.ownerType, "user"),
          eq(ledgerAccounts.userId, ref.user),
          eq(ledgerAccounts.kind, ref.wallet),
          eq(ledgerAccounts.coin, c),
        )
      : and(
          eq(ledgerAccounts.ownerType, "platform"),
          isNull(ledgerAccounts.userId),
          eq(ledgerAccounts.kind, ref.platform),
          eq(ledgerAccounts.coin, c),
        );
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (found) return found.id;
  const values =
    "user" in ref
      ? { ownerType: "user" as const, userId: ref.user, kind: ref.wallet, coin: c }
      : { ownerType: "platform" as const, userId: null, kind: ref.platform, coin: c };
  const [created] = await tx
    .insert(ledgerAccounts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (created) return created.id;
  const [again] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (!again) throw new Error("ledger: account vanished");
  return again.id;
}

export type Balance = { coin: string; wallet: string; available: string; frozen: string };

/** A customer's balances in every wallet and coin they hold (zero rows included once created). */
export async function balancesOf(
  db: Db,
  userId: number,
  wallets: readonly string[] = ["spot", "contract"],
): Promise<Balance[]> {
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, "user"),
        eq(ledgerAccounts.userId, userId),
        inArray(ledgerAccounts.kind, [...wallets]),
      ),
    );
  return rows.map((r) => ({ coin: r.coin, wallet: r.kind, available: r.available, frozen: r.frozen }));
}

/** One balance (zero when the wallet was never used). */
export async function balanceOf(
  db: Db,
  userId: number,
  wallet: UserWallet,
  coin: string,
): Promise<{ available: Decimal; frozen: Decimal }> {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, "user"),
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.kind, wallet),
        eq(ledgerAccounts.coin, coinCode(coin)),
      ),
    )
    .limit(1);
  return { available: new Decimal(row?.available ?? 0), frozen: new Decimal(row?.frozen ?? 0) };
}

// Small helpers for the common shapes of movement.

/** Moves an amount between two accounts' available balances. */
export const transfer = (
  from: AccountRef,
  to: AccountRef,
  coin: string,
  amount: Decimal.Value,
): Posting[] => [
  { account: from, coin, amount: new Decimal(amount).neg() },
  { account: to, coin, amount },
];

/** Freezes (positive) or unfreezes (negative) part of an account's balance. */
export const freeze = (account: AccountRef, coin: string, amount: Decimal.Value): Posting[] => [
  { account, coin, amount: new Decimal(amount).neg(), bucket: "available" },
  { account, coin, amount, bucket: "frozen" },
];

/** Takes an amount out of an account's frozen balance to another account. */
export const spendFrozen = (
  from: AccountRef,
  to: AccountRef,
  coin: string,
  amount: Decimal.Value,
): Posting[] => [
  { account: from, coin, amount: new Decimal(amount).neg(), bucket: "frozen" },
  { account: to, coin, amount },
];
