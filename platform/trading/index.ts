// The trading domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { tradingAdminRoutes } from "./admin-routes.ts";
export { forgetTradingTerms, liquidityTermsOf } from "./contracts.ts";
export { STALE_AFTER_MS } from "./prices.ts";
export { recentOrdersOf, recentPositionsOf } from "./queries.ts";
