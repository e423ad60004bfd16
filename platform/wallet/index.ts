// The wallet domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).

export { walletAdminRoutes } from "./admin-routes.ts";
export { listCoin, listedDecimals, ownersOfDepositAddress } from "./queries.ts";
export { pendingReviewCounts } from "./review.ts";
