import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { createScriptedFeed } from "../../tests/support/scripted-feed.ts";
import { ApiError } from "../http/errors.ts";
import {
  cancelOrder,
  closePosition,
  openOrders,
  openPositions,
  placeContractOrder,
} from "../trading/contracts.ts";
import { riskPass } from "../trading/risk.ts";
import { placeSpotOrder } from "../trading/spot.ts";
import { executeExchange, quoteExchange } from "../wallet/exchange.ts";
import type { WalletDeps } from "../wallet/shared.ts";
import { transferBetween } from "../wallet/transfers.ts";
import { createWithdrawal, pendingWithdrawals, reviewWithdrawal } from "../wallet/withdrawals.ts";
import { auditLedger, formatAudit } from "./audit.ts";
import { post, transfer } from "./ledger.ts";

/**
 * Random sequences of what customers and operators do — deposits, transfers, conversions (each
 * quote executed twice at once: it must convert once), spot and contract
 * orders, cancels, closes, withdrawal requests, approvals and rejections, price moves with the
 * risk pass — run in concurrent batches against the real database. After each sequence the
 * ledger audit passes and no customer balance is negative. Runs for about 10 s
 * (PROPERTY_SECONDS to change it).
 */
const SECONDS = Number(process.env.PROPERTY_SECONDS ?? 10);
const USERS = 3;
const feed = createScriptedFeed({ "btc/usdt": 60000, "eth/usdt": 3000 });
let t: TestPlatform;
const users: number[] = [];
beforeAll(async () => {
  t = await testPlatform({}, { marketFeed: feed });
  await t.marketReady();
  for (let i = 0; i < USERS; i++) users.push((await registerByEmail(t)).user.id);
});
afterAll(() => t?.close());

const db = () => t.platform.deps.db;
/** What conversions need: the database and the live prices (the scripted feed's). */
const wallet = () =>
  ({
    db: db(),
    priceUsdt: (coin: string) =>
      coin === "USDT" ? new Decimal(1) : new Decimal(last[`${coin.toLowerCase()}/usdt`] ?? 0),
    livePrice: (coin: string) => ({
      price: coin === "USDT" ? new Decimal(1) : new Decimal(last[`${coin.toLowerCase()}/usdt`] ?? 0),
      time: Date.now(),
    }),
  }) as unknown as WalletDeps;
const deps = () => t.platform.trading;

const user = fc.integer({ min: 0, max: USERS - 1 });
/** A positive amount with up to `scale` decimals, below `max`. */
const amount = (max: number, scale: number) =>
  fc.integer({ min: 1, max: max * 10 ** scale }).map((n) => new Decimal(n).div(10 ** scale).toFixed());
const code = fc.constantFrom("btc/usdt", "eth/usdt");
const side = fc.constantFrom("buy" as const, "sell" as const);
const step = (c: string) => (c === "btc/usdt" ? 0.0001 : 0.001);
const quantity = (c: string) =>
  fc.integer({ min: 1, max: 30 }).map((n) => new Decimal(n).mul(step(c)).toFixed());
const PRICE = { "btc/usdt": 60000, "eth/usdt": 3000 } as Record<string, number>;
const price = (c: string) =>
  fc.integer({ min: -30, max: 30 }).map((pct) => Math.round((PRICE[c] as number) * (1 + pct / 1000)));

const op = fc.oneof(
  fc.record({
    kind: fc.constant("deposit" as const),
    u: user,
    coin: fc.constantFrom("USDT", "BTC", "ETH"),
    amount: amount(2000, 6),
  }),
  fc.record({
    kind: fc.constant("transfer" as const),
    u: user,
    toContract: fc.boolean(),
    amount: amount(1500, 6),
  }),
  code.chain((c) =>
    fc.record({
      kind: fc.constant("spot" as const),
      u: user,
      code: fc.constant(c),
      side,
      quantity: quantity(c),
      limit: fc.option(price(c), { nil: undefined }),
    }),
  ),
  code.chain((c) =>
    fc.record({
      kind: fc.constant("contract" as const),
      u: user,
      code: fc.constant(c),
      side,
      quantity: quantity(c),
      leverage: fc.integer({ min: 1, max: 50 }),
      limit: fc.option(price(c), { nil: undefined }),
    }),
  ),
  fc.record({
    kind: fc.constant("cancel" as const),
    u: user,
    market: fc.constantFrom("spot" as const, "contract" as const),
  }),
  fc.record({
    kind: fc.constant("close" as const),
    u: user,
    part: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant("exchange" as const),
    u: user,
    pair: fc.constantFrom(["USDT", "BTC"], ["BTC", "USDT"], ["USDT", "ETH"], ["ETH", "BTC"]),
    amount: amount(3, 4),
  }),
  fc.record({ kind: fc.constant("withdraw" as const), u: user, amount: amount(500, 6) }),
  fc.record({ kind: fc.constant("review" as const), u: user, approve: fc.boolean() }),
  code.chain((c) => fc.record({ kind: fc.constant("move" as const), code: fc.constant(c), price: price(c) })),
);
const last: Record<string, number> = { ...PRICE };
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function run(o: Op) {
  if (o.kind === "move") {
    last[o.code] = o.price;
    feed.set(o.code, o.price);
    return riskPass(deps());
  }
  const userId = users[o.u] as number;
  switch (o.kind) {
    case "deposit":
      return db().transaction((tx) =>
        post(tx, {
          kind: "deposit",
          postings: transfer({ platform: "deposits" }, { user: userId, wallet: "spot" }, o.coin, o.amount),
        }),
      );
    case "transfer":
      return transferBetween(db(), userId, {
        coin: "USDT",
        from: o.toContract ? "spot" : "contract",
        to: o.toContract ? "contract" : "spot",
        amount: o.amount,
      });
    case "spot":
      return placeSpotOrder(deps(), userId, {
        code: o.code,
        side: o.side,
        quantity: o.quantity,
        type: o.limit ? "limit" : "market",
        price: o.limit ? String(o.limit) : undefined,
      });
    case "contract":
      return placeContractOrder(deps(), userId, {
        code: o.code,
        contract_type: "perpetual",
        side: o.side,
        quantity: o.quantity,
        leverage: o.leverage,
        type: o.limit ? "limit" : "market",
        price: o.limit ? String(o.limit) : undefined,
      });
    case "cancel": {
      const [order] = await openOrders(db(), o.market, userId);
      return order && cancelOrder(deps(), userId, order.id);
    }
    case "close": {
      const [position] = await openPositions(db(), userId);
      if (!position) return undefined;
      const q = o.part ? new Decimal(position.quantity).mul(o.part).div(10).toDecimalPlaces(3) : undefined;
      return closePosition(deps(), position.id, {
        userId,
        reason: "manual",
        quantity: q?.gt(0) ? q : undefined,
        price: deps().prices.best(position.code, position.side === "buy" ? "sell" : "buy"),
      });
    }
    case "exchange": {
      const [from, to] = [o.pair[0], o.pair[1]];
      // Worth at least the desk's minimum whatever the coin: scale USDT amounts up.
      const value = from === "USDT" ? new Decimal(o.amount).mul(1000).toFixed() : o.amount;
      const quote = await quoteExchange(wallet(), userId, { from, to, amount: value });
      const both = await Promise.allSettled([
        executeExchange(wallet(), userId, quote.quote_id),
        executeExchange(wallet(), userId, quote.quote_id),
      ]);
      const converted = both.filter((r) => r.status === "fulfilled");
      // Both refused is fine (e.g. the balance was short); twice never is.
      if (converted.length > 1) throw new Error("a quote converted twice");
      const refused = both.find((r) => r.status === "rejected");
      if (converted.length === 0 && refused?.status === "rejected") throw refused.reason;
      return converted[0]?.status === "fulfilled" ? converted[0].value : undefined;
    }
    case "withdraw":
      return createWithdrawal(db(), {
        userId,
        coin: "USDT",
        network: "TRC20",
        address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        amount: new Decimal(o.amount).plus(1),
        fee: new Decimal(1),
      });
    case "review": {
      // The operator reviews someone's pending request (the queue is shared by every customer).
      const pending = await pendingWithdrawals(db());
      const w = pending[o.u % Math.max(pending.length, 1)];
      return (
        w && reviewWithdrawal(db(), w.id, { approve: o.approve, operator: "property", reason: "random" })
      );
    }
  }
}

/** Refusals a customer can meet (insufficient funds, nothing to cancel, already reviewed…) are fine; anything else is a bug. */
const expected = (error: unknown) => error instanceof ApiError;

describe("the ledger under random concurrent use", () => {
  it(
    "keeps every invariant after any sequence of operations",
    async () => {
      let sequences = 0;
      const done = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
          async (batches) => {
            sequences++;
            // Prices older than 10 s are refused: keep the market printing.
            for (const [c, p] of Object.entries(last)) feed.set(c, p);
            for (const batch of batches) {
              const results = await Promise.allSettled(batch.map(run));
              results.forEach((r, i) => {
                if (r.status === "rejected" && !expected(r.reason)) throw r.reason;
                const kind = batch[i]?.kind ?? "";
                if (r.status === "fulfilled" && r.value) done.set(kind, (done.get(kind) ?? 0) + 1);
              });
            }
            const audit = await auditLedger(db());
            if (!audit.ok) throw new Error(formatAudit(audit));
            const negative = (await db().execute(
              sql`select count(*)::int as n from ledger_accounts where owner_type = 'user' and (available < 0 or frozen < 0)`,
            )) as unknown as { rows: { n: number }[] };
            expect(negative.rows[0]?.n).toBe(0);
          },
        ),
        { numRuns: 1_000_000, interruptAfterTimeLimit: SECONDS * 1000, markInterruptAsFailure: false },
      );
      // The time limit must leave room for a real number of sequences.
      expect(sequences).toBeGreaterThan(5);
      // …and the operations must really have moved money, not only been refused.
      for (const kind of ["deposit", "transfer", "exchange", "spot", "contract", "withdraw", "review"]) {
        expect(done.get(kind) ?? 0, `${kind} never succeeded`).toBeGreaterThan(0);
      }
    },
    SECONDS * 1000 + 60_000,
  );
});
