import Decimal from "decimal.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fundedCustomer } from "../../../tests/support/accounts.ts";
import { onScriptedMarket } from "../../../tests/support/scripted-market.ts";
import { createMemoryBus } from "../../bus/memory.ts";
import { requireParams } from "../contracts.ts";
import { engineState } from "../tables.ts";
import { createSpotEngine } from "./spot-engine.ts";

/**
 * The risk job syncs the books every second. On an exchange where no customer's order rests,
 * that sync must not write (issue 23: no idle database work nobody asked for), and it must still
 * find an order another instance has put on the books.
 */
const market = onScriptedMarket({ "btc/usdt": 60000 });
const t = market.platform;
const db = () => t().platform.deps.db;
const counter = async () =>
  (await db().select({ seq: engineState.seq }).from(engineState).where(eq(engineState.name, "spot")))[0]?.seq;

describe("the books' periodic sync", () => {
  it("writes nothing while no order rests, and finds one another instance puts on the books", async () => {
    const engine = t().platform.trading.spot;
    // The first sync of a fresh engine runs a batch (it rebuilds); the risk job's may be running.
    await engine.sync();
    await engine.idle();
    const before = await counter();
    for (let i = 0; i < 3; i++) expect(await engine.sync()).toBe(0);
    expect(await counter()).toBe(before);

    // A second instance on the same database rests a customer's sell far above the market.
    const other = createSpotEngine({ db: db(), bus: t().platform.bus, view: t().platform.market.view });
    await other.sync();
    const seller = await fundedCustomer(t(), "spot", { BTC: "1" });
    const params = await requireParams(db(), "btc/usdt", "spot");
    const rest = await other.place({
      userId: seller.user.id,
      code: "btc/usdt",
      type: "limit",
      side: "sell",
      price: new Decimal("90000"),
      quantity: new Decimal("0.01"),
      params,
    });
    expect(rest.status).toBe("open");
    expect(await counter()).toBeGreaterThan(before ?? 0);
    // This instance's sync sees the counter moved, rebuilds, and has the order on its book.
    await engine.sync();
    expect(engine.depth("btc/usdt", 100_000)?.asks.some((l) => l.price === "90000")).toBe(true);
  });

  it("republishes a book's resting orders now and then, so a public book rebuilt elsewhere has them", async () => {
    let clock = Date.now();
    // Its own bus: what the platform's engine publishes meanwhile is not heard here.
    const bus = createMemoryBus();
    const engine = createSpotEngine({
      db: db(),
      bus,
      view: t().platform.market.view,
      now: () => clock,
    });
    const heard: unknown[] = [];
    const stop = bus.subscribe("book:btc/usdt", (levels) => heard.push(levels));
    try {
      const seller = await fundedCustomer(t(), "spot", { BTC: "1" });
      const params = await requireParams(db(), "btc/usdt", "spot");
      await engine.place({
        userId: seller.user.id,
        code: "btc/usdt",
        type: "limit",
        side: "sell",
        price: new Decimal("91000"),
        quantity: new Decimal("0.02"),
        params,
      });
      await engine.idle();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const placed = heard.length;
      expect(placed).toBeGreaterThan(0);
      // A sync right after changes nothing and says nothing new.
      await engine.sync();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard.length).toBe(placed);
      // Five seconds on, the sync sends the book's levels again, the order in them.
      clock += 5_000;
      await engine.sync();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard.length).toBe(placed + 1);
      expect(JSON.stringify(heard.at(-1))).toContain("91000");
    } finally {
      stop();
    }
  });
});
