import Decimal from "decimal.js";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { EXCHANGE_DESKS } from "../contract/wallet.ts";
import { auditLedger } from "../ledger/audit.ts";
import { balanceOf, post, transfer } from "../ledger/ledger.ts";
import { executeExchange, quoteExchange } from "./exchange.ts";
import type { WalletDeps } from "./shared.ts";

/**
 * Conversion quotes on a controllable clock and price: a quote is refused on a stale price,
 * lives its desk's few seconds, and converts only while the live price is within the desk's
 * tolerance of the quoted one.
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({}, { jobs: false });
});
afterEach(async () => expect((await auditLedger(db())).findings).toEqual([]));
afterAll(() => t?.close());

const db = () => t.platform.deps.db;
const market = { now: Date.parse("2024-04-01T12:00:00Z"), btc: { price: "60000", time: 0 } };
const deps = (): WalletDeps => ({
  db: db(),
  now: () => market.now,
  priceUsdt: (coin) => (coin === "USDT" ? new Decimal(1) : new Decimal(market.btc.price)),
  livePrice: (coin) =>
    coin === "USDT"
      ? { price: new Decimal(1), time: market.now }
      : coin === "BTC"
        ? { price: new Decimal(market.btc.price), time: market.btc.time }
        : undefined,
  cnyRate: "7.2",
  depositXpub: "",
  eosAccount: "",
});

async function customer(usdt = "1000000") {
  const { user } = await registerByEmail(t);
  await db().transaction((tx) =>
    post(tx, {
      kind: "deposit",
      postings: transfer({ platform: "deposits" }, { user: user.id, wallet: "spot" }, "USDT", usdt),
    }),
  );
  return user.id as number;
}
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "converted",
    (error: { messageKey?: string; options?: { errors?: Record<string, string[]> } }) =>
      error.options?.errors?.quote_id?.[0] ?? error.messageKey,
  );

describe("a conversion quote", () => {
  it("is refused while the price is stale, like trading", async () => {
    const user = await customer();
    market.btc = { price: "60000", time: market.now - 11_000 };
    await expect(
      quoteExchange(deps(), user, { from: "USDT", to: "BTC", amount: "100" }),
    ).rejects.toMatchObject({ status: 503, messageKey: "wallet.stale_price" });
    market.btc.time = market.now - 9_000;
    const quote = await quoteExchange(deps(), user, { from: "USDT", to: "BTC", amount: "100" });
    expect(quote.receive).toBe("0.00166499"); // 100 / 60000 less 0.1 % (rounded up), rounded down
  });

  it("prices a conversion from the two prices, not from a rounded rate (1 satoshi short before)", async () => {
    const user = await customer("100000");
    market.btc = { price: "73575", time: market.now };
    // 37,876.41 / 73,575 is exactly 0.5148 BTC; the fee (0.1 %) is 0.0005148. Multiplying by the
    // rate 1 / 73,575, rounded to 20 digits, gave 0.51479999…, and the customer 0.51428519.
    const quote = await quoteExchange(deps(), user, { from: "USDT", to: "BTC", amount: "37876.41" });
    expect(quote.receive).toBe("0.5142852");
    expect(quote.fee).toBe("0.0005148");
  });

  it("lives its desk's few seconds and converts only within the desk's price tolerance", async () => {
    const user = await customer();
    market.btc = { price: "60000", time: market.now };
    const quote = await quoteExchange(deps(), user, { from: "USDT", to: "BTC", amount: "100" });
    expect(Date.parse(quote.expires_at) - market.now).toBe(10_000);
    expect(EXCHANGE_DESKS.standard).toMatchObject({ ttl_seconds: 10, price_tolerance: "0.005" });
    // The feed stalls: a quote is not converted on a price no one can check.
    market.now += 5_000;
    market.btc.time = market.now - 11_000;
    expect(await refusal(executeExchange(deps(), user, quote.quote_id))).toBe("wallet.stale_price");
    // BTC falls 1 %: the quote would now be a free option on the move; refused.
    market.btc = { price: "59400", time: market.now };
    expect(await refusal(executeExchange(deps(), user, quote.quote_id))).toBe(
      "wallet.price_moved?tolerance=0.5",
    );
    market.btc = { price: "60100", time: market.now };
    expect(await refusal(executeExchange(deps(), user, quote.quote_id))).toBe("converted");
    market.now += 6_000;
    const late = await quoteExchange(deps(), user, { from: "USDT", to: "BTC", amount: "100" });
    market.now += 10_000;
    expect(await refusal(executeExchange(deps(), user, late.quote_id))).toBe("wallet.quote_expired");
  });

  it("converts exactly the quoted amounts when the price stays within tolerance (property)", async () => {
    const user = await customer("100000000");
    const tolerance = new Decimal(EXCHANGE_DESKS.standard.price_tolerance);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 20_000, max: 90_000 }),
        fc.integer({ min: 1, max: 5_000_000 }).map((cents) => new Decimal(cents).div(100)),
        fc.integer({ min: -150, max: 150 }).map((bp) => new Decimal(bp).div(10_000)),
        fc.integer({ min: 0, max: 12_000 }),
        async (price, usdt, move, wait) => {
          market.now += 60_000;
          market.btc = { price: String(price), time: market.now };
          const quote = await quoteExchange(deps(), user, {
            from: "USDT",
            to: "BTC",
            amount: usdt.toFixed(),
          });
          // Independently, from the desk's stated terms: gross at the live rate, the fee rounded
          // up to BTC's 8 decimals, what is received rounded down.
          const gross = usdt.div(price);
          const fee = gross.mul(EXCHANGE_DESKS.standard.fee_rate).toDecimalPlaces(8, Decimal.ROUND_UP);
          expect(quote.receive).toBe(gross.minus(fee).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
          market.now += wait;
          const moved = new Decimal(price).mul(move.plus(1)).toDecimalPlaces(2);
          market.btc = { price: moved.toFixed(), time: market.now };
          const before = await balanceOf(db(), user, "spot", "BTC");
          const outcome = await refusal(executeExchange(deps(), user, quote.quote_id));
          const quotedRate = new Decimal(1).div(price);
          const drift = new Decimal(1).div(moved).minus(quotedRate).abs().div(quotedRate);
          const expected =
            wait >= 10_000
              ? "wallet.quote_expired"
              : drift.gt(tolerance)
                ? "wallet.price_moved?tolerance=0.5"
                : "converted";
          expect(outcome).toBe(expected);
          const after = await balanceOf(db(), user, "spot", "BTC");
          expect(after.available.minus(before.available).toFixed()).toBe(
            outcome === "converted" ? quote.receive : "0",
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
