/**
 * The coins the platform tracks and the networks each can be sent on (withdrawal addresses,
 * deposits, withdrawals). Plain data, safe for the browser; the address checks are in
 * addresses.ts.
 */
export const NETWORKS = {
  USDT: ["TRC20", "ERC20"],
  BTC: ["BTC"],
  ETH: ["ERC20"],
  BCH: ["BCH"],
  LTC: ["LTC"],
  XRP: ["XRP"],
  EOS: ["EOS"],
  ETC: ["ETC"],
} as const satisfies Record<string, readonly string[]>;

/** Networks where one address serves many customers and a memo (tag) tells them apart. */
export const MEMO_NETWORKS: readonly string[] = ["XRP", "EOS"];

export type Coin = keyof typeof NETWORKS;
export type Network = (typeof NETWORKS)[Coin][number];
export const COINS = Object.keys(NETWORKS) as [Coin, ...Coin[]];
export const ALL_NETWORKS = [...new Set(Object.values(NETWORKS).flat())] as [Network, ...Network[]];

export function isCoin(value: string): value is Coin {
  return Object.hasOwn(NETWORKS, value);
}

/** Whether `network` is one the coin can be sent on. */
export function coinHasNetwork(coin: string, network: string): boolean {
  return isCoin(coin) && (NETWORKS[coin] as readonly string[]).includes(network);
}
