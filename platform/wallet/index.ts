// The wallet domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).

export { creditDeposit, pendingFiatRecharges, reviewFiatRecharge } from "./deposits.ts";
export { listCoin, listedDecimals, ownersOfDepositAddress } from "./queries.ts";
export {
  markWithdrawalSent,
  pendingWithdrawals,
  recentWithdrawals,
  reviewWithdrawal,
} from "./withdrawals.ts";
