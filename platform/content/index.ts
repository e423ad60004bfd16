// The content domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { contentAdminRoutes } from "./admin-routes.ts";
export { forgetContentLists, forgetSiteContent, getSiteContent, querySiteContent } from "./service.ts";
