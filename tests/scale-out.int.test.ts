import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { findCustomer } from "../platform/identity/queries.ts";
import { auditLedger } from "../platform/ledger/audit.ts";
import { creditDeposit } from "../platform/wallet/deposits.ts";
import { registerByEmail } from "./support/accounts.ts";
import { freshDatabase } from "./support/platform.ts";
import {
  freePort,
  killServers,
  type ServerProcess,
  startServer,
  waitForHealth,
} from "./support/server-process.ts";

// Many instances (issue 12): two real server processes on one PostgreSQL and one Redis.
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

afterAll(killServers);

type Frame = { op?: string; channel?: string; code?: string; data?: any };

/** A socket that keeps every frame it receives. */
async function socket(port: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const frames: Frame[] = [];
  ws.on("message", (raw) => frames.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const send = (frame: Record<string, unknown>) => ws.send(JSON.stringify(frame));
  const waitFor = async (match: (f: Frame) => boolean, timeout = 20_000) => {
    await expect.poll(() => frames.some(match), { timeout }).toBe(true);
  };
  return { ws, frames, send, waitFor };
}

function http(port: number) {
  return {
    async api(path: string, init: RequestInit & { json?: unknown; token?: string } = {}) {
      const headers = new Headers(init.headers);
      if (init.json !== undefined) headers.set("content-type", "application/json");
      if (init.token) headers.set("authorization", `Bearer ${init.token}`);
      const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    },
  };
}

const role = async (port: number) =>
  (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).data?.feed?.role as string | undefined;

describe.skipIf(!databaseUrl || !redisUrl)("two instances on one PostgreSQL and one Redis", () => {
  it("share prices and private events, survive the feed leader's death, and keep the ledger whole", async () => {
    const database = await freshDatabase(); // created and migrated here, so the servers race for nothing
    try {
      const ports = [await freePort(), await freePort()];
      const env = (port: number) => ({
        PORT: String(port),
        DATA_DIR: mkdtempSync(join(tmpdir(), "scale-")),
        DATABASE_URL: database.url as string,
        REDIS_URL: redisUrl as string,
        SESSION_SECRET: "scale-out-secret-scale-out-secret-000000",
        MARKET_FEED: "sim",
        DEV_OUTBOX: "1",
        LOG_LEVEL: "warn",
      });
      const servers: ServerProcess[] = ports.map((port) => startServer(env(port)));
      // Healthy means the database, the bus and prices are up on both, the follower hearing them
      // only through Redis.
      await Promise.all(ports.map((port) => waitForHealth(port, (body) => body.status_code === 200, 90_000)));
      const roles = await Promise.all(ports.map(role));
      expect(roles.sort()).toEqual(["follower", "leader"]);

      // Two customers, each registered on a different instance, each with 10,000 USDT.
      const [apiA, apiB] = ports.map(http) as [ReturnType<typeof http>, ReturnType<typeof http>];
      const alice = await registerByEmail(apiA);
      const bob = await registerByEmail(apiB);
      for (const who of [alice, bob]) {
        const user = await findCustomer(database.db, who.email);
        await creditDeposit(database.db, {
          userId: user!.id,
          coin: "USDT",
          network: "TRC20",
          amount: "10000",
          operator: "test",
        });
      }

      // Five wrong passwords from one address, spread over both instances, stop that address's
      // tries at the account on both (the limit lives in Redis).
      for (let i = 0; i < 5; i++) {
        const wrong = await [apiA, apiB][i % 2]?.api("/login", {
          method: "POST",
          json: { account: bob.email, password: "Wrong1234" },
        });
        expect(wrong?.status).toBe(422);
      }
      for (const api of [apiA, apiB]) {
        const locked = await api.api("/login", {
          method: "POST",
          json: { account: bob.email, password: "Wrong1234" },
        });
        expect(locked.status).toBe(429);
      }

      // Each customer watches their account on both instances; one socket per instance watches BTC.
      const watchers = await Promise.all(
        [alice, bob].flatMap((who) =>
          ports.map(async (port) => {
            const s = await socket(port);
            s.send({ op: "auth", token: who.token });
            await s.waitFor((f) => f.op === "authed");
            s.send({ op: "subscribe", channel: "account", code: "me" });
            await s.waitFor((f) => f.op === "subscribed" && f.channel === "account");
            return { who, port, ...s };
          }),
        ),
      );
      const prices = await Promise.all(
        ports.map(async (port) => {
          const s = await socket(port);
          s.send({ op: "subscribe", channel: "price", code: "btc/usdt" });
          await s.waitFor((f) => f.channel === "price" && f.data);
          return s;
        }),
      );

      // Orders through both instances, by both customers.
      const orderIds = new Map<string, number[]>([
        [alice.email, []],
        [bob.email, []],
      ]);
      for (const [api, who] of [
        [apiA, alice],
        [apiB, bob],
        [apiB, alice],
        [apiA, bob],
      ] as const) {
        const res = await api.api("/spot/order", {
          method: "POST",
          token: who.token,
          json: { code: "btc/usdt", type: "market", side: "buy", quantity: "0.01" },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        orderIds.get(who.email)?.push(res.body.data.id);
      }

      // Every socket of a customer heard every fill and balance change, whichever instance took the order.
      for (const w of watchers) {
        for (const id of orderIds.get(w.who.email) ?? []) {
          await w.waitFor((f) => f.channel === "account" && f.data?.id === id && f.data?.status === "filled");
        }
        await w.waitFor(
          (f) => f.channel === "account" && f.data?.type === "balance" && f.data.coins.includes("BTC"),
        );
        const others = orderIds.get(w.who.email === alice.email ? bob.email : alice.email) ?? [];
        expect(w.frames.some((f) => f.channel === "account" && others.includes(f.data?.id))).toBe(false);
      }

      // Both instances relayed the same ticks: within the stretch both heard, neither missed one.
      const heard = () =>
        prices.map((p) => p.frames.filter((f) => f.channel === "price").map((f) => JSON.stringify(f.data)));
      const shared = () => {
        const [a, b] = heard() as [string[], string[]];
        return a.filter((t) => b.includes(t));
      };
      await expect.poll(() => shared().length, { timeout: 20_000 }).toBeGreaterThan(4);
      const [onA, onB] = heard() as [string[], string[]];
      const common = shared();
      const span = (list: string[]) =>
        list.slice(list.indexOf(common[1] as string), list.indexOf(common.at(-2) as string) + 1);
      expect(span(onA)).toEqual(span(onB));

      // The feed leader dies without a goodbye; the other instance takes the feed over.
      const leaderIndex = (await role(ports[0] as number)) === "leader" ? 0 : 1;
      const survivor = 1 - leaderIndex;
      servers[leaderIndex]?.child.kill("SIGKILL");
      await servers[leaderIndex]?.exited;
      const survivorPrices = prices[survivor] as (typeof prices)[number];
      const heardBefore = survivorPrices.frames.length;
      await expect
        .poll(() => role(ports[survivor] as number), { timeout: 20_000, interval: 250 })
        .toBe("leader");
      await expect
        .poll(() => survivorPrices.frames.length - heardBefore, { timeout: 20_000, interval: 250 })
        .toBeGreaterThan(3);

      // Trading goes on at the survivor on fresh prices.
      const survivorApi = [apiA, apiB][survivor] as ReturnType<typeof http>;
      const late = await survivorApi.api("/spot/order", {
        method: "POST",
        token: alice.token,
        json: { code: "btc/usdt", type: "market", side: "sell", quantity: "0.019" },
      });
      expect(late.status, JSON.stringify(late.body)).toBe(200);

      for (const s of [...watchers, ...prices]) s.ws.close();
      const audit = await auditLedger(database.db);
      expect(audit.findings).toEqual([]);
      expect(audit.ok).toBe(true);
      expect(audit.checked.transactions).toBeGreaterThanOrEqual(7);
      servers[survivor]?.child.kill("SIGTERM");
      expect(await servers[survivor]?.exited).toBe(0);
    } finally {
      killServers();
      await database.dispose();
    }
  }, 240_000);
});
