import type { ADMIN_PERMISSIONS } from "../contract/admin.ts";
import type { Db } from "../db/client.ts";
import type { ApiContext } from "./context.ts";

// What a domain's console routes are handed by the console (admin), which mounts them: the
// signed-in operator's check and the audit log's writer. A domain's console work never imports
// admin (see docs/decisions/boundaries.md, "Console work lives with its domain").

/** One audited operator action: who, what, on what, and the state before and after. */
export type AuditEntry = {
  operator: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
};

/** Writes one audit row with the transaction given: the same one that makes the change. */
export type RecordAudit = (tx: Db, entry: AuditEntry) => Promise<void>;

export type ConsolePermission = (typeof ADMIN_PERMISSIONS)[number];

/** The operator acting, and how to record what they do in the audit log. */
export type Actor = { email: string; record: RecordAudit };

export type Console = {
  /** The operator behind the request's console token, with this permission (else 401 / 403). */
  operator(c: ApiContext, permission: ConsolePermission): Promise<Actor>;
};

/** The console's calls in the API documentation, whichever domain serves them. */
export const CONSOLE_TAGS = ["Operator console"];
export const CONSOLE_DESCRIPTION =
  "Console calls take the operator's token from /api/admin/login (a customer's token is refused with 401). ";
