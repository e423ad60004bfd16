import Decimal from "decimal.js";
import { z } from "zod";
import {
  optionBetBody,
  optionBetSchema,
  optionBetsQuery,
  optionCurrentSchema,
  optionPageOf,
  optionProductQuery,
  optionProductSchema,
  optionProductsQuery,
  optionResultsQuery,
  optionRoundQuery,
  optionRoundSchema,
  optionTicksQuery,
} from "../contract/options.ts";
import type { Api } from "../http/app.ts";
import type { MarketView } from "../market/index.ts";
import {
  bettingRound,
  listProducts,
  placeBet,
  recentResults,
  requireProduct,
  roundAt,
  roundDetail,
  ticksBetween,
  userBets,
} from "./service.ts";
import type { optionBets, optionProducts, optionRounds } from "./tables.ts";

const D = (v: Decimal.Value | null) => (v === null ? null : new Decimal(v).toFixed());
const iso = (ms: number) => new Date(ms).toISOString();

/** A timed contract as customers see it (the console adds whether it is open and its order). */
export const productView = (p: typeof optionProducts.$inferSelect) => ({
  id: p.id,
  code: p.code,
  period_seconds: p.periodSeconds,
  odds: new Decimal(p.odds).toFixed(),
  fee_rate: new Decimal(p.feeRate).toFixed(),
  min_amount: new Decimal(p.minAmount).toFixed(),
  max_amount: new Decimal(p.maxAmount).toFixed(),
});
export const roundView = (r: typeof optionRounds.$inferSelect) => ({
  product_id: r.productId,
  period_no: r.periodNo,
  start: iso(r.startTime),
  end: iso(r.endTime),
  open_price: D(r.openPrice),
  open_tick_id: r.openTickId,
  open_tick_time: r.openTickTime ? iso(r.openTickTime) : null,
  close_price: D(r.closePrice),
  close_tick_id: r.closeTickId,
  close_tick_time: r.closeTickTime ? iso(r.closeTickTime) : null,
  result: r.result,
});
const betView = (b: typeof optionBets.$inferSelect) => ({
  id: b.id,
  product_id: b.productId,
  code: b.code,
  period_no: b.periodNo,
  round_start: iso(b.roundStart),
  round_end: iso(b.roundEnd),
  direction: b.direction,
  amount: new Decimal(b.amount).toFixed(),
  fee: new Decimal(b.fee).toFixed(),
  odds: new Decimal(b.odds).toFixed(),
  status: b.status,
  payout: new Decimal(b.payout).toFixed(),
  created_at: b.createdAt.toISOString(),
});

export function optionRoutes(api: Api, view: MarketView) {
  const { db } = api.deps;
  const tags = ["Timed contracts"];

  api.route(
    {
      method: "get",
      path: "/option/products",
      tags,
      summary: "Timed contracts: instrument, period, odds, fee and bet limits",
      query: optionProductsQuery,
      response: z.array(optionProductSchema),
    },
    async ({ query }) => (await listProducts(db, query.code)).map(productView),
  );

  api.route(
    {
      method: "get",
      path: "/option/current",
      tags,
      summary:
        "The round taking bets now (it starts at its start time) and the one running, with the server's time",
      query: optionProductQuery,
      response: optionCurrentSchema,
    },
    async ({ query }) => {
      const product = await requireProduct(db, query.product_id);
      const now = Date.now();
      const running = roundAt(product.periodSeconds, now);
      const betting = bettingRound(product.periodSeconds, now);
      const round = (r: { periodNo: string; start: number; end: number }) => ({
        period_no: r.periodNo,
        start: iso(r.start),
        end: iso(r.end),
      });
      return {
        product: productView(product),
        betting: round(betting),
        running: round(running),
        last_price: view.ticker(product.code)?.price ?? null,
        server_time: iso(now),
      };
    },
  );

  api.route(
    {
      method: "post",
      path: "/option/bet",
      tags,
      summary:
        "Bet up (bullish) or down (bearish) on the next round: the amount plus its fee leave the spot wallet at once",
      description:
        "Send `period_no`, the round the customer confirmed: once that round has started the bet is refused with 409 (`errors.period_no`, and the round taking bets now in `data.betting`), never moved to the next round. Without `period_no` the bet joins the round taking bets when it arrives.",
      auth: "required",
      body: optionBetBody,
      response: optionBetSchema,
    },
    async ({ body }, { user, setMessage }) => {
      const product = await requireProduct(db, body.product_id);
      const bet = await placeBet(db, user.id, body, Date.now(), view.ticker(product.code)?.time);
      setMessage("options.bet_placed", { period: bet.periodNo });
      return betView(bet);
    },
  );

  api.route(
    {
      method: "get",
      path: "/option/bets",
      tags,
      summary: "The user's bets: pending ones, or settled ones (win, loss, level refunded)",
      auth: "required",
      query: optionBetsQuery,
      response: optionPageOf(optionBetSchema),
    },
    async ({ query }, { user }) => {
      const { rows, hasMore } = await userBets(db, user.id, query.status, query.page, query.limit);
      return { list: rows.map(betView), page: query.page, has_more: hasMore };
    },
  );

  api.route(
    {
      method: "get",
      path: "/option/results",
      tags,
      summary:
        "Results of past rounds (period, open, close, result, and the ticks that decided them), newest first",
      query: optionResultsQuery,
      response: optionPageOf(optionRoundSchema),
    },
    async ({ query }) => {
      await requireProduct(db, query.product_id);
      const { rows, hasMore } = await recentResults(db, query.product_id, query.page, query.limit);
      return { list: rows.map(roundView), page: query.page, has_more: hasMore };
    },
  );

  api.route(
    {
      method: "get",
      path: "/option/round",
      tags,
      summary: "One round with the ids and times of its two deciding ticks",
      query: optionRoundQuery,
      response: optionRoundSchema,
    },
    async ({ query }) => roundView(await roundDetail(db, query.product_id, query.period)),
  );

  api.route(
    {
      method: "get",
      path: "/option/ticks",
      tags,
      summary:
        "The tick log: every price published for an instrument between two times (at most a day, 5,000 ticks)",
      description:
        "`from`/`to` in ms since epoch or ISO 8601. Recompute any round: its open price is the last tick at or before its start, its close the last at or before its end.",
      query: optionTicksQuery,
      response: z.array(
        z.object({ id: z.number(), code: z.string(), price: z.string(), time: z.number(), at: z.string() }),
      ),
    },
    async ({ query }) => {
      const ticks = await ticksBetween(db, query.code, query.from, query.to);
      return ticks.map((t) => ({
        id: t.id,
        code: t.code,
        price: new Decimal(t.price).toFixed(),
        time: t.time,
        at: iso(t.time),
      }));
    },
  );
}
