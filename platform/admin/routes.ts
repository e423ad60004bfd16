import { z } from "zod";
import {
  ADMIN_PERMISSIONS,
  ADMIN_ROLES,
  adminApproveWithdrawalBody,
  adminAuditQuery,
  adminCustomerQuery,
  adminDepositBody,
  adminFortuneBody,
  adminIdBody,
  adminIdQuery,
  adminInstrumentBody,
  adminLaunchpadBody,
  adminLoginBody,
  adminNetworkBody,
  adminNoticeBody,
  adminNoticeListQuery,
  adminNoticeQuery,
  adminOperatorCreateBody,
  adminOperatorSchema,
  adminOperatorUpdateBody,
  adminPostCreateBody,
  adminPostIdBody,
  adminPostSchema,
  adminProductBody,
  adminRejectBody,
  adminRows,
  adminSentBody,
  adminSiteBody,
  adminTimedProductBody,
} from "../contract/admin.ts";
import { siteContentSchema } from "../contract/content.ts";
import type { Db as ApiDb } from "../db/client.ts";
import type { Api } from "../http/app.ts";
import type { ApiContext } from "../http/context.ts";
import { ApiError } from "../http/errors.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { bearerToken } from "../http/route.ts";
import { supportCounts } from "../support/index.ts";
import { readUpload, uploadStore } from "../uploads/index.ts";
import {
  confirmDeposit,
  decideFiat,
  decideKyc,
  decideWithdrawal,
  fiatQueue,
  isKycDocument,
  kycDetail,
  kycQueue,
  listAllProducts,
  listNotices,
  noticeText,
  queueCounts,
  updateNotice,
  updateProduct,
  withdrawalQueue,
  withdrawalSent,
} from "./actions.ts";
import { createPost, setPostPublished, showSiteFields, updateSiteFields } from "./content.ts";
import {
  customerDetail,
  endCustomerSessions,
  ledgerOverview,
  runLedgerAudit,
  searchCustomers,
  setCustomerFrozen,
} from "./customers.ts";
import { listLaunchpad, showFortune, updateFortune, updateLaunchpad } from "./earn.ts";
import { listAllInstruments, updateInstrument } from "./instruments.ts";
import { listNetworks, updateNetwork } from "./networks.ts";
import {
  type AuthOperator,
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
import { listTimedProducts, updateTimedProduct } from "./timed.ts";

async function supportQueues(db: ApiDb, operatorId: number) {
  const counts = await supportCounts(db, operatorId);
  return { support: counts.waiting, support_unread: counts.unread };
}

const TAGS = ["Operator console"];
const DESCRIPTION =
  "Console calls take the operator's token from /api/admin/login (a customer's token is refused with 401). ";

/**
 * The operator console's calls. Every one checks the operator's own session (never a customer's)
 * and the role's permission: support reads; reviewers decide KYC and money; operators edit
 * products and content; the owner does all of it and manages operators (else 403).
 */
export function adminRoutes(api: Api, deps: { limiter: RateLimiter }) {
  async function operator(c: ApiContext, permission: Permission): Promise<AuthOperator> {
    const op = await authenticateOperator(c.get("deps").db, bearerToken(c) ?? "");
    if (!can(op.role, permission)) throw new ApiError(403, "errors.forbidden");
    return op;
  }

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

  // --- KYC ---
  api.route(
    {
      method: "get",
      path: "/admin/kyc",
      tags: TAGS,
      summary: "Identity verifications, newest first (pending by default)",
      description: DESCRIPTION,
      query: z.object({ status: z.enum(["pending", "authenticated", "rejected", "all"]).default("pending") }),
      response: adminRows,
    },
    async ({ query }, { c, deps: d }) => {
      await operator(c, "read");
      return kycQueue(d.db, query.status);
    },
  );
  api.route(
    {
      method: "get",
      path: "/admin/kyc/show",
      tags: TAGS,
      summary: "One verification with its documents (their images at /api/admin/kyc/document)",
      description: DESCRIPTION,
      query: adminIdQuery,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ query }, { c, deps: d }) => {
      await operator(c, "read");
      return kycDetail(d.db, query.id);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/kyc/approve",
      tags: TAGS,
      summary: "Approves a pending verification (reviewer)",
      description: DESCRIPTION,
      body: adminIdBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "review");
      const row = await decideKyc(d.db, op, body.id, { approve: true });
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/kyc/reject",
      tags: TAGS,
      summary: "Rejects a pending verification with the reason the customer reads (reviewer)",
      description: DESCRIPTION,
      body: adminRejectBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "review");
      const row = await decideKyc(d.db, op, body.id, { approve: false, reason: body.reason });
      setMessage("admin.done");
      return row;
    },
  );
  api.app.openAPIRegistry.registerPath({
    method: "get",
    path: "/admin/kyc/document",
    tags: TAGS,
    summary: "An identity document's image, for operators only",
    security: [{ Bearer: [] }],
    request: { query: z.object({ id: z.string() }) as never },
    responses: {
      200: { description: "The image" },
      401: { description: "Not an operator" },
      404: { description: "No such document" },
    },
  });
  api.app.get("/admin/kyc/document", async (c) => {
    await operator(c, "read");
    const { db, config } = c.get("deps");
    const id = c.req.query("id") ?? "";
    if (!(await isKycDocument(db, id))) throw new ApiError(404, "errors.not_found");
    const file = await readUpload(db, uploadStore(config), id, { operator: "console" });
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.bytes.length),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'",
      },
    });
  });

  // --- Money: withdrawals, fiat recharges, deposits ---
  api.route(
    {
      method: "get",
      path: "/admin/withdrawals",
      tags: TAGS,
      summary: "Withdrawals waiting for review (or the latest 100 with all=1)",
      description: DESCRIPTION,
      query: z.object({ all: z.enum(["0", "1"]).default("0") }),
      response: adminRows,
    },
    async ({ query }, { c, deps: d }) => {
      await operator(c, "read");
      return withdrawalQueue(d.db, query.all === "1");
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/withdrawals/approve",
      tags: TAGS,
      summary: "Approves a pending withdrawal; the frozen amount leaves the customer's wallet (reviewer)",
      description: DESCRIPTION,
      body: adminApproveWithdrawalBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "review");
      const row = await decideWithdrawal(d.db, op, body.id, { approve: true, txid: body.txid });
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/withdrawals/reject",
      tags: TAGS,
      summary: "Rejects a pending withdrawal; the frozen amount returns to the customer (reviewer)",
      description: DESCRIPTION,
      body: adminRejectBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "review");
      const row = await decideWithdrawal(d.db, op, body.id, { approve: false, reason: body.reason });
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/withdrawals/sent",
      tags: TAGS,
      summary: "Records the chain transaction of an approved withdrawal (reviewer)",
      description: DESCRIPTION,
      body: adminSentBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "review");
      const row = await withdrawalSent(d.db, op, body.id, body.txid);
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "get",
      path: "/admin/fiat",
      tags: TAGS,
      summary: "Fiat recharges waiting for confirmation",
      description: DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await operator(c, "read");
      return fiatQueue(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/fiat/approve",
      tags: TAGS,
      summary: "Confirms a fiat recharge was received: credits its USDT (reviewer)",
      description: DESCRIPTION,
      body: adminIdBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "review");
      const row = await decideFiat(d.db, op, body.id, { approve: true });
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/fiat/reject",
      tags: TAGS,
      summary: "Rejects a fiat recharge (nothing was received) (reviewer)",
      description: DESCRIPTION,
      body: adminRejectBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "review");
      const row = await decideFiat(d.db, op, body.id, { approve: false, reason: body.reason });
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/deposits/credit",
      tags: TAGS,
      summary: "Credits a confirmed chain deposit to a customer's spot wallet (reviewer)",
      description: DESCRIPTION,
      body: adminDepositBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "review");
      const row = await confirmDeposit(d.db, op, body);
      setMessage("admin.done");
      return row;
    },
  );

  // --- Products and content ---
  api.route(
    {
      method: "get",
      path: "/admin/products",
      tags: TAGS,
      summary: "Mining pools, staking and lock-up products, paused and ended ones too",
      description: DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await operator(c, "read");
      return listAllProducts(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/products/update",
      tags: TAGS,
      summary: "Sets a product's daily rate and status (operator); running participations keep their rate",
      description: DESCRIPTION,
      body: adminProductBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "products");
      const row = await updateProduct(d.db, op, body.id, { dailyRate: body.daily_rate, status: body.status });
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "get",
      path: "/admin/notices",
      tags: TAGS,
      summary:
        "The notices (or academy articles, news, protocol pages, banners: kind), with the languages each is written in and whether customers see it (published)",
      description: DESCRIPTION,
      query: adminNoticeListQuery,
      response: adminRows,
    },
    async ({ query }, { c, deps: d }) => {
      await operator(c, "read");
      return listNotices(d.db, query.kind);
    },
  );
  api.route(
    {
      method: "get",
      path: "/admin/notices/show",
      tags: TAGS,
      summary: "One notice's (or other post's: kind) text in one language (empty when not written yet)",
      description: DESCRIPTION,
      query: adminNoticeQuery,
      response: z.object({
        id: z.number(),
        lang: z.string(),
        title: z.string(),
        summary: z.string(),
        body: z.string(),
      }),
    },
    async ({ query }, { c, deps: d }) => {
      await operator(c, "read");
      return noticeText(d.db, query.id, query.lang, query.kind);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/notices/update",
      tags: TAGS,
      summary:
        "Writes a notice's (or other post's: kind) title, summary and Markdown body in one language (operator)",
      description: DESCRIPTION,
      body: adminNoticeBody,
      response: z.object({
        id: z.number(),
        lang: z.string(),
        title: z.string(),
        summary: z.string(),
        body: z.string(),
      }),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "products");
      const row = await updateNotice(d.db, op, body.id, body.lang, body, body.kind);
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/notices/create",
      tags: TAGS,
      summary:
        "Publishes a new notice, academy article, news item, protocol page or banner (kind), written in English (operator)",
      description: `${DESCRIPTION}Customers see it at once; until /admin/notices/update adds their language they read the English text. An academy article needs its category (basics, trading, earn); a banner has a title, a subtitle (summary) and a link, no body.`,
      body: adminPostCreateBody,
      response: adminPostSchema,
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "products");
      const row = await createPost(d.db, op, body);
      setMessage("admin.post_published");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/notices/unpublish",
      tags: TAGS,
      summary: "Unpublishes a post or banner (kind): customers no longer see it (operator)",
      description: `${DESCRIPTION}Nothing is deleted: the console keeps it with every language and /admin/notices/publish shows it again. The terms and the privacy policy cannot be unpublished (409).`,
      body: adminPostIdBody,
      response: adminPostSchema,
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "products");
      const row = await setPostPublished(d.db, op, body.id, body.kind, false);
      setMessage("admin.post_unpublished");
      return row;
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/notices/publish",
      tags: TAGS,
      summary:
        "Publishes an unpublished post or banner (kind) again, with its first publication date (operator)",
      description: DESCRIPTION,
      body: adminPostIdBody,
      response: adminPostSchema,
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "products");
      const row = await setPostPublished(d.db, op, body.id, body.kind, true);
      setMessage("admin.post_published");
      return row;
    },
  );

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

  // --- Instruments ---
  api.route(
    {
      method: "get",
      path: "/admin/instruments",
      tags: TAGS,
      summary: "Every instrument, paused ones too, with its precision, maximum leverage and fees",
      description: DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await operator(c, "read");
      return listAllInstruments(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/instruments/update",
      tags: TAGS,
      summary:
        "Pauses or resumes an instrument and sets its price precision, maximum leverage and fees (operator)",
      description: `${DESCRIPTION}A paused instrument leaves the market lists at once and refuses new orders; fees and leverage apply to new orders.`,
      body: adminInstrumentBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "products");
      const row = await updateInstrument(d.db, op, body.code, body);
      setMessage("admin.done");
      return row;
    },
  );

  // --- Deposit networks and withdrawal fees ---
  api.route(
    {
      method: "get",
      path: "/admin/networks",
      tags: TAGS,
      summary: "Every coin's networks: deposits and withdrawals on or off, minimums, withdrawal fee",
      description: DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await operator(c, "read");
      return listNetworks(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/networks/update",
      tags: TAGS,
      summary:
        "Opens or pauses a network's deposits and withdrawals and sets its minimums and withdrawal fee (operator)",
      description: DESCRIPTION,
      body: adminNetworkBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "products");
      const row = await updateNetwork(d.db, op, body, body);
      setMessage("admin.done");
      return row;
    },
  );

  // --- Timed contracts ---
  api.route(
    {
      method: "get",
      path: "/admin/timed-products",
      tags: TAGS,
      summary: "Every timed contract, closed ones too, with its odds, fee rate, bet limits and order",
      description: DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await operator(c, "read");
      return listTimedProducts(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/timed-products/update",
      tags: TAGS,
      summary: "Sets a timed contract's odds, fee rate, bet limits, open or closed, and order (operator)",
      description: `${DESCRIPTION}A bet keeps the odds it was placed at: a change applies to new bets only.`,
      body: adminTimedProductBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "products");
      const row = await updateTimedProduct(d.db, op, body.id, body);
      setMessage("admin.done");
      return row;
    },
  );

  // --- Daily-interest wallet and launchpad ---
  api.route(
    {
      method: "get",
      path: "/admin/fortune",
      tags: TAGS,
      summary: "The daily-interest wallet's daily rate and first-participation reward",
      description: DESCRIPTION,
      response: z.object({ daily_rate: z.string(), first_reward: z.string(), coin: z.string() }),
    },
    async (_input, { c, deps: d }) => {
      await operator(c, "read");
      return showFortune(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/fortune/update",
      tags: TAGS,
      summary: "Sets the daily-interest wallet's daily rate and first-participation reward (operator)",
      description: `${DESCRIPTION}The same change as \`npm run ops -- earn fortune\`; it applies from the next payment.`,
      body: adminFortuneBody,
      response: z.object({ daily_rate: z.string(), first_reward: z.string(), coin: z.string() }),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "products");
      const row = await updateFortune(d.db, op, body);
      setMessage("admin.done");
      return row;
    },
  );
  api.route(
    {
      method: "get",
      path: "/admin/launchpad",
      tags: TAGS,
      summary: "Launchpad projects: status, price, supply, per-customer limits and dates",
      description: DESCRIPTION,
      response: adminRows,
    },
    async (_input, { c, deps: d }) => {
      await operator(c, "read");
      return listLaunchpad(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/launchpad/update",
      tags: TAGS,
      summary: "Sets a launchpad project's price, supply, per-customer limits and dates (operator)",
      description: `${DESCRIPTION}Subscriptions already made keep their tokens; the supply cannot go below what is sold; a delivered project cannot change (409).`,
      body: adminLaunchpadBody,
      response: z.record(z.string(), z.unknown()),
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "products");
      const row = await updateLaunchpad(d.db, op, body.id, body);
      setMessage("admin.done");
      return row;
    },
  );

  // --- Site fields ---
  api.route(
    {
      method: "get",
      path: "/admin/site",
      tags: TAGS,
      summary: "The site fields: name, contact and feedback e-mail, support link, phone, app link",
      description: DESCRIPTION,
      response: siteContentSchema,
    },
    async (_input, { c, deps: d }) => {
      await operator(c, "read");
      return showSiteFields(d.db);
    },
  );
  api.route(
    {
      method: "post",
      path: "/admin/site/update",
      tags: TAGS,
      summary: "Sets the site fields, all at once (operator); every page shows them at once",
      description: DESCRIPTION,
      body: adminSiteBody,
      response: siteContentSchema,
    },
    async ({ body }, { c, deps: d, setMessage }) => {
      const op = await operator(c, "products");
      const row = await updateSiteFields(d.db, op, body);
      setMessage("admin.done");
      return row;
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
}
