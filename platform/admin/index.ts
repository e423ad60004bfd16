// The admin domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).

export { operatorEmailOf, operatorEmails } from "./queries.ts";
export { type AuthOperator, audit, authenticateOperator, can } from "./service.ts";
