// The wallet domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { listCoin, listedDecimals, ownersOfDepositAddress } from "./queries.ts";
export {
  creditDeposit,
  markWithdrawalSent,
  pendingFiatRecharges,
  pendingWithdrawals,
  recentWithdrawals,
  reviewFiatRecharge,
  reviewWithdrawal,
} from "./service.ts";
