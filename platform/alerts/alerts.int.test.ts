import Decimal from "decimal.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { createScriptedFeed } from "../../tests/support/scripted-feed.ts";
import { MAX_ARMED_ALERTS } from "../contract/alerts.ts";
import { createLogger } from "../logger.ts";
import { isMet, startAlertWatcher } from "./service.ts";

// Price alerts (issue 21): set through the API, fired by the watcher when the scripted market
// meets them — once, into the inbox, however many watchers run — and armed again on request.

const feed = createScriptedFeed({ "btc/usdt": 60000, "eth/usdt": 3000 });
let t: TestPlatform;
let second: () => Promise<void>;
beforeAll(async () => {
  t = await testPlatform({}, { marketFeed: feed });
  await t.marketReady();
  // A second watcher on the same database and bus, as another instance (or a leader handing
  // over while the old one still runs) would be.
  second = await startAlertWatcher(
    { db: t.platform.deps.db, bus: t.platform.bus, view: t.platform.market.view },
    createLogger("silent"),
  );
});
afterAll(async () => {
  await second?.();
  await t?.close();
});

const add = (token: string, json: Record<string, unknown>, lang?: string) =>
  t.api("/alerts/add", { method: "POST", token, json, lang });
const list = async (token: string) => (await t.api("/alerts/list", { token })).body.data;
const inbox = async (token: string) =>
  (await t.api("/inbox/list", { token })).body.data.items as { type: string; title: string; body: string }[];
/** Until the market's new price has reached the view the API judges new alerts by. */
async function priceIs(code: string, price: number) {
  feed.set(code, price);
  await vi.waitFor(() => expect(Number(t.platform.market.view.ticker(code)?.price)).toBe(price));
}

describe("price alerts", () => {
  it("a rise fires once, at the price that met it, into the inbox; it can be armed again", async () => {
    await priceIs("btc/usdt", 60000);
    const { token } = await registerByEmail(t);
    const res = await add(token, { code: "BTC/USDT", kind: "above", price: "61000" });
    expect(res.body).toMatchObject({ status_code: 200, message: "Alert set" });
    expect(res.body.data).toMatchObject({
      code: "btc/usdt",
      kind: "above",
      price: "61000.00",
      status: "armed",
    });

    await priceIs("btc/usdt", 60999.99);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await list(token))[0].status).toBe("armed");
    await priceIs("btc/usdt", 61000.5);
    await vi.waitFor(async () => expect((await list(token))[0]).toMatchObject({ status: "fired" }));
    // Further prices beyond it change nothing: one message, from one of the two watchers.
    await priceIs("btc/usdt", 62000);
    await priceIs("btc/usdt", 61500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [alert] = await list(token);
    expect(alert).toMatchObject({ status: "fired", fired_price: "61000.50" });
    const messages = await inbox(token);
    expect(messages.filter((m) => m.type === "price_alert_above")).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      title: "BTC/USDT rose to your price",
      body: "BTC/USDT reached 61,000.50 (your alert: rises to 61,000.00).",
    });
    expect((await t.api("/inbox/unread", { token })).body.data.count).toBeGreaterThanOrEqual(1);

    // Armed again with the market still above its level: refused, it would go off at once.
    const early = await t.api("/alerts/rearm", { method: "POST", token, json: { id: alert.id } });
    expect(early.status).toBe(422);
    expect(early.body.errors.price[0]).toBe(
      "The price is already 61,500.00: an alert for a rise must be higher",
    );
    await priceIs("btc/usdt", 60500);
    const again = await t.api("/alerts/rearm", { method: "POST", token, json: { id: alert.id } });
    expect(again.body).toMatchObject({
      message: "Alert armed again",
      data: { status: "armed", fired_at: null },
    });
    await priceIs("btc/usdt", 61001);
    await vi.waitFor(async () => expect((await list(token))[0].status).toBe("fired"));
    expect((await inbox(token)).filter((m) => m.type === "price_alert_above")).toHaveLength(2);
  });

  it("a fall fires when the price comes down to it", async () => {
    await priceIs("eth/usdt", 3000);
    const { token } = await registerByEmail(t);
    await add(token, { code: "eth/usdt", kind: "below", price: "2900" });
    await priceIs("eth/usdt", 2950);
    await priceIs("eth/usdt", 2899.5);
    await vi.waitFor(async () => expect((await list(token))[0].status).toBe("fired"));
    expect((await inbox(token))[0]).toMatchObject({
      type: "price_alert_below",
      body: "ETH/USDT reached 2,899.50 (your alert: falls to 2,900.00).",
    });
  });

  it("a move is measured from the price when it was armed, up or down", async () => {
    await priceIs("eth/usdt", 3000);
    const { token } = await registerByEmail(t);
    const res = await add(token, { code: "eth/usdt", kind: "move", percent: "5", window: 15 });
    expect(res.body.data).toMatchObject({ kind: "move", percent: "5", window: 15, price: null });
    await priceIs("eth/usdt", 3140); // +4.67 %
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await list(token))[0].status).toBe("armed");
    await priceIs("eth/usdt", 2849); // −5.03 %
    await vi.waitFor(async () => expect((await list(token))[0].status).toBe("fired"));
    expect((await inbox(token))[0]?.body).toBe(
      "ETH/USDT moved 5% or more within 15 minutes; it is now 2,849.00.",
    );
  });

  it("says what is wrong, in the customer's language, and changes nothing", async () => {
    await priceIs("btc/usdt", 60000);
    const { token } = await registerByEmail(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { code: "doge/usdt", kind: "above", price: "1" },
        "code",
        "This market does not exist or is not listed",
      ],
      [{ code: "btc/usdt", kind: "above" }, "price", "Enter a price"],
      [
        { code: "btc/usdt", kind: "above", price: "59000" },
        "price",
        "The price is already 60,000.00: an alert for a rise must be higher",
      ],
      [
        { code: "btc/usdt", kind: "below", price: "61000" },
        "price",
        "The price is already 60,000.00: an alert for a fall must be lower",
      ],
      [
        { code: "btc/usdt", kind: "above", price: "700000" },
        "price",
        "Choose a price between a tenth and ten times the price now (60,000.00)",
      ],
      [{ code: "btc/usdt", kind: "above", price: "-5" }, "price", "Enter a number such as 0.5"],
      [{ code: "btc/usdt", kind: "move", percent: "0.1" }, "percent", "Enter a move from 0.5% to 100%"],
      [
        { code: "btc/usdt", kind: "move", percent: "5", window: 7 },
        "window",
        "Choose 15 minutes, 1 hour or 4 hours",
      ],
      [{ code: "btc/usdt", kind: "sideways", price: "1" }, "kind", "Choose when to alert you"],
    ];
    for (const [json, field, message] of cases) {
      const res = await add(token, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.errors?.[field]?.[0], JSON.stringify(json)).toBe(message);
    }
    const ja = await add(token, { code: "btc/usdt", kind: "above", price: "59000" }, "ja");
    expect(ja.body.errors.price[0]).toBe(
      "現在の価格はすでに60,000.00です。上昇アラートはそれより高く設定してください",
    );
    expect(await list(token)).toEqual([]);
  });

  it("keeps each customer's alerts their own, and at most twenty armed", async () => {
    await priceIs("btc/usdt", 60000);
    const owner = await registerByEmail(t);
    const other = await registerByEmail(t);
    const mine = (await add(owner.token, { code: "btc/usdt", kind: "above", price: "90000" })).body.data;
    for (const path of ["/alerts/delete", "/alerts/rearm"]) {
      const res = await t.api(path, { method: "POST", token: other.token, json: { id: mine.id } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("This alert does not exist");
    }
    expect(await list(other.token)).toEqual([]);
    // Twenty at once, in parallel: never more than twenty armed.
    const results = await Promise.all(
      Array.from({ length: MAX_ARMED_ALERTS + 5 }, (_, i) =>
        add(owner.token, { code: "btc/usdt", kind: "above", price: String(70000 + i) }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_ARMED_ALERTS - 1);
    const refused = results.find((r) => r.status === 422);
    expect(refused?.body.errors.code[0]).toBe("You can have at most 20 alerts armed: delete one first");
    expect(await list(owner.token)).toHaveLength(MAX_ARMED_ALERTS);
    const gone = await t.api("/alerts/delete", { method: "POST", token: owner.token, json: { id: mine.id } });
    expect(gone.body.message).toBe("Alert deleted");
    expect(await list(owner.token)).toHaveLength(MAX_ARMED_ALERTS - 1);
  });
});

describe("when an alert is met", () => {
  it("agrees with the rule written out: a level crossed, or the move from its start", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("above", "below", "move"),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 50, max: 10_000 }),
        (kind, level, price, start, percentBp) => {
          const alert = {
            kind: kind as "above" | "below" | "move",
            price: String(level / 100),
            percent: String(percentBp / 100),
          };
          const p = price / 100;
          const s = start / 100;
          // Independently: in cents and basis points, with integers only.
          const expected =
            kind === "above"
              ? price >= level
              : kind === "below"
                ? price <= level
                : Math.abs(price - start) * 10_000 >= percentBp * start;
          expect(isMet(alert, new Decimal(p), new Decimal(s))).toBe(expected);
        },
      ),
    );
  });
});
