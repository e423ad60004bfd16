/**
 * The wallets a customer moves money between, and the kinds of wallet record, as the platform
 * names them. No zod here: the wallet screens' script imports it.
 */
export const WALLET_KINDS = ["spot", "contract"] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

export const RECORD_KINDS = ["recharge", "withdraw", "other"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
