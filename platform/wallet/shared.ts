// What every part of the wallet shares: what it needs from the rest of the platform, a coin's
// decimals (and the check an amount makes against them), and the networks coins travel on.
import Decimal from "decimal.js";
import { and, asc, eq, ne } from "drizzle-orm";
import { FIAT_NETWORK, type NetworkView } from "../contract/wallet.ts";
import type { Db } from "../db/client.ts";
import { fieldError } from "../http/errors.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { coinCode } from "../ledger/index.ts";
import { listedDecimals } from "./queries.ts";
import { walletNetworks } from "./tables.ts";

/** What the wallet needs from the rest of the platform. */
export type WalletDeps = {
  db: Db;
  /** The price of a coin in USDT from the market (undefined when the market has none): for valuations. */
  priceUsdt(coin: string): Decimal | undefined;
  /** The same price with the time of the tick it comes from: conversions refuse a stale one. */
  livePrice(coin: string): { price: Decimal; time: number } | undefined;
  /** The clock (tests move it). */
  now?: () => number;
  /**
   * Money other domains hold for the customer outside their wallets, counted in Earn on the
   * assets screen: launchpad subscriptions whose tokens are not delivered yet (earn's own
   * table, read by its user index; the wallet cannot import earn).
   */
  heldForCustomer?: (userId: number) => Promise<{ coin: string; amount: string }[]>;
  cnyRate: string;
  depositXpub: string;
  eosAccount: string;
  /** Throttles conversion quotes (each one is a row): at most `perMinute` per customer. */
  quoteLimit?: { limiter: RateLimiter; perMinute: number; per10Seconds: number };
};

const d = (value: Decimal.Value) => new Decimal(value);

/** Decimals a coin is counted in (amounts with more are refused). */
export async function coinDecimals(db: Db, coin: string): Promise<number> {
  const decimals = await listedDecimals(db, coinCode(coin));
  if (decimals === undefined) throw fieldError("coin", "wallet.coin_unknown");
  return decimals;
}

/** Refuses an amount with more decimals than its coin is counted in. */
export function checkScale(amount: Decimal, decimals: number, field = "amount") {
  if (amount.decimalPlaces() > decimals) throw fieldError(field, "wallet.amount_decimals", { decimals });
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

/** The network a coin is deposited on when none is named: its first, in the listed order. */
export async function firstNetwork(db: Db, coin: string): Promise<string | undefined> {
  const [first] = await db
    .select({ network: walletNetworks.network })
    .from(walletNetworks)
    .where(eq(walletNetworks.coin, coin))
    .orderBy(asc(walletNetworks.sort))
    .limit(1);
  return first?.network;
}
