// The content domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { forgetContentLists, forgetSiteContent, getSiteContent, querySiteContent } from "./service.ts";
