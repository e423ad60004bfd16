import { FIAT_NETWORK } from "../contract/wallet.ts";
import type { Db } from "../db/client.ts";
import { coins, walletNetworks } from "./tables.ts";

// The spec's eight tracked coins first, then the rest of the listed markets' coins.
const COINS: { code: string; name: string; decimals: number; tracked?: boolean }[] = [
  { code: "USDT", name: "Tether", decimals: 6, tracked: true },
  { code: "BTC", name: "Bitcoin", decimals: 8, tracked: true },
  { code: "ETH", name: "Ethereum", decimals: 8, tracked: true },
  { code: "BCH", name: "Bitcoin Cash", decimals: 8, tracked: true },
  { code: "LTC", name: "Litecoin", decimals: 8, tracked: true },
  { code: "EOS", name: "EOS", decimals: 4, tracked: true },
  { code: "ETC", name: "Ethereum Classic", decimals: 8, tracked: true },
  { code: "XRP", name: "XRP", decimals: 6, tracked: true },
  { code: "SOL", name: "Solana", decimals: 8 },
  { code: "DOT", name: "Polkadot", decimals: 8 },
  { code: "ADA", name: "Cardano", decimals: 6 },
  { code: "TRX", name: "TRON", decimals: 6 },
  { code: "XLM", name: "Stellar", decimals: 6 },
  { code: "ATOM", name: "Cosmos", decimals: 6 },
  { code: "DASH", name: "Dash", decimals: 8 },
  { code: "BSV", name: "Bitcoin SV", decimals: 8 },
  { code: "HT", name: "Huobi Token", decimals: 8 },
  { code: "PEPE", name: "Pepe", decimals: 2 },
];

// The fee schedule the help articles describe.
const NETWORKS: {
  coin: string;
  network: string;
  minDeposit: string;
  fee: string;
  minWithdraw: string;
  confirmations: number;
}[] = [
  { coin: "USDT", network: "TRC20", minDeposit: "1", fee: "1", minWithdraw: "10", confirmations: 20 },
  { coin: "USDT", network: "ERC20", minDeposit: "10", fee: "5", minWithdraw: "20", confirmations: 12 },
  {
    coin: "BTC",
    network: "BTC",
    minDeposit: "0.0001",
    fee: "0.0005",
    minWithdraw: "0.001",
    confirmations: 2,
  },
  {
    coin: "ETH",
    network: "ERC20",
    minDeposit: "0.005",
    fee: "0.003",
    minWithdraw: "0.01",
    confirmations: 12,
  },
  { coin: "BCH", network: "BCH", minDeposit: "0.001", fee: "0.001", minWithdraw: "0.01", confirmations: 6 },
  { coin: "LTC", network: "LTC", minDeposit: "0.01", fee: "0.001", minWithdraw: "0.02", confirmations: 6 },
  { coin: "XRP", network: "XRP", minDeposit: "1", fee: "0.25", minWithdraw: "20", confirmations: 1 },
  { coin: "EOS", network: "EOS", minDeposit: "0.1", fee: "0.1", minWithdraw: "1", confirmations: 1 },
  { coin: "ETC", network: "ETC", minDeposit: "0.01", fee: "0.01", minWithdraw: "0.1", confirmations: 500 },
];

/** Coins and networks on a fresh install; an operator's later changes are kept. */
export async function seedWallet(db: Db) {
  await db
    .insert(coins)
    .values(COINS.map((c, i) => ({ ...c, tracked: c.tracked ?? false, sort: i })))
    .onConflictDoNothing();
  await db
    .insert(walletNetworks)
    .values(
      NETWORKS.map((n, i) => ({
        coin: n.coin,
        network: n.network,
        minDeposit: n.minDeposit,
        withdrawFee: n.fee,
        minWithdraw: n.minWithdraw,
        confirmations: n.confirmations,
        sort: i,
      })),
    )
    .onConflictDoNothing();
  // Fiat withdrawals (USDT paid out to a bank card or e-wallet): 20 USDT minimum, 2 USDT fee,
  // kept with the chains' terms so an operator adjusts them the same way. Never a deposit route.
  await db
    .insert(walletNetworks)
    .values({
      coin: "USDT",
      network: FIAT_NETWORK,
      depositEnabled: false,
      minDeposit: "0",
      withdrawFee: "2",
      minWithdraw: "20",
      confirmations: 0,
      sort: NETWORKS.length,
    })
    .onConflictDoNothing();
}
