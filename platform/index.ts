import { resolve } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import { alertRoutes } from "./alerts/routes.ts";
import { startAlertWatcher } from "./alerts/service.ts";
import type { Bus } from "./bus/bus.ts";
import { createMemoryBus } from "./bus/memory.ts";
import { createRedisBus } from "./bus/redis.ts";
import type { Config } from "./config.ts";
import { contentRoutes } from "./content/routes.ts";
import { seedContent } from "./content/service.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { createApi } from "./http/app.ts";
import type { Deps } from "./http/context.ts";
import { mountDocs } from "./http/docs.ts";
import { healthRoutes } from "./http/health.ts";
import { createMemoryRateLimiter, createRedisRateLimiter } from "./http/rate-limit.ts";
import { antiPhishingOf } from "./identity/queries.ts";
import { identityRoutes } from "./identity/routes.ts";
import { DEMO_ACCOUNT, type IdentityDeps, seedDemo } from "./identity/service.ts";
import { authenticate } from "./identity/sessions.ts";
import { inboxRoutes } from "./inbox/routes.ts";
import { kycRoutes } from "./kyc/routes.ts";
import type { Logger } from "./logger.ts";
import type { MarketFeed } from "./market/feed.ts";
import { createMarket, type Market, silentFeed } from "./market/index.ts";
import { marketRoutes } from "./market/routes.ts";
import { createNotifier } from "./notify/notifier.ts";
import { outboxRoutes } from "./notify/routes.ts";
import { deliverDue } from "./push/deliver.ts";
import { pushRoutes } from "./push/routes.ts";
import { supportCounts } from "./support/index.ts";
import { supportRoutes } from "./support/routes.ts";
import { uploadRoutes } from "./uploads/routes.ts";
// Operator commands, registered by each domain.
import "./identity/ops.ts";
import "./referral/ops.ts";
import { referralRoutes } from "./referral/routes.ts";
import "./kyc/ops.ts";
import { unreadCount, wordMessage } from "./inbox/service.ts";
import { relayBalanceChanges } from "./ledger/events.ts";
import "./reserves/ops.ts";
import "./admin/ops.ts";
import { adminRoutes } from "./admin/routes.ts";
import { reserveRoutes } from "./reserves/routes.ts";
import { publishIfDue } from "./reserves/service.ts";
import "./ledger/ops.ts";
import "./wallet/ops.ts";
import Decimal from "decimal.js";
import { repeatEvery, runAsLeader } from "./jobs/leader.ts";
import { startOptionsJobs } from "./options/jobs.ts";
import { optionRoutes } from "./options/routes.ts";
import { seedOptionProducts } from "./options/seed.ts";
import type { TradingDeps } from "./trading/contracts.ts";
import { createSpotEngine } from "./trading/engine/spot-engine.ts";
import { payFunding } from "./trading/funding.ts";
import { liquidityTermsOf } from "./trading/index.ts";
import { createPrices } from "./trading/prices.ts";
import { riskPass } from "./trading/risk.ts";
import { tradingRoutes } from "./trading/routes.ts";
import { seedTradingParams } from "./trading/seed.ts";
import { depositXpub } from "./wallet/derive.ts";
import { fundDemoAccount } from "./wallet/faucet.ts";
import { walletRoutes } from "./wallet/routes.ts";
import { seedWallet } from "./wallet/seed.ts";
import "./earn/ops.ts";
import "./trading/ops.ts";
import { undeliveredUsdt } from "./earn/index.ts";
import { earnRoutes } from "./earn/routes.ts";
import { seedEarn } from "./earn/seed.ts";
import { earnDaily } from "./earn/service.ts";
import type { WalletDeps } from "./wallet/shared.ts";
import { createHub, type Hub } from "./ws/hub.ts";

export type Platform = {
  /** The /api app as a Web fetch handler: server.ts and the in-process API client call it. */
  fetch(request: Request): Promise<Response>;
  hub: Hub;
  bus: Bus;
  database: Database;
  deps: Deps;
  market: Market;
  trading: TradingDeps;
  /**
   * Starts the periodic jobs held back by `deferJobs` (once; nothing after close). server.ts
   * calls it once it is listening, so that a restart answers before their first passes run.
   */
  startJobs(): void;
  close(): Promise<void>;
};

/**
 * What instances sharing Redis have in common exactly when they are one platform: the database.
 * Test runs, each on its own database, never hear each other.
 */
function platformNamespace(config: Config, database: Database): string {
  const where =
    database.kind === "postgres"
      ? new URL(database.url ?? config.databaseUrl ?? "").pathname.slice(1)
      : resolve(config.dataDir);
  return `exchange:${where}`;
}

// Imported, not read from disk: the compiled server (scripts/build-server.mjs) carries it.
const version: string = (packageJson as { version?: string }).version ?? "0.0.0";

/**
 * Builds the exchange platform: database (migrated and seeded), bus, /ws hub and /api app.
 * `database` may be passed in (tests share one per file); otherwise it is opened from config.
 */
export async function createPlatform(options: {
  config: Config;
  logger: Logger;
  database?: Database;
  marketFeed?: MarketFeed;
  /** For the operator CLI: the platform without its background work (no market feed). */
  operatorMode?: boolean;
  /**
   * Hold the periodic jobs (risk, funding, push delivery, earn, reserves) until startJobs():
   * on the embedded database every statement runs on this thread, and their first passes
   * would queue ahead of the feed's start and the first answers. Off: they start at once.
   */
  deferJobs?: boolean;
}): Promise<Platform> {
  const { config, logger } = options;
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    ));
  const busError = (error: unknown, topic: string) =>
    logger.error({ err: error, topic }, "bus delivery failed");
  // With REDIS_URL every instance hears every event; without it the bus stays in this process.
  const bus = config.redisUrl
    ? await createRedisBus(config.redisUrl, {
        namespace: platformNamespace(config, database),
        onError: busError,
      }).catch(async (error) => {
        if (!options.database) await database.close();
        throw new Error(`Redis at REDIS_URL is unreachable: ${(error as Error).message}`);
      })
    : createMemoryBus(busError);
  // Domains that run background work register how to stop it, newest first on close.
  const closers: (() => Promise<void>)[] = [];
  let closed = false;
  /** Background work that exactly one instance runs at a time (none for the operator CLI). */
  const leaderJob = (name: string, lead: () => Promise<() => Promise<void>>) => {
    if (options.operatorMode || closed) return;
    const leadership = runAsLeader({
      name,
      // A database handed in (tests) knows its own URL.
      databaseUrl: database.kind === "postgres" ? (database.url ?? config.databaseUrl) : undefined,
      logger,
      lead,
    });
    closers.push(() => leadership.stop());
  };
  /** The periodic jobs held back by deferJobs, started by startJobs(). */
  let held: (() => void)[] | undefined = options.deferJobs ? [] : undefined;
  /** A leader job that repeats `work` every `intervalMs` (the first pass at once when started). */
  const periodicJob = (name: string, intervalMs: number, what: string, work: () => Promise<unknown>) => {
    const start = () =>
      leaderJob(
        name,
        repeatEvery(intervalMs, work, (error) => logger.error({ err: error }, `${what} failed`)),
      );
    if (held) held.push(start);
    else start();
  };
  try {
    await seedContent(database.db);

    const deps: Deps = {
      config,
      db: database.db,
      bus,
      logger,
      authenticate: (token) => authenticate(database.db, token),
    };
    // With Redis, a limit (wrong passwords, codes an hour, quotes…) holds across all instances.
    const limiter = config.redisUrl
      ? await createRedisRateLimiter(config.redisUrl, {
          namespace: platformNamespace(config, database),
          onFallback: (error) => logger.warn({ err: error }, "rate limits fell back to this instance"),
        })
      : createMemoryRateLimiter();
    closers.push(() => limiter.close());
    const identity: IdentityDeps = {
      ...deps,
      notifier: createNotifier(config, logger, antiPhishingOf),
      limiter,
    };
    if (config.seedDemo) await seedDemo(identity);
    const api = createApi(deps);
    const hub = createHub({
      bus,
      logger,
      authenticate: (token) => authenticate(database.db, token),
      framesPerSecond: config.ws.framesPerSecond,
      connectionsPerIp: config.ws.connectionsPerIp,
      authPerMinute: config.ws.authPerMinute,
      handshakesPerMinute: config.ws.handshakesPerMinute,
      refusalDelayMs: config.ws.refusalDelayMs,
      maxSubscriptionsPerSocket: config.ws.subscriptions,
    });
    const market = await createMarket({
      config,
      database,
      bus,
      hub,
      logger,
      feed: options.operatorMode ? silentFeed : options.marketFeed,
      lead: !options.operatorMode,
      liquidityTerms: () => liquidityTermsOf(database.db),
    });
    closers.push(() => market.close());

    healthRoutes(api, {
      db: async () => ({ status: (await database.ping()) ? "up" : "down", kind: database.kind }),
      bus: () => ({ status: bus.healthy() ? "up" : "down", kind: bus.kind }),
      feed: market.health,
      ws: () => ({ status: "up", ...hub.stats() }),
    });
    contentRoutes(api);
    marketRoutes(api, market.view, market.historyOf);
    await seedWallet(database.db);
    // The demo account starts with test money, so a try-out can trade at once (DEMO_FAUCET).
    if (config.seedDemo && config.demoFaucet && !options.operatorMode)
      await fundDemoAccount(database.db, DEMO_ACCOUNT.email);
    const wallet: WalletDeps = {
      db: database.db,
      priceUsdt: (coin) => {
        if (coin.toUpperCase() === "USDT") return new Decimal(1);
        const ticker = market.view.ticker(`${coin.toLowerCase()}/usdt`);
        return ticker ? new Decimal(ticker.price) : undefined;
      },
      livePrice: (coin) => {
        if (coin.toUpperCase() === "USDT") return { price: new Decimal(1), time: Date.now() };
        const ticker = market.view.ticker(`${coin.toLowerCase()}/usdt`);
        return ticker ? { price: new Decimal(ticker.price), time: ticker.time } : undefined;
      },
      cnyRate: config.usdtCnyRate,
      depositXpub: depositXpub(config.depositXpub, config.dataDir, (m) => logger.warn(m)),
      eosAccount: config.depositEosAccount,
      quoteLimit: { limiter, perMinute: config.quotesPerMinute, per10Seconds: config.quotesPer10Seconds },
      heldForCustomer: (userId) => undeliveredUsdt(database.db, userId),
    };
    walletRoutes(api, wallet);

    await seedTradingParams(database.db);
    const spot = createSpotEngine({ db: database.db, bus, view: market.view });
    closers.push(() => spot.idle());
    const trading: TradingDeps = {
      db: database.db,
      bus,
      prices: createPrices(market.view),
      spot,
      priceBand: config.marketPriceBand,
    };
    tradingRoutes(api, trading);
    hub.registerChannel("account", { private: true, accepts: () => true });

    await seedEarn(database.db);
    earnRoutes(api);
    periodicJob("earn-daily", 10 * 60_000, "daily earn job", () => earnDaily(database.db));

    await seedOptionProducts(database.db);
    optionRoutes(api, market.view);
    leaderJob("timed-contracts", () => startOptionsJobs({ db: database.db, bus, logger }));
    periodicJob("trading-risk", 1000, "risk pass", () => riskPass(trading, logger));
    // Funding at each funding time, from the positions and the mark as they stood then; times
    // missed while no instance ran are caught up, each once.
    periodicJob("trading-funding", 5000, "funding", () => payFunding(trading, Date.now(), logger));
    reserveRoutes(api);
    periodicJob("reserves-daily", 10 * 60_000, "proof of reserves", () => publishIfDue(database.db));
    leaderJob("ledger-events", () =>
      relayBalanceChanges({ database, bus, logger, unread: (userId) => unreadCount(database.db, userId) }),
    );
    // Price alerts: any instance takes them; the leader watches the market and fires each once.
    const alerts = { db: database.db, bus, view: market.view };
    alertRoutes(api, alerts);
    leaderJob("price-alerts", () => startAlertWatcher(alerts, logger));
    // Web Push: what the domains queued (in their own transactions) goes out once committed.
    pushRoutes(api);
    periodicJob("web-push", 1000, "push delivery", () =>
      deliverDue({ db: database.db, config, logger, wordMessage }),
    );
    identityRoutes(api, identity);
    referralRoutes(api, identity);
    inboxRoutes(api);
    kycRoutes(api, deps);
    adminRoutes(api, { limiter, supportQueues: supportCounts });
    uploadRoutes(api);
    supportRoutes(api, { ...deps, limiter });
    outboxRoutes(api, identity.notifier);
    mountDocs(api.app, version);

    return {
      fetch: async (request) => api.app.fetch(request),
      hub,
      bus,
      database,
      deps,
      market,
      trading,
      startJobs() {
        const start = held;
        held = undefined;
        for (const job of start ?? []) job();
      },
      async close() {
        closed = true;
        await hub.close();
        for (const close of closers.reverse()) await close();
        await bus.close();
        if (!options.database) await database.close();
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => {});
    await bus.close();
    if (!options.database) await database.close();
    throw error;
  }
}
