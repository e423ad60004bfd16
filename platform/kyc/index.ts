// The kyc domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { kycAdminRoutes } from "./admin-routes.ts";
export { kycStates, pendingApplicationCount } from "./service.ts";
