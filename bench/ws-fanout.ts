import { fork } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Bus } from "../platform/bus/bus.ts";
import { createMemoryBus } from "../platform/bus/memory.ts";
import { createLogger } from "../platform/logger.ts";
import { createHub, type Hub } from "../platform/ws/hub.ts";

export type FanoutResult = {
  clients: number;
  channelsPerClient: number;
  publishesPerSecond: number;
  seconds: number;
  delivered: number;
  /** One round a second for every second of the run, each to every client: what should arrive. */
  expected: number;
  /** Rounds the publisher did not get to in time (a busy event loop skips setInterval's turns). */
  roundsSkipped: number;
  /** Messages that should have arrived and did not: skipped rounds' and undelivered ones'. */
  lost: number;
  messagesPerSecond: number;
  p50ms: number;
  p99ms: number;
};

const CODES = [
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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * N clients in separate processes, each subscribed to every price channel; the hub (this process)
 * gets one price per instrument per second from the bus, as the feed publishes them, and each
 * message carries its publish time so clients measure publish-to-receipt delay.
 */
export async function wsFanout(
  clients: number,
  seconds = 10,
  /** A whole platform's hub and bus (its database and background jobs running meanwhile). */
  platform?: { hub: Hub; bus: Bus },
): Promise<FanoutResult> {
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
  if (!platform) hub.registerChannel("price", { accepts: (code) => CODES.includes(code) });
  const server = createServer();
  server.on("upgrade", (req, socket, head) => hub.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;

  const processes = Math.max(1, Math.ceil(clients / 2500));
  const children = Array.from({ length: processes }, (_, i) => {
    const share = Math.floor(clients / processes) + (i < clients % processes ? 1 : 0);
    return fork(new URL("./ws-clients.ts", import.meta.url).pathname, [url, String(share), CODES.join(",")], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
  });
  await Promise.all(
    children.map(
      (c) => new Promise<void>((r) => c.on("message", (m: { type: string }) => m.type === "ready" && r())),
    ),
  );
  for (const c of children) c.send({ type: "start" });

  const now = () => performance.timeOrigin + performance.now();
  let rounds = 0;
  const started = now();
  const timer = setInterval(() => {
    rounds++;
    for (const code of CODES) {
      void bus.publish(`price:${code}`, {
        code,
        price: "95123.45",
        cnyPrice: "684888.8400",
        change: "1.23",
        sentAt: now(),
      });
    }
  }, 1000);
  await new Promise((r) => setTimeout(r, seconds * 1000 + 500));
  clearInterval(timer);
  const elapsed = (now() - started) / 1000;
  const results = await Promise.all(
    children.map(
      (c) =>
        new Promise<{ received: number; sample: number[] }>((resolve) => {
          c.on(
            "message",
            (m: { type: string; received: number; sample: number[] }) => m.type === "result" && resolve(m),
          );
          c.send({ type: "stop" });
        }),
    ),
  );
  if (!platform) await hub.close();
  server.close();
  const delivered = results.reduce((n, r) => n + r.received, 0);
  const delays = results.flatMap((r) => r.sample).sort((a, b) => a - b);
  // Counted against the rounds the clock asked for, not the ones published: a round the
  // publisher skipped is as lost to the customer as one the hub dropped.
  const scheduledRounds = Math.max(seconds, rounds);
  const expected = scheduledRounds * CODES.length * clients;
  return {
    clients,
    channelsPerClient: CODES.length,
    publishesPerSecond: CODES.length,
    seconds: Math.round(elapsed * 10) / 10,
    delivered,
    expected,
    roundsSkipped: scheduledRounds - rounds,
    lost: Math.max(0, expected - delivered),
    messagesPerSecond: Math.round(delivered / elapsed),
    p50ms: Math.round(percentile(delays, 0.5) * 10) / 10,
    p99ms: Math.round(percentile(delays, 0.99) * 10) / 10,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const n of (process.argv[2] ?? "1000,5000").split(",").map(Number)) console.log(await wsFanout(n, 10));
}
