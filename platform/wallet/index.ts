// The wallet domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).

export { walletAdminRoutes } from "./admin-routes.ts";
export { creditDeposit, pendingFiatRecharges, reviewFiatRecharge } from "./deposits.ts";
export { listCoin, listedDecimals, ownersOfDepositAddress } from "./queries.ts";
export {
  type FiatRecharge,
  fiatRechargeById,
  fiatState,
  fiatView,
  pendingReviewCounts,
  type Withdrawal,
  withdrawalById,
  withdrawalState,
  withdrawalView,
} from "./review.ts";
export { firstNetwork } from "./shared.ts";
export {
  markWithdrawalSent,
  pendingWithdrawals,
  recentWithdrawals,
  reviewWithdrawal,
} from "./withdrawals.ts";
