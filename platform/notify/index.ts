// The notify domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export type { Notifier } from "./notifier.ts";
