import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { auditLedger } from "../../platform/ledger/audit.ts";
import { type TestPlatform, testPlatform } from "./platform.ts";
import { createScriptedFeed } from "./scripted-feed.ts";

/**
 * A suite's platform on a scripted market feed at `prices` (the trading suites'): started once,
 * the feed's spread reset and the ledger audited after every test, closed at the end.
 */
export function onScriptedMarket(prices: Record<string, number>) {
  const feed = createScriptedFeed(prices);
  let platform: TestPlatform | undefined;
  beforeAll(async () => {
    platform = await testPlatform({}, { marketFeed: feed });
    await platform.marketReady();
  });
  afterEach(async () => {
    feed.setSpread(0);
    const audit = await auditLedger((platform as TestPlatform).platform.deps.db);
    expect(audit.findings).toEqual([]);
  });
  afterAll(() => platform?.close());
  return { feed, platform: () => platform as TestPlatform };
}
