import { type ChildProcess, fork } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import type { Bus } from "../platform/bus/bus.ts";
import { createMemoryBus } from "../platform/bus/memory.ts";
import type { Depth, DepthLevel, Ticker } from "../platform/contract/market.ts";
import { createLogger } from "../platform/logger.ts";
import { createHub, type Hub } from "../platform/ws/hub.ts";
import type { ClientsArgs, ClientsResult } from "./ws-clients.ts";
import { createPlainServer } from "./ws-plain.ts";

export type FanoutResult = {
  /** "hub": ours; "plain": the baseline plain `ws` server (bench/ws-plain.ts). */
  server: string;
  clients: number;
  channelsPerClient: number;
  roundsPerSecond: number;
  /** What the publisher asked for: every round to every subscriber, in messages a second. */
  offeredPerSecond: number;
  seconds: number;
  delivered: number;
  /** Every scheduled round to every subscriber: what should arrive. */
  expected: number;
  /** Rounds the publisher did not get to in time (a busy event loop is late for its turn). */
  roundsSkipped: number;
  /** Messages that should have arrived and did not: skipped rounds', cut sockets', undelivered. */
  lost: number;
  /** Sockets the server closed during the phase (too slow to keep). */
  closedByServer: number;
  messagesPerSecond: number;
  mbPerSecond: number;
  p50ms: number;
  p99ms: number;
  /** CPU time per second of the server's process (publisher included) and of all client processes. */
  serverCpu: number;
  clientsCpu: number;
  loadAverage1m: string;
};

export const PRICE_CODES = [
  "btc",
  "eth",
  "bch",
  "ltc",
  "eos",
  "etc",
  "xrp",
  "sol",
  "dot",
  "ada",
  "trx",
  "xlm",
  "atom",
  "dash",
  "bsv",
  "ht",
  "pepe",
].map((c) => `${c}/usdt`);
/** The markets whose order book clients watch (a trade screen shows one or two). */
export const DEPTH_CODES = PRICE_CODES.slice(0, 5);
const DEPTH_PER_CLIENT = 2;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const now = () => performance.timeOrigin + performance.now();

/** A price message as the market engine publishes it, plus its publish time (last). */
function ticker(code: string, round: number) {
  const price = (95_000 + (round % 100) * 1.25).toFixed(2);
  const t: Ticker & { sentAt: number } = {
    code,
    price,
    cnyPrice: (Number(price) * 7.2).toFixed(4),
    change: "1.23",
    high: "96120.50",
    low: "93880.10",
    volume: "12345.678",
    time: Date.now(),
    sentAt: now(),
  };
  return t;
}

/** A full order book snapshot: 20 levels a side, as the engine publishes on `depth:`. */
function depth(code: string, round: number) {
  const mid = 95_000 + (round % 100) * 1.25;
  const side = (sign: number): DepthLevel[] => {
    let total = 0;
    return Array.from({ length: 20 }, (_, i) => {
      const size = 0.125 + ((i * 7 + round) % 13) * 0.311;
      total += size;
      return {
        price: (mid + sign * (i + 1) * 0.5).toFixed(2),
        totalSize: size.toFixed(3),
        total: total.toFixed(3),
      };
    });
  };
  const d: Depth & { sentAt: number } = {
    code,
    asks: side(1),
    bids: side(-1),
    time: Date.now(),
    sentAt: now(),
  };
  return d;
}

type Publish = (channel: string, code: string, data: unknown) => void;

/**
 * Publishes a round (every price, then every watched book) at each tick of a fixed schedule of
 * `rate` rounds a second for `seconds`. A tick that comes late (the event loop busy sending the
 * last rounds) publishes only the newest round, as a feed does, and the ones it passed over are
 * counted as skipped: lost to the customers like any undelivered message.
 */
async function publishRounds(publish: Publish, rate: number, seconds: number) {
  const period = 1000 / rate;
  const total = Math.round(rate * seconds);
  const started = now();
  let last = -1;
  let published = 0;
  while (true) {
    const due = Math.floor((now() - started) / period);
    if (due >= total) break;
    if (due > last) {
      last = due;
      published++;
      for (const code of PRICE_CODES) publish("price", code, ticker(code, due));
      for (const code of DEPTH_CODES) publish("depth", code, depth(code, due));
    }
    await new Promise((r) => setTimeout(r, Math.max(0, started + (last + 1) * period - now())));
  }
  return { scheduled: total, published };
}

type Running = { url: string; publish: Publish; close(): Promise<void> };

async function listen(kind: "hub" | "plain", platform?: { hub: Hub; bus: Bus }): Promise<Running> {
  const server = createServer();
  let publish: Publish;
  let close: () => Promise<void>;
  if (kind === "plain") {
    const plain = createPlainServer(server);
    publish = plain.publish;
    close = () => plain.close();
  } else {
    const bus = platform?.bus ?? createMemoryBus();
    const hub =
      platform?.hub ??
      createHub({
        bus,
        logger: createLogger("silent"),
        idleTimeoutMs: 600_000,
        // Every client is on this machine: one address.
        connectionsPerIp: Number.POSITIVE_INFINITY,
        handshakesPerMinute: Number.POSITIVE_INFINITY,
      });
    if (!platform) {
      hub.registerChannel("price", { accepts: (code) => PRICE_CODES.includes(code) });
      hub.registerChannel("depth", { accepts: (code) => DEPTH_CODES.includes(code) });
    }
    server.on("upgrade", (req, socket, head) => hub.handleUpgrade(req, socket, head));
    publish = (channel, code, data) => void bus.publish(`${channel}:${code}`, data);
    close = async () => {
      if (!platform) await hub.close();
    };
  }
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  return {
    url,
    publish,
    async close() {
      await close();
      server.close();
    },
  };
}

/** Sends `type` to a client process and waits for its answer (`answer`). */
function ask(child: ChildProcess, type: string, answer: string): Promise<ClientsResult> {
  return new Promise((resolve) => {
    const onMessage = (m: ClientsResult) => {
      if (m.type !== answer) return;
      child.off("message", onMessage);
      resolve(m);
    };
    child.on("message", onMessage);
    child.send({ type });
  });
}

/**
 * N clients in child processes (2,500 a process), each on every price channel and on the depth
 * channel of two of five markets, against one server (ours, or the plain baseline), which gets
 * rounds of every price and every book at each rate in turn for `seconds`. Each message carries
 * its publish time so clients measure publish-to-receipt delay.
 */
export async function wsFanoutRates(
  clients: number,
  options: {
    server?: "hub" | "plain";
    rates?: number[];
    seconds?: number;
    /** A whole platform's hub and bus (its database and background jobs running meanwhile). */
    platform?: { hub: Hub; bus: Bus };
  } = {},
): Promise<FanoutResult[]> {
  const kind = options.server ?? "hub";
  const seconds = options.seconds ?? 10;
  const running = await listen(kind, options.platform);
  const processes = Math.max(1, Math.ceil(clients / 2500));
  let offset = 0;
  const children = Array.from({ length: processes }, (_, i) => {
    const count = Math.floor(clients / processes) + (i < clients % processes ? 1 : 0);
    const args: ClientsArgs = {
      url: running.url,
      count,
      offset,
      prices: PRICE_CODES,
      depth: DEPTH_CODES,
      depthPerClient: DEPTH_PER_CLIENT,
    };
    offset += count;
    return fork(new URL("./ws-clients.ts", import.meta.url).pathname, [JSON.stringify(args)], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
  });
  const rows: FanoutResult[] = [];
  try {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve, reject) => {
            c.on("message", (m: { type: string }) => m.type === "ready" && resolve());
            c.once("exit", (code) =>
              reject(new Error(`a client process exited (${code}) before it was ready`)),
            );
          }),
      ),
    );
    const perRound = clients * (PRICE_CODES.length + DEPTH_PER_CLIENT);
    for (const rate of options.rates ?? [1]) {
      // Measuring from the first round on: every process has heard "start" before it is published.
      await Promise.all(children.map((c) => ask(c, "start", "started")));
      const cpuAtStart = process.cpuUsage();
      const { scheduled, published } = await publishRounds(running.publish, rate, seconds);
      // The last round's stragglers: a message later than this is as good as lost.
      await new Promise((r) => setTimeout(r, 1000));
      const cpu = process.cpuUsage(cpuAtStart);
      const results = await Promise.all(children.map((c) => ask(c, "stop", "result")));
      const delivered = results.reduce((n, r) => n + r.received, 0);
      const bytes = results.reduce((n, r) => n + r.bytes, 0);
      const delays = results.flatMap((r) => r.sample).sort((a, b) => a - b);
      // Counted against the rounds the clock asked for, not the ones published: a round the
      // publisher skipped is as lost to the customer as one the server dropped.
      const expected = scheduled * perRound;
      rows.push({
        server: kind === "plain" ? "plain ws" : options.platform ? "platform" : "hub",
        clients,
        channelsPerClient: PRICE_CODES.length + DEPTH_PER_CLIENT,
        roundsPerSecond: rate,
        offeredPerSecond: Math.round(perRound * rate),
        seconds,
        delivered,
        expected,
        roundsSkipped: scheduled - published,
        lost: Math.max(0, expected - delivered),
        closedByServer: results.reduce((n, r) => n + r.closed, 0),
        messagesPerSecond: Math.round(delivered / seconds),
        mbPerSecond: Math.round(bytes / seconds / 1e5) / 10,
        p50ms: Math.round(percentile(delays, 0.5) * 10) / 10,
        p99ms: Math.round(percentile(delays, 0.99) * 10) / 10,
        serverCpu: Math.round((cpu.user + cpu.system) / 1e4 / (seconds + 1)) / 100,
        clientsCpu: Math.round(results.reduce((n, r) => n + r.cpuMs, 0) / 10 / (seconds + 1)) / 100,
        loadAverage1m: loadavg()[0]?.toFixed(2) ?? "",
      });
    }
  } finally {
    for (const c of children) if (c.connected) c.send({ type: "exit" });
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on("exit", r)))),
    );
    await running.close();
  }
  return rows;
}

/** One round a second (the feed's pace): the original figure. */
export async function wsFanout(clients: number, seconds = 10, platform?: { hub: Hub; bus: Bus }) {
  const [row] = await wsFanoutRates(clients, { seconds, platform });
  return row as FanoutResult;
}

/**
 * Side by side: the plain baseline, then our hub, with the same client processes' program, the
 * same publisher and the same rates (rounds a second). The ratio is taken at the same offered
 * load, so it can only understate ours: at a rate ours keeps up with and the baseline does not,
 * the baseline's delivered messages/s is at most what it can carry.
 */
export async function wsCompare(clients: number, rates: number[], seconds = 10) {
  const plain = await wsFanoutRates(clients, { server: "plain", rates, seconds });
  const ours = await wsFanoutRates(clients, { server: "hub", rates, seconds });
  return rates.map((rate, i) => {
    const p = plain[i] as FanoutResult;
    const o = ours[i] as FanoutResult;
    return {
      rate,
      plain: p,
      ours: o,
      ratio: Math.round((o.messagesPerSecond / Math.max(1, p.messagesPerSecond)) * 100) / 100,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // bench/ws-fanout.ts CLIENTS [RATES] [SECONDS] [both|plain|hub]: e.g. `3000 1,4 10`.
  const clients = Number(process.argv[2] ?? 1000);
  const rates = (process.argv[3] ?? "1").split(",").map(Number);
  const seconds = Number(process.argv[4] ?? 10);
  const which = process.argv[5] ?? "both";
  if (which === "both") {
    const rows = await wsCompare(clients, rates, seconds);
    console.table(rows.flatMap((r) => [r.plain, r.ours]));
    for (const r of rows) console.log(`${r.rate} rounds/s: ours/plain ${r.ratio}`);
  } else console.table(await wsFanoutRates(clients, { server: which as "hub" | "plain", rates, seconds }));
}
