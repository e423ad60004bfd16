// A customer's assets: everything the ledger holds for them, valued at live prices.
import Decimal from "decimal.js";
import type { Asset, Assets } from "../contract/wallet.ts";
import type { AssetAccount } from "../contract/wallet-kinds.ts";
import { holdingsOf } from "../ledger/index.ts";
import { listedCoins } from "./queries.ts";
import type { WalletDeps } from "./shared.ts";

const d = (value: Decimal.Value) => new Decimal(value);

/**
 * The account a holding is shown in: the spot and contract wallets are their own; everything
 * else the ledger holds for the customer (the earn wallet's pools, staking and lock-up, the
 * daily-interest wallet, launchpad subscriptions not delivered yet, any wallet added later) is
 * money put to work in Earn.
 */
const accountOf = (wallet: string): AssetAccount =>
  wallet === "spot" || wallet === "contract" ? wallet : "earn";

/**
 * A customer's assets valued at live prices (spec: total_usdt, total_cny, asset_list with code,
 * balance and frost): the spot and contract wallets list the eight tracked coins always, any
 * other coin when held; Earn lists the coins it holds. The total is every holding of the
 * customer's (ledger `holdingsOf`, the one definition of them), each at the same price.
 */
export async function assets(deps: WalletDeps, userId: number): Promise<Assets> {
  const [cached, own, elsewhere] = await Promise.all([
    listedCoins.get(deps.db),
    holdingsOf(deps.db, userId),
    deps.heldForCustomer?.(userId) ?? [],
  ]);
  const held = [
    ...own,
    ...elsewhere.map((h) => ({ wallet: "launchpad", coin: h.coin, available: h.amount, frozen: "0" })),
  ];
  // A coin held but not in memory was listed since (perhaps on another instance): read again.
  const list = held.every((b) => cached.some((c) => c.code === b.coin))
    ? cached
    : await listedCoins.reload(deps.db);
  const price = (coin: string) => deps.priceUsdt(coin) ?? d(0);
  // Per account and coin, the available and frozen amounts of every holding shown there.
  const sums = new Map<string, { available: Decimal; frozen: Decimal }>();
  let total = d(0);
  for (const h of held) {
    const key = `${accountOf(h.wallet)}:${h.coin}`;
    const sum = sums.get(key) ?? { available: d(0), frozen: d(0) };
    sum.available = sum.available.plus(h.available);
    sum.frozen = sum.frozen.plus(h.frozen);
    sums.set(key, sum);
    total = total.plus(d(h.available).plus(h.frozen).mul(price(h.coin)));
  }
  // A coin no longer listed still counts in the total; it is shown with 8 decimals.
  const coins = [
    ...list,
    ...[...new Set(held.map((h) => h.coin))]
      .filter((code) => !list.some((c) => c.code === code))
      .map((code) => ({ code, decimals: 8, tracked: false })),
  ];
  const accounts = { spot: d(0), contract: d(0), earn: d(0) } satisfies Record<AssetAccount, Decimal>;
  const wallet = (account: AssetAccount, always: boolean): Asset[] =>
    coins
      .map((coin) => {
        const sum = sums.get(`${account}:${coin.code}`);
        const available = sum?.available ?? d(0);
        const frozen = sum?.frozen ?? d(0);
        const value = available.plus(frozen).mul(price(coin.code));
        accounts[account] = accounts[account].plus(value);
        return {
          shown: (always && coin.tracked) || !available.plus(frozen).isZero(),
          asset: {
            code: coin.code,
            balance: available.toFixed(coin.decimals, Decimal.ROUND_DOWN),
            frost: frozen.toFixed(coin.decimals, Decimal.ROUND_DOWN),
            usdt_value: value.toFixed(2, Decimal.ROUND_DOWN),
          },
        };
      })
      .filter((a) => a.shown)
      .map((a) => a.asset);
  const spot = wallet("spot", true);
  const contract = wallet("contract", true);
  const earn = wallet("earn", false);
  const usdt = (value: Decimal) => value.toFixed(2, Decimal.ROUND_DOWN);
  return {
    total_usdt: usdt(total),
    total_cny: total.mul(deps.cnyRate).toFixed(2, Decimal.ROUND_DOWN),
    asset_list: spot,
    wallets: { spot, contract, earn },
    accounts: { spot: usdt(accounts.spot), contract: usdt(accounts.contract), earn: usdt(accounts.earn) },
  };
}
