// The one Drizzle schema: each domain owns its tables in its own folder; this file gathers them
// for the client, the migrator and drizzle-kit.
export * from "../admin/tables.ts";
export * from "../alerts/tables.ts";
export * from "../content/tables.ts";
export * from "../earn/tables.ts";
export * from "../identity/tables.ts";
export * from "../inbox/tables.ts";
export * from "../kyc/tables.ts";
export * from "../ledger/tables.ts";
export * from "../market/tables.ts";
export * from "../notify/tables.ts";
export * from "../options/tables.ts";
export * from "../push/tables.ts";
export * from "../referral/tables.ts";
export * from "../reserves/tables.ts";
export * from "../support/tables.ts";
export * from "../trading/tables.ts";
export * from "../uploads/tables.ts";
export * from "../wallet/tables.ts";
