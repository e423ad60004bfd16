// The inbox domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { postMessage, unreadCountSql, wordMessage } from "./service.ts";
