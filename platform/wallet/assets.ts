// A customer's assets: every wallet's balances valued at live prices.
import Decimal from "decimal.js";
import type { Assets } from "../contract/wallet.ts";
import { balancesOf, type UserWallet } from "../ledger/index.ts";
import { listedCoins } from "./queries.ts";
import type { WalletDeps } from "./shared.ts";

const d = (value: Decimal.Value) => new Decimal(value);

/**
 * A customer's assets valued at live prices (spec: total_usdt, total_cny, asset_list with code,
 * balance and frost): the eight tracked coins always, any other coin when held.
 */
export async function assets(deps: WalletDeps, userId: number): Promise<Assets> {
  const [cached, held] = await Promise.all([listedCoins.get(deps.db), balancesOf(deps.db, userId)]);
  // A coin held but not in memory was listed since (perhaps on another instance): read again.
  const list = held.every((b) => cached.some((c) => c.code === b.coin))
    ? cached
    : await listedCoins.reload(deps.db);
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
