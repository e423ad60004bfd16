// Exchange: conversion quotes at live prices and their execution, with the desks (the standard
// one and the block desk) whose terms set the fee, the quote's life and the minimum.
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { and, eq, gt, isNull } from "drizzle-orm";
import { type Desk, EXCHANGE_DESKS, type Quote } from "../contract/wallet.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { tooMany } from "../http/rate-limit.ts";
import { balanceOf, coinCode, type Posting, post, transfer } from "../ledger/index.ts";
import { STALE_AFTER_MS } from "../trading/index.ts";
import { checkScale, coinDecimals, type WalletDeps } from "./shared.ts";
import { exchangeQuotes } from "./tables.ts";

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
  return { fromPrice: a.price, toPrice: b.price, rate: a.price.div(b.price) };
}

/** Enough digits that amount × price is never rounded before the one division by the other price. */
const Exact = Decimal.clone({ precision: 60 });

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
    const { limiter, perMinute, per10Seconds } = deps.quoteLimit;
    const verdict = await limiter.hit(`quotes:user:${userId}`, perMinute, 60_000);
    if (!verdict.ok) throw tooMany(verdict.retryAfterMs);
    // The minute's quotes not all at once: each is database work on the thread (embedded) or
    // the connections everyone's pages share, and a burst of 30 doubled customers' p99.
    const burst = await limiter.hit(`quotes:burst:user:${userId}`, per10Seconds, 10_000);
    if (!burst.ok) throw tooMany(burst.retryAfterMs);
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
  const { fromPrice, toPrice, rate } = liveRate(deps, from, to);
  if (amount.mul(fromPrice).lt(terms.minUsdt))
    throw fieldError("amount", "wallet.desk_minimum", { minimum: terms.minUsdt.toFixed() });
  // What `amount` is worth in `to`, divided once at the end: multiplying by the rate, itself
  // rounded to 20 digits, made an exact 0.5148 BTC 0.51479999… and short-changed the customer.
  const gross = new Decimal(new Exact(amount).mul(fromPrice).div(toPrice));
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
