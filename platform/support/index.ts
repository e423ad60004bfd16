// The support domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { supportCounts } from "./service.ts";
