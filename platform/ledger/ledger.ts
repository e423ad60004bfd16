import Decimal from "decimal.js";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { BALANCE_CHANNEL, type BalanceNotice } from "./events.ts";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "./tables.ts";

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
  const lines = movement.postings.map((p) => ({
    ...p,
    coin: coinCode(p.coin),
    amount: new Decimal(p.amount),
    bucket: p.bucket ?? "available",
  }));
  const sums = new Map<string, Decimal>();
  for (const line of lines) {
    if (!line.amount.isFinite() || line.amount.isZero()) throw new Error(`ledger: bad amount ${line.amount}`);
    if (line.amount.decimalPlaces() > MAX_SCALE) throw new Error(`ledger: more than ${MAX_SCALE} decimals`);
    sums.set(line.coin, (sums.get(line.coin) ?? new Decimal(0)).plus(line.amount));
  }
  for (const [coin, sum] of sums) {
    if (!sum.isZero()) throw new Error(`ledger: ${movement.kind} does not balance in ${coin} (${sum})`);
  }

  // Find (or create) the accounts in key order: creating one holds its unique-index slot until
  // commit, so two movements creating the same new accounts in opposite orders (USDT→BTC and
  // BTC→USDT conversions, say) would otherwise deadlock.
  const refs = new Map<string, { account: AccountRef; coin: string }>();
  for (const line of lines) refs.set(keyOf(line.account, line.coin), line);
  const ids = new Map<string, number>();
  for (const key of [...refs.keys()].sort()) {
    const ref = refs.get(key) as { account: AccountRef; coin: string };
    ids.set(key, await accountId(tx, ref.account, ref.coin));
  }
  // Lock in id order: two movements touching the same accounts take the locks the same way.
  const locked = [...new Set(ids.values())].sort((a, b) => a - b);
  await tx.execute(
    sql`select id from ledger_accounts where id in ${sql.raw(`(${locked.join(",")})`)} order by id for update`,
  );

  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: movement.kind,
      refType: movement.ref?.type ?? null,
      refId: movement.ref ? String(movement.ref.id) : null,
      memo: movement.memo ?? "",
    })
    .returning({ id: ledgerTransactions.id });
  const txId = created?.id as number;
  await tx.insert(ledgerEntries).values(
    lines.map((line) => ({
      txId,
      accountId: ids.get(keyOf(line.account, line.coin)) as number,
      coin: line.coin,
      bucket: line.bucket,
      amount: line.amount.toFixed(),
    })),
  );
  try {
    for (const line of lines) {
      const id = ids.get(keyOf(line.account, line.coin)) as number;
      const column = line.bucket === "available" ? ledgerAccounts.available : ledgerAccounts.frozen;
      await tx
        .update(ledgerAccounts)
        .set({ [line.bucket]: sql`${column} + ${line.amount.toFixed()}`, updatedAt: new Date() })
        .where(eq(ledgerAccounts.id, id));
    }
  } catch (error) {
    if (isNegativeBalance(error)) {
      const key = options.insufficientKey ?? "ledger.insufficient";
      throw new ApiError(422, key, { errors: { [options.field ?? "amount"]: [key] } });
    }
    throw error;
  }
  // Tell each customer's sockets, once this transaction commits (see events.ts).
  const coinsByUser = new Map<number, Set<string>>();
  for (const line of lines) {
    if (!("user" in line.account)) continue;
    const coins = coinsByUser.get(line.account.user) ?? new Set<string>();
    coinsByUser.set(line.account.user, coins.add(line.coin));
  }
  for (const [user, coins] of coinsByUser) {
    const notice: BalanceNotice = { user, coins: [...coins] };
    await tx.execute(sql`select pg_notify(${BALANCE_CHANNEL}, ${JSON.stringify(notice)})`);
  }
  return txId;
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
