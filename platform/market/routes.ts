import { z } from "zod";
import {
  candleSchema,
  depthQuery,
  depthSchema,
  favoriteBody,
  instrumentSchema,
  klineQuery,
  marketTradesQuery,
  tickerSchema,
  tradeSchema,
} from "../contract/market.ts";
import type { Api } from "../http/app.ts";
import { ApiError } from "../http/errors.ts";
import { candleHistory, listFavorites, listInstruments, requireInstrument, setFavorite } from "./service.ts";
import type { MarketView } from "./view.ts";

/** The HTTP twins of the /ws channels, for server rendering and for scripts. */
export function marketRoutes(api: Api, view: MarketView, historyOf: (code: string) => Promise<void>) {
  const { db } = api.deps;

  api.route(
    {
      method: "get",
      path: "/market/instruments",
      tags: ["Market"],
      summary: "Listed instruments with their display precision",
      response: z.array(instrumentSchema),
    },
    () => listInstruments(db),
  );

  api.route(
    {
      method: "get",
      path: "/market/tickers",
      tags: ["Market"],
      summary: "Latest price, CNY price and 24 h change, high, low and volume of every listed instrument",
      response: z.array(tickerSchema),
    },
    async () => {
      const listed = await listInstruments(db);
      return listed.flatMap((i) => view.ticker(i.code) ?? []);
    },
  );

  api.route(
    {
      method: "get",
      path: "/market/depth",
      tags: ["Market"],
      summary:
        "The order book: 20 levels a side, each with its quantity and the cumulative total; a contract's own book with `contract_type`",
      query: depthQuery,
      response: depthSchema,
    },
    async ({ query }) => {
      await requireInstrument(db, query.code);
      const depth = view.depth(query.code, query.contract_type);
      if (!depth) throw new ApiError(503, "market.no_data");
      return depth;
    },
  );

  api.route(
    {
      method: "get",
      path: "/market/trades",
      tags: ["Market"],
      summary: "Recent trades, newest first",
      query: marketTradesQuery,
      response: z.array(tradeSchema),
    },
    async ({ query }) => {
      await requireInstrument(db, query.code);
      return view.trades(query.code).slice(0, query.limit);
    },
  );

  api.route(
    {
      method: "get",
      path: "/market/kline",
      tags: ["Market"],
      summary: "Candles, oldest first, ending with the one in progress (or before `before`, in seconds)",
      query: klineQuery,
      response: z.array(candleSchema),
    },
    async ({ query }) => {
      const instrument = await requireInstrument(db, query.code);
      // Right after a start the history may still be filling: this market's goes first.
      await historyOf(instrument.code);
      return candleHistory(db, view, query.code, query.interval, query.limit, query.before);
    },
  );

  api.route(
    {
      method: "get",
      path: "/market/favorites",
      tags: ["Market"],
      summary: "The instruments the user starred",
      auth: "required",
      response: z.array(z.string()),
    },
    (_input, { user }) => listFavorites(db, user.id),
  );

  api.route(
    {
      method: "post",
      path: "/market/favorites",
      tags: ["Market"],
      summary: "Star (on=true) or unstar an instrument; answers the user's favorites",
      auth: "required",
      body: favoriteBody,
      response: z.array(z.string()),
    },
    ({ body }, { user }) => setFavorite(db, user.id, body.code, body.on),
  );
}
