// The options domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { optionsAdminRoutes } from "./admin-routes.ts";
