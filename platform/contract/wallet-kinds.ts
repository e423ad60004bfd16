/**
 * The wallets a customer moves money between, and the kinds of wallet record, as the platform
 * names them. No zod here: the wallet screens' script imports it.
 */
export const WALLET_KINDS = ["spot", "contract"] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

export const RECORD_KINDS = ["recharge", "withdraw", "other"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * The accounts the assets screen values (`/account/index`): the two wallets above, and Earn —
 * everything else the ledger holds for the customer (pools, staking and lock-up, the
 * daily-interest wallet, launchpad subscriptions not delivered yet).
 */
export const ASSET_ACCOUNTS = [...WALLET_KINDS, "earn"] as const;
export type AssetAccount = (typeof ASSET_ACCOUNTS)[number];

/**
 * Kinds of ledger movement that are wallet records of their own (under "other"), each its record's
 * type: what Earn moves (platform/earn) in and out of a customer's wallets and what it pays them.
 */
export const EARN_RECORD_TYPES = [
  "fortune_in",
  "fortune_out",
  "fortune_interest",
  "fortune_first_reward",
  "earn_join",
  "earn_exit",
  "earn_income",
  "launchpad_subscribe",
  "launchpad_delivery",
  "daily_reward",
] as const;
export type EarnRecordType = (typeof EARN_RECORD_TYPES)[number];
