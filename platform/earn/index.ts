// The earn domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { earnAdminRoutes } from "./admin-routes.ts";
export { statusOf, undeliveredUsdt } from "./launchpad.ts";
export { fortuneSettings, setFortuneSettings } from "./service.ts";
