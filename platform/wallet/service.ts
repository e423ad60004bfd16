import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { and, asc, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import {
  type Assets,
  type Desk,
  EXCHANGE_DESKS,
  FIAT_NETWORK,
  type NetworkView,
  type Quote,
  type RecordKind,
  type WalletRecord,
} from "../contract/wallet.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { type RateLimiter, tooMany } from "../http/rate-limit.ts";
import { postMessage } from "../inbox/index.ts";
import {
  balanceOf,
  balancesOf,
  coinCode,
  freeze,
  type Posting,
  post,
  spendFrozen,
  transfer,
  type UserWallet,
} from "../ledger/index.ts";
import { STALE_AFTER_MS } from "../trading/index.ts";
import { derive, type Family, NETWORK_FAMILY } from "./derive.ts";
import {
  coins,
  depositAddresses,
  deposits,
  derivationCounters,
  exchangeQuotes,
  fiatRecharges,
  transfers,
  walletNetworks,
  withdrawals,
} from "./tables.ts";

/** What the wallet needs from the rest of the platform. */
export type WalletDeps = {
  db: Db;
  /** The price of a coin in USDT from the market (undefined when the market has none): for valuations. */
  priceUsdt(coin: string): Decimal | undefined;
  /** The same price with the time of the tick it comes from: conversions refuse a stale one. */
  livePrice(coin: string): { price: Decimal; time: number } | undefined;
  /** The clock (tests move it). */
  now?: () => number;
  cnyRate: string;
  depositXpub: string;
  eosAccount: string;
  /** Throttles conversion quotes (each one is a row): at most `perMinute` per customer. */
  quoteLimit?: { limiter: RateLimiter; perMinute: number };
};

/** Conversion desks (terms in the contract, which the screens show): fee, quote life, minimum. */
export const DESKS = Object.fromEntries(
  Object.entries(EXCHANGE_DESKS).map(([desk, terms]) => [
    desk,
    {
      feeRate: new Decimal(terms.fee_rate),
      ttlMs: terms.ttl_seconds * 1000,
      minUsdt: new Decimal(terms.min_usdt),
      tolerance: new Decimal(terms.price_tolerance),
    },
  ]),
) as Record<Desk, { feeRate: Decimal; ttlMs: number; minUsdt: Decimal; tolerance: Decimal }>;

const d = (value: Decimal.Value) => new Decimal(value);

/** Decimals a coin is counted in (amounts with more are refused). */
export async function coinDecimals(db: Db, coin: string): Promise<number> {
  const [row] = await db
    .select({ decimals: coins.decimals })
    .from(coins)
    .where(eq(coins.code, coinCode(coin)))
    .limit(1);
  if (!row) throw fieldError("coin", "wallet.coin_unknown");
  return row.decimals;
}

function checkScale(amount: Decimal, decimals: number, field = "amount") {
  if (amount.decimalPlaces() > decimals) throw fieldError(field, "wallet.amount_decimals", { decimals });
}

/**
 * A customer's assets valued at live prices (spec: total_usdt, total_cny, asset_list with code,
 * balance and frost): the eight tracked coins always, any other coin when held.
 */
export async function assets(deps: WalletDeps, userId: number): Promise<Assets> {
  const [list, held] = await Promise.all([
    deps.db.select().from(coins).orderBy(asc(coins.sort)),
    balancesOf(deps.db, userId),
  ]);
  let total = d(0);
  const wallet = (kind: UserWallet) =>
    list
      .map((coin) => {
        const row = held.find((b) => b.wallet === kind && b.coin === coin.code);
        const available = d(row?.available ?? 0);
        const frozen = d(row?.frozen ?? 0);
        const price = deps.priceUsdt(coin.code) ?? d(0);
        const value = available.plus(frozen).mul(price);
        total = total.plus(value);
        return {
          tracked: coin.tracked,
          held: !available.plus(frozen).isZero(),
          asset: {
            code: coin.code,
            balance: available.toFixed(coin.decimals, Decimal.ROUND_DOWN),
            frost: frozen.toFixed(coin.decimals, Decimal.ROUND_DOWN),
            usdt_value: value.toFixed(2, Decimal.ROUND_DOWN),
          },
        };
      })
      .filter((a) => a.tracked || a.held)
      .map((a) => a.asset);
  const spot = wallet("spot");
  const contract = wallet("contract");
  return {
    total_usdt: total.toFixed(2, Decimal.ROUND_DOWN),
    total_cny: total.mul(deps.cnyRate).toFixed(2, Decimal.ROUND_DOWN),
    asset_list: spot,
    wallets: { spot, contract },
  };
}

/** The chains a coin travels on (the fiat payout terms are not a chain: see the fiat withdrawal). */
export async function listNetworks(db: Db, coin?: string): Promise<NetworkView[]> {
  const rows = await db
    .select()
    .from(walletNetworks)
    .where(
      and(
        ne(walletNetworks.network, FIAT_NETWORK),
        coin ? eq(walletNetworks.coin, coinCode(coin)) : undefined,
      ),
    )
    .orderBy(asc(walletNetworks.sort));
  return rows.map((n) => ({
    coin: n.coin,
    network: n.network,
    deposit_enabled: n.depositEnabled,
    withdraw_enabled: n.withdrawEnabled,
    min_deposit: d(n.minDeposit).toFixed(),
    withdraw_fee: d(n.withdrawFee).toFixed(),
    min_withdraw: d(n.minWithdraw).toFixed(),
    confirmations: n.confirmations,
  }));
}

export async function requireNetwork(db: Db, coin: string, network: string, use: "deposit" | "withdraw") {
  const [row] = await db
    .select()
    .from(walletNetworks)
    .where(and(eq(walletNetworks.coin, coinCode(coin)), eq(walletNetworks.network, network.toUpperCase())))
    .limit(1);
  if (!row) throw fieldError("network", "wallet.network_unknown");
  if (use === "deposit" ? !row.depositEnabled : !row.withdrawEnabled)
    throw fieldError("network", "wallet.network_paused");
  return row;
}

/**
 * The customer's deposit address on a network: derived once from the deposit key (a fresh index
 * per customer), or the shared address with the customer's UID as memo where the chain uses
 * memos (XRP destination tags, EOS memos).
 */
export async function depositAddress(deps: WalletDeps, userId: number, coin: string, network: string) {
  const net = await requireNetwork(deps.db, coin, network, "deposit");
  const family = NETWORK_FAMILY[net.network];
  if (!family) throw fieldError("network", "wallet.network_unknown");
  const info = {
    coin: net.coin,
    network: net.network,
    min_deposit: d(net.minDeposit).toFixed(),
    confirmations: net.confirmations,
  };
  const [existing] = await deps.db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, net.network)))
    .limit(1);
  if (existing) return { ...info, address: existing.address, memo: existing.memo };
  const memo = family === "memo" || family === "xrp" ? String(10_000_000 + userId) : null;
  return deps.db.transaction(async (tx) => {
    let address: string;
    let path: string | null = null;
    if (family === "memo") address = deps.eosAccount;
    else if (family === "xrp") ({ address, path } = derive(deps.depositXpub, "xrp", 0));
    else {
      const index = await nextIndex(tx, family);
      ({ address, path } = derive(deps.depositXpub, family, index));
    }
    const [created] = await tx
      .insert(depositAddresses)
      .values({ userId, network: net.network, address, memo, derivationPath: path })
      .onConflictDoNothing()
      .returning();
    if (created) return { ...info, address: created.address, memo: created.memo };
    // Another request made it first.
    const [row] = await tx
      .select()
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, net.network)))
      .limit(1);
    if (!row) throw new Error("deposit address vanished");
    return { ...info, address: row.address, memo: row.memo };
  });
}

async function nextIndex(tx: Db, family: Family): Promise<number> {
  const [row] = await tx
    .insert(derivationCounters)
    .values({ family, next: 1 })
    .onConflictDoUpdate({
      target: derivationCounters.family,
      set: { next: sql`${derivationCounters.next} + 1` },
    })
    .returning({ next: derivationCounters.next });
  return (row?.next ?? 1) - 1;
}

/**
 * Credits a confirmed deposit: the platform's deposits account → the customer's spot wallet.
 * Idempotent by (network, txid): a transaction seen again returns the first record, `credited: false`.
 */
export async function creditDeposit(
  db: Db,
  input: { userId: number; coin: string; network: string; amount: string; txid?: string; operator: string },
) {
  const coin = coinCode(input.coin);
  const net = await requireNetwork(db, coin, input.network, "deposit");
  const amount = d(input.amount);
  checkScale(amount, await coinDecimals(db, coin));
  if (amount.lte(0)) throw fieldError("amount", "wallet.amount_positive");
  return db.transaction(async (tx) => {
    const [address] = await tx
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, input.userId), eq(depositAddresses.network, net.network)))
      .limit(1);
    const [row] = await tx
      .insert(deposits)
      .values({
        userId: input.userId,
        coin,
        network: net.network,
        amount: amount.toFixed(),
        address: address?.address ?? "",
        txid: input.txid ?? null,
        operator: input.operator,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [seen] = input.txid
        ? await tx
            .select()
            .from(deposits)
            .where(and(eq(deposits.network, net.network), eq(deposits.txid, input.txid)))
            .limit(1)
        : [];
      if (!seen) throw new Error("deposit not recorded");
      return { ...seen, credited: false };
    }
    await post(tx, {
      kind: "deposit",
      ref: { type: "deposit", id: row.id },
      postings: transfer({ platform: "deposits" }, { user: input.userId, wallet: "spot" }, coin, amount),
    });
    await postMessage(tx, input.userId, "deposit_credited", { amount: amount.toFixed(), coin });
    return { ...row, credited: true };
  });
}

/** Moves a coin between the customer's own wallets, at once. */
export async function transferBetween(
  db: Db,
  userId: number,
  input: { coin: string; from: UserWallet; to: UserWallet; amount: string },
) {
  const coin = coinCode(input.coin);
  if (input.from === input.to) throw fieldError("to", "wallet.same_wallet");
  const amount = d(input.amount);
  checkScale(amount, await coinDecimals(db, coin));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(transfers)
      .values({ userId, coin, fromWallet: input.from, toWallet: input.to, amount: amount.toFixed() })
      .returning();
    await post(
      tx,
      {
        kind: "transfer",
        ref: { type: "transfer", id: row?.id ?? 0 },
        postings: transfer(
          { user: userId, wallet: input.from },
          { user: userId, wallet: input.to },
          coin,
          amount,
        ),
      },
      { insufficientKey: "wallet.insufficient" },
    );
    return row;
  });
}

/**
 * The live rate of `from` in `to`, from prices no older than trading accepts (a stalled feed
 * must not price a conversion either).
 */
function liveRate(deps: WalletDeps, from: string, to: string) {
  const now = deps.now?.() ?? Date.now();
  const [a, b] = [deps.livePrice(from), deps.livePrice(to)];
  if (!a || !b || a.price.lte(0) || b.price.lte(0)) throw new ApiError(503, "wallet.no_price");
  if (now - a.time > STALE_AFTER_MS || now - b.time > STALE_AFTER_MS)
    throw new ApiError(503, "wallet.stale_price");
  return { fromPrice: a.price, rate: a.price.div(b.price) };
}

/**
 * A conversion quote at the live price, with its fee (taken in the coin received) and its desk's
 * short life: what the customer sees is exactly what executing it posts.
 */
export async function quoteExchange(
  deps: WalletDeps,
  userId: number,
  input: { from: string; to: string; amount: string },
  desk: Desk = "standard",
): Promise<Quote> {
  const terms = DESKS[desk];
  if (deps.quoteLimit) {
    const { limiter, perMinute } = deps.quoteLimit;
    const verdict = await limiter.hit(`quotes:user:${userId}`, perMinute, 60_000);
    if (!verdict.ok) throw tooMany(verdict.retryAfterMs);
  }
  const from = coinCode(input.from);
  const to = coinCode(input.to);
  if (from === to) throw fieldError("to", "wallet.same_coin");
  const [fromDecimals, toDecimals] = [await coinDecimals(deps.db, from), await coinDecimals(deps.db, to)];
  const amount = d(input.amount);
  checkScale(amount, fromDecimals);
  // Only what the spot wallet holds can be quoted: a quote is a promise to convert it.
  if ((await balanceOf(deps.db, userId, "spot", from)).available.lt(amount))
    throw fieldError("amount", "wallet.insufficient");
  const { fromPrice, rate } = liveRate(deps, from, to);
  if (amount.mul(fromPrice).lt(terms.minUsdt))
    throw fieldError("amount", "wallet.desk_minimum", { minimum: terms.minUsdt.toFixed() });
  const gross = amount.mul(rate);
  const fee = gross.mul(terms.feeRate).toDecimalPlaces(toDecimals, Decimal.ROUND_UP);
  const receive = gross.minus(fee).toDecimalPlaces(toDecimals, Decimal.ROUND_DOWN);
  if (receive.lte(0)) throw fieldError("amount", "wallet.amount_too_small");
  const id = randomUUID();
  const expires = new Date((deps.now?.() ?? Date.now()) + terms.ttlMs);
  await deps.db.insert(exchangeQuotes).values({
    id,
    userId,
    fromCoin: from,
    toCoin: to,
    fromAmount: amount.toFixed(),
    toAmount: receive.toFixed(),
    rate: rate.toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed(),
    fee: fee.toFixed(),
    priceTolerance: terms.tolerance.toFixed(),
    expiresAt: expires,
  });
  return {
    quote_id: id,
    from,
    to,
    amount: amount.toFixed(),
    receive: receive.toFixed(),
    rate: rate.toSignificantDigits(10, Decimal.ROUND_DOWN).toFixed(),
    fee: fee.toFixed(),
    expires_at: expires.toISOString(),
  };
}

/**
 * Executes a quote once, before it expires, while the live rate is within the quote's tolerance
 * of the quoted one (a refusal leaves the quote as it was); the spot wallet pays and receives
 * through the ledger.
 */
export async function executeExchange(deps: WalletDeps, userId: number, quoteId: string) {
  const now = new Date(deps.now?.() ?? Date.now());
  return deps.db.transaction(async (tx) => {
    const [quote] = await tx
      .update(exchangeQuotes)
      .set({ usedAt: now })
      .where(
        and(
          eq(exchangeQuotes.id, quoteId),
          eq(exchangeQuotes.userId, userId),
          isNull(exchangeQuotes.usedAt),
          gt(exchangeQuotes.expiresAt, now),
        ),
      )
      .returning();
    if (!quote) throw fieldError("quote_id", "wallet.quote_expired");
    const live = liveRate(deps, quote.fromCoin, quote.toCoin).rate;
    const drift = live.minus(quote.rate).abs().div(quote.rate);
    if (drift.gt(quote.priceTolerance))
      throw fieldError("quote_id", "wallet.price_moved", {
        tolerance: d(quote.priceTolerance).mul(100).toFixed(),
      });
    await post(
      tx,
      {
        kind: "exchange",
        ref: { type: "exchange", id: quote.id },
        postings: (
          [
            ...transfer(
              { user: userId, wallet: "spot" },
              { platform: "counterparty" },
              quote.fromCoin,
              quote.fromAmount,
            ),
            {
              account: { platform: "counterparty" },
              coin: quote.toCoin,
              amount: d(quote.toAmount).plus(quote.fee).neg(),
            },
            { account: { user: userId, wallet: "spot" }, coin: quote.toCoin, amount: quote.toAmount },
            { account: { platform: "fees" }, coin: quote.toCoin, amount: quote.fee },
          ] satisfies Posting[]
        ).filter((p) => !d(p.amount).isZero()),
      },
      { insufficientKey: "wallet.insufficient" },
    );
    return quote;
  });
}

/** A fiat recharge request (USD, credited 1:1 in USDT once an operator confirms the payment). */
export async function requestFiatRecharge(
  db: Db,
  userId: number,
  input: { method: string; amount: string; reference?: string },
) {
  const amount = d(input.amount);
  checkScale(amount, 2);
  if (amount.lt(10)) throw fieldError("amount", "wallet.fiat_minimum", { minimum: 10 });
  const [row] = await db
    .insert(fiatRecharges)
    .values({
      userId,
      method: input.method,
      currency: "USD",
      amount: amount.toFixed(),
      credit: amount.toFixed(),
      reference: input.reference ?? "",
    })
    .returning();
  return row;
}

/** An operator's decision on a fiat recharge; approving credits USDT, exactly once. */
export async function reviewFiatRecharge(
  db: Db,
  id: number,
  decision: { approve: boolean; operator: string; reason?: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(fiatRecharges)
      .set({
        status: decision.approve ? "success" : "rejected",
        reviewedBy: decision.operator,
        reviewedAt: new Date(),
        reason: decision.reason ?? null,
      })
      .where(and(eq(fiatRecharges.id, id), eq(fiatRecharges.status, "pending")))
      .returning();
    if (!row) throw new ApiError(409, "wallet.already_reviewed");
    if (decision.approve) {
      await post(tx, {
        kind: "fiat_recharge",
        ref: { type: "fiat_recharge", id: row.id },
        postings: transfer(
          { platform: "deposits" },
          { user: row.userId, wallet: "spot" },
          "USDT",
          row.credit,
        ),
      });
    }
    await postMessage(
      tx,
      row.userId,
      decision.approve ? "fiat_recharge_approved" : "fiat_recharge_rejected",
      {
        amount: d(row.amount).toFixed(2),
        currency: row.currency,
        reason: decision.reason ?? "",
      },
    );
    return row;
  });
}

/** A withdrawal already checked (preconditions, address, fund password): freeze and record it. */
export async function createWithdrawal(
  db: Db,
  input: {
    userId: number;
    coin: string;
    network: string;
    address: string;
    memo?: string;
    paymentMethodId?: number;
    amount: Decimal;
    fee: Decimal;
  },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId: input.userId,
        coin: input.coin,
        network: input.network,
        address: input.address,
        memo: input.memo ?? null,
        paymentMethodId: input.paymentMethodId ?? null,
        amount: input.amount.toFixed(),
        fee: input.fee.toFixed(),
        receive: input.amount.minus(input.fee).toFixed(),
      })
      .returning();
    if (!row) throw new Error("withdrawal not recorded");
    await post(
      tx,
      {
        kind: "withdrawal_request",
        ref: { type: "withdrawal", id: row.id },
        postings: freeze({ user: input.userId, wallet: "spot" }, input.coin, input.amount),
      },
      { insufficientKey: "wallet.insufficient" },
    );
    await postMessage(tx, input.userId, "withdrawal_requested", {
      amount: input.amount.toFixed(),
      coin: input.coin,
    });
    return row;
  });
}

/**
 * An operator completes a pending withdrawal: approved, the frozen amount leaves (what arrives to
 * the withdrawals account, the fee to the fees account); rejected, it is unfrozen. Exactly once.
 */
export async function reviewWithdrawal(
  db: Db,
  id: number,
  decision: { approve: boolean; operator: string; txid?: string; reason?: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({
        status: decision.approve ? "success" : "rejected",
        reviewedBy: decision.operator,
        reviewedAt: new Date(),
        txid: decision.txid ?? null,
        reason: decision.reason ?? null,
      })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "pending")))
      .returning();
    if (!row) throw new ApiError(409, "wallet.already_reviewed");
    const user = { user: row.userId, wallet: "spot" as const };
    if (decision.approve) {
      const postings = [...spendFrozen(user, { platform: "withdrawals" }, row.coin, row.receive)];
      if (!d(row.fee).isZero()) postings.push(...spendFrozen(user, { platform: "fees" }, row.coin, row.fee));
      await post(tx, { kind: "withdrawal", ref: { type: "withdrawal", id: row.id }, postings });
    } else {
      await post(tx, {
        kind: "withdrawal_reject",
        ref: { type: "withdrawal", id: row.id },
        postings: freeze(user, row.coin, d(row.amount).neg()),
      });
    }
    await postMessage(tx, row.userId, decision.approve ? "withdrawal_approved" : "withdrawal_rejected", {
      amount: d(row.amount).toFixed(),
      coin: row.coin,
      reason: decision.reason ?? "",
    });
    return row;
  });
}

/** Records the chain transaction of an approved withdrawal (an operator "marks it sent"). */
export async function markWithdrawalSent(db: Db, id: number, txid: string) {
  const [row] = await db
    .update(withdrawals)
    .set({ txid })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "success")))
    .returning();
  if (!row) throw new ApiError(409, "wallet.not_approved");
  await postMessage(db, row.userId, "withdrawal_sent", {
    amount: d(row.amount).toFixed(),
    coin: row.coin,
    txid,
  });
  return row;
}

type Row = Record<string, unknown>;

/** The customer's records of a kind as one query (spec: recharge, withdraw, other). */
function recordsQuery(userId: number, kind: RecordKind) {
  if (kind === "recharge") {
    return sql`select 'deposit:' || id as id, 'deposit' as type, coin, amount::text as amount, '0' as fee, network, address, txid, status, '' as detail, null as reason, created_at, null::timestamptz as updated_at
        from deposits where user_id = ${userId}
      union all
      select 'fiat_recharge:' || id, 'fiat_recharge', 'USDT', credit::text, '0', 'FIAT', method, reference, status, currency || ' ' || trim_scale(amount)::text, reason, created_at, reviewed_at
        from fiat_recharges where user_id = ${userId}
      union all
      select 'faucet:' || t.id, 'faucet', e.coin, e.amount::text, '0', null, null, null, 'success', '', null, t.created_at, null
        from ledger_transactions t join ledger_entries e on e.tx_id = t.id join ledger_accounts a on a.id = e.account_id
       where t.kind = 'faucet' and t.ref_type = 'user' and t.ref_id = ${String(userId)} and a.owner_type = 'user'`;
  }
  if (kind === "withdraw") {
    return sql`select 'withdrawal:' || id as id, case when network = 'FIAT' then 'fiat_withdrawal' else 'withdrawal' end as type, coin, amount::text as amount, fee::text as fee, network, address, txid, status, trim_scale(receive)::text as detail, reason, created_at, reviewed_at as updated_at
        from withdrawals where user_id = ${userId}`;
  }
  return sql`select 'transfer:' || id as id, 'transfer' as type, coin, amount::text as amount, '0' as fee, null as network, null as address, null as txid, 'success' as status, from_wallet || ' → ' || to_wallet as detail, null as reason, created_at, null::timestamptz as updated_at
      from transfers where user_id = ${userId}
    union all
    select 'exchange:' || id, 'exchange', from_coin, from_amount::text, fee::text, null, null, null, 'success', trim_scale(from_amount)::text || ' ' || from_coin || ' → ' || trim_scale(to_amount)::text || ' ' || to_coin, null, used_at, null
      from exchange_quotes where user_id = ${userId} and used_at is not null`;
}

/** The wallet records of a kind, newest first, a page at a time. */
export async function walletRecords(db: Db, userId: number, kind: RecordKind, page: number, limit: number) {
  const offset = (page - 1) * limit;
  const result = (await db.execute(
    sql`select * from (${recordsQuery(userId, kind)}) r order by created_at desc, id desc limit ${limit + 1} offset ${offset}`,
  )) as unknown as { rows: Row[] };
  const rows = result.rows.map((r) => toRecord(kind, r));
  return { list: rows.slice(0, limit), page, has_more: rows.length > limit };
}

function toRecord(kind: RecordKind, r: Row): WalletRecord {
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    id: String(r.id),
    kind,
    type: String(r.type),
    coin: String(r.coin),
    amount: d(String(r.amount)).toFixed(),
    fee: d(String(r.fee)).toFixed(),
    network: (r.network as string | null) ?? null,
    address: (r.address as string | null) ?? null,
    txid: (r.txid as string | null) ?? null,
    status: r.status as WalletRecord["status"],
    detail: String(r.detail ?? ""),
    reason: (r.reason as string | null) ?? null,
    created_at: iso(r.created_at) ?? "",
    updated_at: iso(r.updated_at),
  };
}

/** One of the customer's records by its id (another customer's record is simply not found). */
export async function walletRecord(db: Db, userId: number, id: string): Promise<WalletRecord> {
  const type = id.split(":")[0];
  const kind: RecordKind =
    type === "deposit" || type === "fiat_recharge" || type === "faucet"
      ? "recharge"
      : type === "withdrawal"
        ? "withdraw"
        : "other";
  const result = (await db.execute(
    sql`select * from (${recordsQuery(userId, kind)}) r where r.id = ${id} limit 1`,
  )) as unknown as {
    rows: Row[];
  };
  const row = result.rows[0];
  if (!row) throw new ApiError(404, "errors.not_found");
  return toRecord(kind, row);
}

export async function pendingWithdrawals(db: Db) {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.status, "pending"))
    .orderBy(asc(withdrawals.createdAt))
    .limit(200);
}

export async function recentWithdrawals(db: Db, limit = 50) {
  return db.select().from(withdrawals).orderBy(desc(withdrawals.createdAt)).limit(limit);
}

export async function pendingFiatRecharges(db: Db) {
  return db
    .select()
    .from(fiatRecharges)
    .where(eq(fiatRecharges.status, "pending"))
    .orderBy(asc(fiatRecharges.createdAt))
    .limit(200);
}
