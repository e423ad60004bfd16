// The push domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { queuePush, signedIn } from "./service.ts";
