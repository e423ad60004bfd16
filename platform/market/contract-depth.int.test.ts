import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { fundedCustomer } from "../../tests/support/accounts.ts";
import { onScriptedMarket } from "../../tests/support/scripted-market.ts";

/**
 * Each contract book's public depth (issue 17): the feed's levels with the customers' resting
 * orders of that book, on `/market/depth?contract_type=` and the /ws `depth` channel with
 * `contract_type`; a spot market's book and each contract's never show each other's orders.
 * The scripted feed's book: best ask = price + spread, best bid = price − spread, 100 a level.
 */
const market = onScriptedMarket({ "btc/usdt": 60000 });
const feed = market.feed;
const t = market.platform;

type Level = { price: string; totalSize: string; total: string };
const depth = async (query: string) => (await t().api(`/market/depth?code=btc/usdt${query}`)).body.data;
const prices = (levels: Level[]) => levels.map((l) => l.price);
const contract = (token: string, body: Record<string, unknown>) =>
  t().api("/contract/order", {
    method: "POST",
    json: { code: "btc/usdt", contract_type: "perpetual", leverage: 10, type: "limit", ...body },
    token,
  });

let server: Server;
let wsUrl: string;
beforeAll(async () => {
  server = createServer();
  server.on("upgrade", (req, socket, head) => t().platform.hub.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  wsUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
});
afterAll(() => server?.close());

async function client() {
  const ws = new WebSocket(wsUrl);
  const frames: any[] = [];
  ws.on("message", (m) => frames.push(JSON.parse(m.toString())));
  await new Promise((r) => ws.once("open", r));
  const waitFor = async (match: (f: any) => boolean) => {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const i = frames.findIndex(match);
      if (i >= 0) return frames.splice(i, 1)[0];
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error("no such frame");
  };
  return { ws, frames, waitFor, send: (f: unknown) => ws.send(JSON.stringify(f)) };
}

describe("a contract book's public depth", () => {
  it("shows a customer's resting contract limit on that contract's book only, live on /ws", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000); // bid 59,990, ask 60,010
    const watcher = await client();
    watcher.send({ op: "subscribe", channel: "depth", code: "btc/usdt", contract_type: "perpetual" });
    const snapshot = await watcher.waitFor((f) => f.channel === "depth" && f.data);
    expect(snapshot).toMatchObject({ code: "btc/usdt", contract_type: "perpetual" });
    expect(snapshot.data).toMatchObject({ code: "btc/usdt", contract_type: "perpetual", expiry: null });
    expect(snapshot.data.asks[0].price).toBe("60010.00");

    const seller = await fundedCustomer(t(), "contract", { USDT: "10000" });
    const rest = await contract(seller.token, { side: "sell", quantity: "0.02", price: "60000" });
    expect(rest.body.data.order).toMatchObject({ status: "open" });
    const buyer = await fundedCustomer(t(), "contract", { USDT: "10000" });
    await contract(buyer.token, { side: "buy", quantity: "0.03", price: "59995" });

    // The contract's book: both orders ahead of the liquidity's quotes, with cumulative totals.
    await expect.poll(async () => (await depth("&contract_type=perpetual")).bids[0].price).toBe("59995.00");
    const perpetual = await depth("&contract_type=perpetual");
    expect(perpetual).toMatchObject({ code: "btc/usdt", contract_type: "perpetual", expiry: null });
    expect(perpetual.asks.slice(0, 2)).toEqual([
      { price: "60000.00", totalSize: "0.020", total: "0.020" },
      { price: "60010.00", totalSize: "100.000", total: "100.020" },
    ]);
    expect(perpetual.bids[0]).toEqual({ price: "59995.00", totalSize: "0.030", total: "0.030" });
    // And live: the socket watching the perpetual saw them arrive.
    const live = await watcher.waitFor(
      (f) => f.channel === "depth" && f.data?.bids?.[0]?.price === "59995.00",
    );
    expect(live).toMatchObject({ code: "btc/usdt", contract_type: "perpetual" });
    expect(live.data.asks[0]).toMatchObject({ price: "60000.00", totalSize: "0.020" });

    // Not on the spot market's book, nor on another contract's.
    const spot = await depth("");
    expect(spot.contract_type).toBeUndefined();
    expect(prices(spot.asks)).not.toContain("60000.00");
    expect(prices(spot.bids)).not.toContain("59995.00");
    expect(spot.asks[0].price).toBe("60010.00");
    const weekly = await depth("&contract_type=weekly");
    expect(weekly.asks[0].price).toBe("60010.00");
    expect(prices(weekly.bids)).not.toContain("59995.00");

    // A cancel takes it off the book, at once and on /ws.
    const cancelled = await t().api("/contract/cancel", {
      method: "POST",
      json: { id: rest.body.data.order.id },
      token: seller.token,
    });
    expect(cancelled.status).toBe(200);
    await expect.poll(async () => (await depth("&contract_type=perpetual")).asks[0].price).toBe("60010.00");
    await watcher.waitFor((f) => f.channel === "depth" && f.data?.asks?.[0]?.price === "60010.00");
    watcher.ws.close();
  });

  it("keeps a resting spot order on the spot book only", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const seller = await fundedCustomer(t(), "spot", { BTC: "1" });
    const rest = await t().api("/spot/order", {
      method: "POST",
      json: { code: "btc/usdt", type: "limit", side: "sell", quantity: "0.04", price: "60005" },
      token: seller.token,
    });
    expect(rest.body.data).toMatchObject({ status: "open" });
    await expect
      .poll(async () => (await depth("")).asks[0])
      .toMatchObject({ price: "60005.00", totalSize: "0.040" });
    for (const type of ["perpetual", "weekly", "quarterly"])
      expect(prices((await depth(`&contract_type=${type}`)).asks)).not.toContain("60005.00");
    const c = await client();
    c.send({ op: "subscribe", channel: "depth", code: "btc/usdt" });
    c.send({ op: "subscribe", channel: "depth", code: "btc/usdt", contract_type: "perpetual" });
    const spotFrame = await c.waitFor((f) => f.channel === "depth" && f.data && !f.contract_type);
    expect(spotFrame.data.asks[0].price).toBe("60005.00");
    const contractFrame = await c.waitFor(
      (f) => f.channel === "depth" && f.contract_type === "perpetual" && f.data,
    );
    expect(prices(contractFrame.data.asks)).not.toContain("60005.00");
    c.ws.close();
    await t().api("/spot/cancel", { method: "POST", json: { id: rest.body.data.id }, token: seller.token });
  });

  it("shows a delivery contract's order on the book of that contract trading now", async () => {
    feed.setSpread(10);
    feed.set("btc/usdt", 60000);
    const info = (await t().api("/contract/info?code=btc/usdt")).body.data;
    const buyer = await fundedCustomer(t(), "contract", { USDT: "10000" });
    // At the liquidity's best bid: the two sum on one level.
    const rest = await contract(buyer.token, {
      contract_type: "weekly",
      side: "buy",
      quantity: "0.01",
      price: "59990",
    });
    expect(rest.body.data.order).toMatchObject({ status: "open", contract_type: "weekly" });
    const at59990 = async (query: string) =>
      (await depth(query)).bids.find((l: Level) => l.price === "59990.00")?.totalSize;
    await expect.poll(() => at59990("&contract_type=weekly")).toBe("100.010");
    const weekly = await depth("&contract_type=weekly");
    expect(weekly).toMatchObject({ contract_type: "weekly", expiry: info.expiries.weekly });
    expect(weekly.bids[0]).toEqual({ price: "59990.00", totalSize: "100.010", total: "100.010" });
    expect((await depth("&contract_type=quarterly")).expiry).toBe(info.expiries.quarterly);
    for (const other of ["", "&contract_type=perpetual", "&contract_type=quarterly"])
      expect(await at59990(other)).toBe("100.000");
  });

  it("refuses a contract it does not know with a clear message in the caller's language", async () => {
    const bad = await t().api("/market/depth?code=btc/usdt&contract_type=daily");
    expect(bad.status).toBe(422);
    expect(bad.body.errors.contract_type).toEqual(["Choose a contract: perpetual, weekly or quarterly"]);
    const zh = await t().api("/market/depth?code=btc/usdt&contract_type=perp", { lang: "zh" });
    expect(zh.status).toBe(422);
    expect(zh.body.errors.contract_type).toEqual(["请选择合约：永续、当周或当季"]);
    const c = await client();
    c.send({ op: "subscribe", channel: "depth", code: "btc/usdt", contract_type: "daily" });
    expect(await c.waitFor((f) => f.op === "error")).toMatchObject({
      channel: "depth",
      message: expect.stringContaining("unknown code"),
    });
    // The spot channel's name is unchanged.
    c.send({ op: "subscribe", channel: "depth", code: "btc/usdt" });
    expect(await c.waitFor((f) => f.op === "subscribed")).toEqual({
      op: "subscribed",
      channel: "depth",
      code: "btc/usdt",
    });
    c.ws.close();
  });
});
