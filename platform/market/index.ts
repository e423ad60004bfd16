import type { Bus } from "../bus/bus.ts";
import type { Config } from "../config.ts";
import { type ContractType, isContractType } from "../contract/contract-types.ts";
import type { LiquidityTerms } from "../contract/liquidity.ts";
import { INTERVALS } from "../contract/market.ts";
import type { Database } from "../db/client.ts";
import type { HealthCheck } from "../http/health.ts";
import { type Leadership, runAsLeader } from "../jobs/leader.ts";
import type { Logger } from "../logger.ts";
import type { Hub } from "../ws/hub.ts";
import { createBinanceFeed } from "./binance.ts";
import { createMarketEngine } from "./engine.ts";
import type { MarketFeed } from "./feed.ts";
import { seedInstruments } from "./seed.ts";
import { feedInstruments, listedInstruments } from "./service.ts";
import { createSimulator } from "./sim.ts";
import { createMarketView } from "./view.ts";

const STALE_MS = 15_000;

/** A feed that never speaks: the market domain with no prices (operator CLI, most tests). */
export const silentFeed: MarketFeed = {
  source: "sim",
  history: async () => [],
  start: async () => {},
  stop: async () => {},
};

const neverLeads: Leadership = { isLeader: () => false, stop: async () => {} };

/**
 * The market domain: every instance keeps a view of the market from the bus and serves the
 * /ws channels; the one instance that leads runs the feed (simulator or Binance) and publishes.
 */
export async function createMarket(options: {
  config: Config;
  database: Database;
  bus: Bus;
  hub: Hub;
  logger: Logger;
  /** Tests pass their own feed (a seeded simulator, a replayed Binance stream). */
  feed?: MarketFeed;
  /**
   * false: never compete to run the feed (the operator CLI). A command run with DATABASE_URL and
   * no server up would otherwise take the feed's leadership and write candles while it ran.
   */
  lead?: boolean;
  /** Trading's terms for the liquidity's quotes: the public book shows them as placed. */
  liquidityTerms?: () => Promise<ReadonlyMap<string, LiquidityTerms>>;
}) {
  const { config, database, bus, hub, logger } = options;
  const db = database.db;
  await seedInstruments(db);
  const view = createMarketView(bus);
  const listed = new Set<string>();
  async function refresh() {
    // Also renews the copy the HTTP routes serve, so both see the same list.
    const codes = (await listedInstruments.reload(db)).map((i) => i.code);
    listed.clear();
    for (const code of codes) listed.add(code);
    view.track(codes);
  }
  await refresh();
  const refresher = setInterval(() => refresh().catch(() => {}), 60_000);
  refresher.unref?.();

  const feed =
    options.feed ??
    (config.marketFeed === "binance"
      ? createBinanceFeed({ wsUrl: config.binance.wsUrl, restUrl: config.binance.restUrl, logger })
      : createSimulator());
  const engine = createMarketEngine({
    db,
    bus,
    logger,
    feed,
    cnyRate: config.usdtCnyRate,
    liquidityTerms: options.liquidityTerms,
  });
  const leadership: Leadership =
    options.lead === false
      ? neverLeads
      : runAsLeader({
          name: "market-feed",
          databaseUrl: database.kind === "postgres" ? config.databaseUrl : undefined,
          logger,
          lead: async () => {
            await engine.start(await feedInstruments(db));
            return () => engine.stop();
          },
        });

  const accepts = (code: string) => listed.has(code);
  hub.registerChannel("price", { accepts, snapshot: (code) => view.ticker(code) });
  // A contract's book: `{"channel":"depth","code":…,"contract_type":"perpetual"}` (topic
  // `depth:<code>:<type>`); without contract_type, the spot market's as before.
  const contractOf = (params: Record<string, unknown>) =>
    params.contract_type === undefined ? undefined : (params.contract_type as ContractType);
  hub.registerChannel("depth", {
    accepts: (code, params) =>
      listed.has(code) && (params.contract_type === undefined || isContractType(params.contract_type)),
    key: { name: "contract_type", of: contractOf },
    snapshot: (code, params) => view.depth(code, contractOf(params)),
  });
  hub.registerChannel("trades", { accepts, snapshot: (code) => view.trades(code).slice(0, 30).reverse() });
  hub.registerChannel("kline", {
    accepts: (code, params) => listed.has(code) && INTERVALS.includes(params.interval as never),
    key: { name: "interval", of: (params) => String(params.interval) },
    snapshot: (code, params) => view.candle(code, String(params.interval)),
  });

  const health: HealthCheck = () => {
    const age = view.lastUpdate() ? Date.now() - view.lastUpdate() : undefined;
    return {
      status: age !== undefined && age < STALE_MS ? "up" : "down",
      source: feed.source,
      role: leadership.isLeader() ? "leader" : "follower",
      last_price_age_ms: age ?? null,
    };
  };

  return {
    view,
    /** Resolves once a market's candle history is complete (back-filled after start on the leader). */
    historyOf: (code: string) => engine.historyOf(code),
    health,
    async close() {
      clearInterval(refresher);
      await leadership.stop();
      view.close();
    },
  };
}
export type Market = Awaited<ReturnType<typeof createMarket>>;

// What other domains may use of the market (docs/decisions/boundaries.md).
export type { CustomerLevels } from "./engine.ts";
export {
  instrumentExists,
  instrumentListings,
  instrumentStatuses,
  latestCandleBetween,
  minuteOpensSince,
  setInstrumentListing,
} from "./queries.ts";
export { listedInstruments } from "./service.ts";
export type { MarketView } from "./view.ts";
