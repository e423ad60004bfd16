import type { z } from "zod";
import type { ADMIN_PERMISSIONS } from "../contract/admin.ts";
import type { Db } from "../db/client.ts";
import type { Api } from "./app.ts";
import type { ApiContext } from "./context.ts";
import type { HandlerContext, RouteInput, RouteSpec } from "./route.ts";

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

/**
 * A console call as a domain declares it: the route's spec without the console's tags, with the
 * permission the operator needs and, for a change, the message of its success (`done`).
 * `description` is said after the console's note on signing in.
 */
export type ConsoleRouteSpec<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
> = Omit<RouteSpec<Q, B, R, undefined>, "tags" | "auth"> & { permission: ConsolePermission; done?: string };

/** A console call's handler: the route's, with the operator acting (`by`). */
export type ConsoleHandler<Q, B, R extends z.ZodType> = (
  input: RouteInput<Q, B>,
  ctx: HandlerContext<undefined> & { by: Actor },
) => Promise<z.input<R>> | z.input<R>;

export type Console = {
  /** The operator behind the request's console token, with this permission (else 401 / 403). */
  operator(c: ApiContext, permission: ConsolePermission): Promise<Actor>;
  /**
   * Declares a console call: documented under the console's tag and note, answered only to an
   * operator with `permission` (checked before the handler runs), with `done` as its message.
   */
  route<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType>(
    spec: ConsoleRouteSpec<Q, B, R>,
    handler: ConsoleHandler<Q, B, R>,
  ): void;
};

/** The console's calls in the API documentation, whichever domain serves them. */
export const CONSOLE_TAGS = ["Operator console"];
export const CONSOLE_DESCRIPTION =
  "Console calls take the operator's token from /api/admin/login (a customer's token is refused with 401). ";

/** The console handed to the domains: the operator's check, and routes declared with it on `api`. */
export function createConsole(api: Api, operator: Console["operator"]): Console {
  return {
    operator,
    route(spec, handler) {
      const { permission, done, description, ...route } = spec;
      // Named, not written in the call: scripts/api-types.ts reads each domain's admin.route(…).
      const documented = {
        ...route,
        tags: CONSOLE_TAGS,
        description: `${CONSOLE_DESCRIPTION}${description ?? ""}`,
      };
      api.route(documented, async (input, ctx) => {
        const by = await operator(ctx.c, permission);
        const answer = await handler(input, { ...ctx, by });
        if (done) ctx.setMessage(done);
        return answer;
      });
    },
  };
}
