import Decimal from "decimal.js";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  earnIdQuery,
  exitInput,
  fortuneAmountBody,
  joinBody,
  participationsQuery,
  productsQuery,
  subscribeBody,
} from "../contract/earn.ts";
import { PRODUCT_KINDS } from "../contract/earn-kinds.ts";
import type { Api } from "../http/app.ts";
import { ApiError } from "../http/errors.ts";
import { listProjects, mySubscriptions, requireProject, statusOf, subscribe } from "./launchpad.ts";
import {
  checkin,
  checkinStatus,
  exitParticipation,
  fortuneDeposit,
  fortuneOffer,
  fortuneSummary,
  fortuneWithdraw,
  listProducts,
  participate,
  participationIncome,
} from "./service.ts";
import { earnParticipations, earnProducts, type launchpadProjects } from "./tables.ts";

const n = (v: Decimal.Value) => new Decimal(v).toFixed();

const productSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(PRODUCT_KINDS),
    coin: z.string(),
    name_key: z.string(),
    daily_rate: z.string(),
    pool_total: z.string(),
    pool_remaining: z.string(),
    min_purchase: z.string(),
    max_purchase: z.string(),
    lock_days: z.number().int(),
    early_exit_penalty: z.string(),
    status: z.string(),
  })
  .meta({ id: "EarnProduct" });
const participationSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    coin: z.string(),
    amount: z.string(),
    daily_rate: z.string(),
    lock_days: z.number().int(),
    started_at: z.string(),
    ends_at: z.string().nullable(),
    status: z.enum(["participating", "exited"]),
    income: z.string(),
    penalty: z.string(),
    exited_at: z.string().nullable(),
  })
  .meta({ id: "EarnParticipation" });
const projectSchema = z
  .object({
    id: z.number().int(),
    token: z.string(),
    name: z.string(),
    description_key: z.string(),
    price: z.string(),
    total_supply: z.string(),
    remaining: z.string(),
    sold_percent: z.string(),
    min_per_user: z.string(),
    max_per_user: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(["upcoming", "live", "ended"]),
    delivered: z.boolean(),
  })
  .meta({ id: "LaunchpadProject" });

export const productView = (p: typeof earnProducts.$inferSelect) => ({
  id: p.id,
  kind: p.kind,
  coin: p.coin,
  name_key: p.nameKey,
  daily_rate: n(p.dailyRate),
  pool_total: n(p.poolTotal),
  pool_remaining: n(p.poolRemaining),
  min_purchase: n(p.minPurchase),
  max_purchase: n(p.maxPurchase),
  lock_days: p.lockDays,
  early_exit_penalty: n(p.earlyExitPenalty),
  status: p.status,
});
const participationView = (p: typeof earnParticipations.$inferSelect) => ({
  id: p.id,
  product_id: p.productId,
  coin: p.coin,
  amount: n(p.amount),
  daily_rate: n(p.dailyRate),
  lock_days: p.lockDays,
  started_at: p.startedAt.toISOString(),
  ends_at: p.endsAt?.toISOString() ?? null,
  status: p.status,
  income: n(p.income),
  penalty: n(p.penalty),
  exited_at: p.exitedAt?.toISOString() ?? null,
});
export const projectView = (p: typeof launchpadProjects.$inferSelect) => ({
  id: p.id,
  token: p.token,
  name: p.name,
  description_key: p.descriptionKey,
  price: n(p.price),
  total_supply: n(p.totalSupply),
  remaining: n(p.remaining),
  sold_percent: new Decimal(p.totalSupply)
    .minus(p.remaining)
    .div(p.totalSupply)
    .mul(100)
    .toFixed(2, Decimal.ROUND_DOWN),
  min_per_user: n(p.minPerUser),
  max_per_user: n(p.maxPerUser),
  starts_at: p.startsAt.toISOString(),
  ends_at: p.endsAt.toISOString(),
  status: statusOf(p),
  delivered: p.deliveredAt !== null,
});

/** The daily-interest wallet's terms, the same for every customer. */
const fortuneOfferSchema = z.object({
  daily_rate: z.string(),
  first_reward: z.string(),
  reward_min_deposit: z.string(),
  reward_hold_days: z.number().int(),
  coin: z.string(),
});

const fortuneOfferView = (s: Awaited<ReturnType<typeof fortuneOffer>>) => ({
  daily_rate: s.dailyRate.toFixed(),
  first_reward: s.firstReward.toFixed(),
  reward_min_deposit: s.rewardMinDeposit.toFixed(),
  reward_hold_days: s.rewardHoldDays,
  coin: s.coin,
});

export function earnRoutes(api: Api) {
  const { db } = api.deps;
  const tags = ["Earn"];

  api.route(
    {
      method: "get",
      path: "/user/mining",
      tags,
      summary:
        "Mining pools, staking and lock-up products: coin, daily rate, pool amount and remaining, purchase limits, lock",
      query: productsQuery,
      response: z.array(productSchema),
    },
    async ({ query }) => (await listProducts(db, query.type)).map(productView),
  );

  const joinInput = joinBody;
  api.route(
    {
      method: "post",
      path: "/user/miningpost",
      tags,
      summary: "Join a pool (parameters in the query, as the spec's clients send them; a body works too)",
      description:
        "Refused, each with its own message, beyond the remaining pool amount, below the minimum or above the maximum purchase, or beyond the available balance.",
      auth: "required",
      query: joinInput.partial(),
      body: joinInput.partial(),
      response: participationSchema,
    },
    async ({ query, body }, { user, setMessage }) => {
      const input = joinInput.safeParse({ ...body, ...query });
      if (!input.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of input.error.issues) errors[String(issue.path[0])] = [issue.message];
        throw new ApiError(422, "errors.validation_failed", { errors });
      }
      const row = await participate(db, user.id, input.data.id, input.data.amount);
      setMessage("earn.joined");
      return participationView(row);
    },
  );

  api.route(
    {
      method: ["get", "post"],
      path: "/user/miningout",
      tags,
      summary:
        "Leave a pool: the principal returns (less the early-exit penalty of a locked product left early)",
      description: "GET is kept for the spec's clients; the web app posts.",
      auth: "required",
      query: exitInput,
      body: exitInput,
      response: participationSchema,
    },
    async ({ query, body }, { user, setMessage }) => {
      const which = query.id ?? body.id;
      if (!which)
        throw new ApiError(422, "errors.validation_failed", { errors: { id: ["validation.required"] } });
      const row = await exitParticipation(db, user.id, which);
      setMessage("earn.exited");
      return participationView({ ...row, penalty: row.penalty });
    },
  );

  api.route(
    {
      method: "get",
      path: "/user/mininglist",
      tags,
      summary: "The user's participations (time, amount, cumulative income, state), newest first",
      auth: "required",
      query: participationsQuery,
      response: z.object({
        list: z.array(participationSchema),
        page: z.number().int(),
        has_more: z.boolean(),
      }),
    },
    async ({ query }, { user }) => {
      const rows = await db
        .select()
        .from(earnParticipations)
        .where(
          and(
            eq(earnParticipations.userId, user.id),
            query.status ? eq(earnParticipations.status, query.status) : undefined,
          ),
        )
        .orderBy(desc(earnParticipations.id))
        .limit(query.limit + 1)
        .offset((query.page - 1) * query.limit);
      return {
        list: rows.slice(0, query.limit).map(participationView),
        page: query.page,
        has_more: rows.length > query.limit,
      };
    },
  );

  api.route(
    {
      method: "get",
      path: "/user/miningitem",
      tags,
      summary: "One participation with its daily income records",
      auth: "required",
      query: earnIdQuery,
      response: z.object({
        participation: participationSchema,
        product: productSchema.nullable(),
        income: z.array(z.object({ day: z.string(), amount: z.string(), base: z.string() })),
      }),
    },
    async ({ query }, { user }) => {
      const [row] = await db
        .select()
        .from(earnParticipations)
        .where(and(eq(earnParticipations.id, query.id), eq(earnParticipations.userId, user.id)));
      if (!row) throw new ApiError(404, "errors.not_found");
      const [product] = await db.select().from(earnProducts).where(eq(earnProducts.id, row.productId));
      const income = await participationIncome(db, row.id);
      return {
        participation: participationView(row),
        product: product ? productView(product) : null,
        income: income.map((i) => ({ day: i.day, amount: n(i.amount), base: n(i.base) })),
      };
    },
  );

  api.route(
    {
      method: "get",
      path: "/earn/fortune/offer",
      tags,
      summary: "The daily-interest wallet's offer: rate, first-participation reward and its terms",
      description:
        "The same for every customer (the home page and the earn overview show it); GET /earn/fortune adds the signed-in customer's balance and earnings.",
      response: fortuneOfferSchema,
    },
    async () => fortuneOfferView(await fortuneOffer(db)),
  );

  api.route(
    {
      method: "get",
      path: "/earn/fortune",
      tags,
      summary:
        "The daily-interest wallet: the offer (rate, first-participation reward) and, signed in, balance and earnings",
      auth: "optional",
      description:
        "The first-participation reward is paid once at least reward_min_deposit has stayed in the wallet for reward_hold_days days; falling below it earlier lapses it until a deposit reaches it again.",
      response: fortuneOfferSchema.extend({
        mine: z
          .object({
            balance: z.string(),
            yesterday: z.string(),
            total: z.string(),
            first_reward_received: z.boolean(),
            first_reward: z.object({
              status: z.enum(["none", "pending", "lapsed", "paid"]),
              vests_at: z.string().nullable(),
            }),
          })
          .nullable(),
      }),
    },
    async (_input, { user }) => ({
      ...fortuneOfferView(await fortuneOffer(db)),
      mine: user ? await fortuneSummary(db, user.id) : null,
    }),
  );

  api.route(
    {
      method: "post",
      path: "/earn/fortune/deposit",
      tags,
      summary:
        "Move USDT from spot into the daily-interest wallet (reaching the reward's minimum starts its holding period)",
      auth: "required",
      body: fortuneAmountBody,
      response: z.object({
        reward: z.string().nullable(),
        pending: z
          .object({ amount: z.string(), minimum: z.string(), days: z.number().int(), vests_at: z.string() })
          .nullable(),
      }),
    },
    async ({ body }, { user, setMessage }) => {
      const result = await fortuneDeposit(db, user.id, body.amount);
      if (result.reward) setMessage("earn.fortune_first_reward", { amount: result.reward });
      else if (result.pending) setMessage("earn.fortune_reward_pending", result.pending);
      else setMessage("earn.fortune_in");
      return result;
    },
  );

  api.route(
    {
      method: "post",
      path: "/earn/fortune/withdraw",
      tags,
      summary: "Move USDT from the daily-interest wallet back to spot",
      auth: "required",
      body: fortuneAmountBody,
      response: z.null(),
    },
    async ({ body }, { user, setMessage }) => {
      await fortuneWithdraw(db, user.id, body.amount);
      setMessage("earn.fortune_out");
      return null;
    },
  );

  api.route(
    {
      method: "get",
      path: "/earn/checkin",
      tags,
      summary: "Today's daily reward: claimed or not, the streak, the rewards of the week",
      auth: "required",
      response: z.object({
        today: z.string(),
        claimed_today: z.boolean(),
        streak: z.number().int(),
        next_reward: z.string(),
        rewards: z.array(z.string()),
      }),
    },
    (_input, { user }) => checkinStatus(db, user.id),
  );

  api.route(
    {
      method: "post",
      path: "/earn/checkin",
      tags,
      summary: "Claim today's reward (once per calendar day, UTC)",
      auth: "required",
      response: z.object({ streak: z.number().int(), amount: z.string() }),
    },
    async (_input, { user, setMessage }) => {
      const result = await checkin(db, user.id);
      setMessage("earn.checkin_done", { streak: result.streak, amount: result.amount });
      return result;
    },
  );

  api.route(
    {
      method: "get",
      path: "/launchpad/projects",
      tags,
      summary: "Launchpad projects: token, price, supply and remaining, limits, dates, status",
      response: z.array(projectSchema),
    },
    async () => (await listProjects(db)).map(projectView),
  );
  api.route(
    {
      method: "get",
      path: "/launchpad/project",
      tags,
      summary: "One launchpad project",
      query: earnIdQuery,
      response: projectSchema,
    },
    async ({ query }) => projectView(await requireProject(db, query.id)),
  );
  api.route(
    {
      method: "post",
      path: "/launchpad/subscribe",
      tags,
      summary: "Subscribe to a live project with USDT; tokens are delivered when it ends",
      auth: "required",
      body: subscribeBody,
      response: z.object({ id: z.number().int(), paid: z.string(), tokens: z.string() }),
    },
    async ({ body }, { user, setMessage }) => {
      const row = await subscribe(db, user.id, body.project_id, body.amount);
      setMessage("earn.subscribed");
      return { id: row.id, paid: n(row.paid), tokens: n(row.tokens) };
    },
  );
  api.route(
    {
      method: "get",
      path: "/launchpad/mine",
      tags,
      summary: "The user's subscriptions and deliveries",
      auth: "required",
      response: z.array(
        z.object({
          id: z.number().int(),
          project: projectSchema,
          paid: z.string(),
          tokens: z.string(),
          status: z.enum(["subscribed", "delivered"]),
          created_at: z.string(),
          delivered_at: z.string().nullable(),
        }),
      ),
    },
    async (_input, { user }) =>
      (await mySubscriptions(db, user.id)).map(({ sub, project }) => ({
        id: sub.id,
        project: projectView(project),
        paid: n(sub.paid),
        tokens: n(sub.tokens),
        status: sub.status,
        created_at: sub.createdAt.toISOString(),
        delivered_at: sub.deliveredAt?.toISOString() ?? null,
      })),
  );
}
