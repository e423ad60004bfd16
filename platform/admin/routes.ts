import { z } from "zod";
import { contentAdminRoutes } from "../content/index.ts";
import {
  ADMIN_PERMISSIONS,
  ADMIN_ROLES,
  adminAuditQuery,
  adminCustomerQuery,
  adminIdBody,
  adminIdQuery,
  adminLoginBody,
  adminOperatorCreateBody,
  adminOperatorSchema,
  adminOperatorUpdateBody,
  adminRows,
} from "../contract/admin.ts";
import type { Db as ApiDb } from "../db/client.ts";
import { earnAdminRoutes } from "../earn/index.ts";
import type { Api } from "../http/app.ts";
import { CONSOLE_DESCRIPTION, CONSOLE_TAGS, createConsole } from "../http/console.ts";
import type { ApiContext } from "../http/context.ts";
import { ApiError } from "../http/errors.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { bearerToken } from "../http/route.ts";
import { accountNamesOf } from "../identity/index.ts";
import { kycAdminRoutes, pendingApplicationCount } from "../kyc/index.ts";
import { optionsAdminRoutes } from "../options/index.ts";
import { tradingAdminRoutes } from "../trading/index.ts";
import { pendingReviewCounts, walletAdminRoutes } from "../wallet/index.ts";
import {
  customerDetail,
  endCustomerSessions,
  ledgerOverview,
  runLedgerAudit,
  searchCustomers,
  setCustomerFrozen,
} from "./customers.ts";
import {
  type AuthOperator,
  audit,
  auditCsv,
  authenticateOperator,
  can,
  createOperator,
  listAudit,
  listOperators,
  type Permission,
  signInOperator,
  signOutOperator,
  updateOperator,
} from "./service.ts";

/** What the support chat's queues hold for an operator (support's, handed in by the platform). */
export type SupportQueues = (db: ApiDb, operatorId: number) => Promise<{ waiting: number; unread: number }>;

/** What waits for an operator (the dashboard): kyc's and the wallet's reviews. */
async function queueCounts(db: ApiDb) {
  const kyc = await pendingApplicationCount(db);
  const wallet = await pendingReviewCounts(db);
  return { kyc, withdrawals: wallet.withdrawals, fiat: wallet.fiat };
}

const TAGS = CONSOLE_TAGS;
const DESCRIPTION = CONSOLE_DESCRIPTION;

/**
 * The operator console's calls. Every one checks the operator's own session (never a customer's)
 * and the role's permission: support reads; reviewers decide KYC and money; operators edit
 * products and content; the owner does all of it and manages operators (else 403).
 *
 * The other domains' console work (content, earn, instruments, the wallet's reviews and networks,
 * timed contracts) lives in
 * those domains; their console routes are mounted here, handed this check and the audit log's
 * writer (`Console`), so no domain imports admin. The support chat's routes are support's own.
 */
export function adminRoutes(api: Api, deps: { limiter: RateLimiter; supportQueues: SupportQueues }) {
  async function operator(c: ApiContext, permission: Permission): Promise<AuthOperator> {
    const op = await authenticateOperator(c.get("deps").db, bearerToken(c) ?? "");
    if (!can(op.role, permission)) throw new ApiError(403, "errors.forbidden");
    return op;
  }
  async function supportQueues(db: ApiDb, operatorId: number) {
    const counts = await deps.supportQueues(db, operatorId);
    return { support: counts.waiting, support_unread: counts.unread };
  }
  const domainConsole = createConsole(api, async (c, permission) => ({
    email: (await operator(c, permission)).email,
    record: audit,
  }));

  api.route(
    {
      method: "post",
      path: "/admin/login",
      tags: TAGS,
      summary: "Operator sign-in: e-mail, password and the authenticator's current 6-digit code",
      description:
        "All three must be right; a failure does not say which was wrong. 5 failures per account (30 per address) in 15 minutes lock further tries (429).",
      body: adminLoginBody,
      response: z.object({ token: z.string(), operator: adminOperatorSchema }),
    },
    async ({ body }, ctx) =>
      signInOperator({ db: ctx.deps.db, limiter: deps.limiter }, body, {
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      }),
  );

  api.route(
    {
      method: "post",
      path: "/admin/logout",
      tags: TAGS,
      summary: "Ends this console session",
      response: z.null(),
    },
    async (_input, { c, deps: d }) => {
      const op = await operator(c, "read");
      await signOutOperator(d.db, op.sessionId);
      return null;
    },
  );

  api.route(
    {
      method: "get",
      path: "/admin/me",
      tags: TAGS,
      summary: "The signed-in operator and what waits in the queues",
      description: DESCRIPTION,
      response: z.object({
        operator: z.object({ id: z.number(), email: z.string(), role: z.enum(ADMIN_ROLES) }),
        permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
        queues: z.object({
          kyc: z.number(),
          withdrawals: z.number(),
          fiat: z.number(),
          support: z.number().meta({ description: "Support chats nobody has taken" }),
          support_unread: z
            .number()
            .meta({ description: "Unread customer messages in this operator's chats" }),
        }),
      }),
    },
    async (_input, { c, deps: d }) => {
      const op = await operator(c, "read");
      return {
        operator: { id: op.id, email: op.email, role: op.role },
        permissions: ADMIN_PERMISSIONS.filter((p) => can(op.role, p)),
        queues: { ...(await queueCounts(d.db)), ...(await supportQueues(d.db, op.id)) },
      };
    },
  );

  // Identity verifications: kyc's own console work (kyc/admin-routes.ts), here for their place in
  // the API documentation, after the dashboard.
  kycAdminRoutes(api, domainConsole, accountNamesOf);

  // --- Customers (support reads; freezing and ending sessions is a reviewer's or the owner's) ---
  api.route(
    {
      method: "get",
      path: "/admin/customers",
      tags: TAGS,
      summary: "Customers matching part of an e-mail or phone, a UID, a wallet or a deposit address",
      description: DESCRIPTION,
      query: adminCustomerQuery,
      response: adminRows,
    },
    async ({ query }, { c, deps: d }) => {
      await operator(c, "read");
      return searchCustomers(d.db, query.q);
    },
  );
  api.route(
    {
      method: "get",
      path: "/admin/customers/show",
      tags: TAGS,
      summary:
        "One customer: balances per wallet and coin, recent ledger entries, orders, positions, live sessions",
      description: DESCRIPTION,
      query: adminIdQuery,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ query }, { c, deps: d }) => {
      await operator(c, "read");
      return customerDetail(d.db, query.id);
    },
  );
  for (const [path, summary, run] of [
    [
      "/admin/customers/freeze",
      "Freezes a customer (reviewer): their sessions end and sign-in is refused until unfrozen",
      (db: ApiDb, op: AuthOperator, id: number) => setCustomerFrozen(db, op, id, true),
    ],
    [
      "/admin/customers/unfreeze",
      "Unfreezes a customer (reviewer): they can sign in again",
      (db: ApiDb, op: AuthOperator, id: number) => setCustomerFrozen(db, op, id, false),
    ],
    [
      "/admin/customers/end_sessions",
      "Signs a customer out on every device (reviewer)",
      (db: ApiDb, op: AuthOperator, id: number) => endCustomerSessions(db, op, id),
    ],
  ] as const) {
    api.route(
      {
        method: "post",
        path,
        tags: TAGS,
        summary,
        description: DESCRIPTION,
        body: adminIdBody,
        response: z.record(z.string(), z.unknown()),
      },
      async ({ body }, { c, deps: d, setMessage }) => {
        const op = await operator(c, "review");
        const row = await run(d.db, op, body.id);
        setMessage("admin.done");
        return row;
      },
    );
  }

  // --- Ledger ---
  api.route(
    {
      method: "get",
      path: "/admin/ledger",
      tags: TAGS,
      summary: "Totals per coin by account kind and the newest ledger audit run",
      description: DESCRIPTION,
      response: z.object({ totals: adminRows, last_audit: z.record(z.string(), z.unknown()).nullable() }),
    },
    async (_input, { c, deps: d }) => {
      await operator(c, "read");
      return ledgerOverview(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/ledger/audit",
      tags: TAGS,
      summary: "Runs the ledger audit now and records the run (reviewer)",
      description: DESCRIPTION,
      response: z.record(z.string(), z.unknown()).nullable(),
    },
    async (_input, { c, deps: d, setMessage }) => {
      const op = await operator(c, "review");
      const run = await runLedgerAudit(d.db, op);
      setMessage(run?.ok ? "admin.audit_passed" : "admin.audit_failed");
      return run;
    },
  );

  // --- Audit log ---
  api.route(
    {
      method: "get",
      path: "/admin/audit",
      tags: TAGS,
      summary: "The audit log, newest first, filtered by operator, action, target and dates",
      description: `${DESCRIPTION}Append-only: there is no call (and no database path) that changes or removes a row.`,
      query: adminAuditQuery,
      response: z.object({ list: adminRows, page: z.number(), has_more: z.boolean() }),
    },
    async ({ query }, { c, deps: d }) => {
      await operator(c, "read");
      const { page, ...filter } = query;
      return listAudit(d.db, { ...filter, from: filter.from || undefined, to: filter.to || undefined }, page);
    },
  );
  api.app.openAPIRegistry.registerPath({
    method: "get",
    path: "/admin/audit.csv",
    tags: TAGS,
    summary: "The audit log as CSV, with the same filters",
    security: [{ Bearer: [] }],
    request: { query: adminAuditQuery as never },
    responses: { 200: { description: "text/csv" }, 401: { description: "Not an operator" } },
  });
  api.app.get("/admin/audit.csv", async (c) => {
    await operator(c, "read");
    const parsed = adminAuditQuery.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!parsed.success) throw new ApiError(422, "errors.validation_failed");
    const { page: _page, ...filter } = parsed.data;
    const csv = await auditCsv(c.get("deps").db, {
      ...filter,
      from: filter.from || undefined,
      to: filter.to || undefined,
    });
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`,
        "cache-control": "private, no-store",
      },
    });
  });

  // --- Operator accounts (owner) ---
  api.route(
    {
      method: "get",
      path: "/admin/operators",
      tags: TAGS,
      summary: "The console's operators (owner)",
      description: DESCRIPTION,
      response: z.array(adminOperatorSchema),
    },
    async (_input, { c, deps: d }) => {
      await operator(c, "operators");
      return listOperators(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/operators/create",
      tags: TAGS,
      summary: "Creates an operator: answers a one-time password and the TOTP secret to enrol (owner)",
      description: DESCRIPTION,
      body: adminOperatorCreateBody,
      response: z.object({
        operator: adminOperatorSchema,
        password: z.string(),
        secret: z.string(),
        otpauth_url: z.string(),
      }),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "operators");
      const made = await createOperator(d.db, body, op.email);
      setMessage("admin.done");
      return made;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/operators/update",
      tags: TAGS,
      summary: "Changes an operator's role, or disables / enables the account (owner)",
      description: DESCRIPTION,
      body: adminOperatorUpdateBody,
      response: adminOperatorSchema,
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "operators");
      const row = await updateOperator(d.db, body.id, { role: body.role, disabled: body.disabled }, op);
      setMessage("admin.done");
      return row;
    },
  );

  // --- The domains' console work, mounted with the operator's check and the audit writer ---
  contentAdminRoutes(domainConsole);
  earnAdminRoutes(domainConsole);
  tradingAdminRoutes(domainConsole);
  walletAdminRoutes(domainConsole);
  optionsAdminRoutes(domainConsole);
}
