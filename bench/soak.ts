import { readFileSync } from "node:fs";
import WebSocket from "ws";
import { operatorCommand } from "./server.ts";

// The soak (issue 13): simulated customers browsing pages, trading through /api and listening
// on /ws against one running server, for minutes. It reports throughput, latency, errors and
// the server's memory over time. `npm run bench` runs the full form (200 customers, 10 minutes);
// tests/soak.int.test.ts a short one in CI. Run alone:
//   node --import tsx bench/soak.ts [--customers 200] [--minutes 10]

export type SoakOptions = {
  /** The server, e.g. http://127.0.0.1:3000; started with DEV_OUTBOX=1 and a high CODES_PER_IP_HOUR. */
  base: string;
  /** Its DATA_DIR (the operator endpoint's address is there) and process id (memory from /proc). */
  dataDir: string;
  pid: number;
  customers: number;
  durationMs: number;
  /** Pause between one customer's actions (ms), uniformly random in this range. */
  thinkMs?: [number, number];
  log?: (line: string) => void;
};

export type SoakResult = {
  customers: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** 5xx answers and failed connections: the goal is none. */
  errors: number;
  errorSamples: string[];
  /** 4xx answers (refused orders and the like), by status. */
  refused: Record<string, number>;
  socketMessages: number;
  memoryMb: { start: number; end: number; max: number; slopeMbPerMinute: number; samples: number[] };
  auditOk: boolean;
};

const ops = (dataDir: string, words: string[]) => operatorCommand({ dataDir }, words, "soak");

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number) : 0;

/** Least-squares slope of the samples, in MB per minute (samples every `everyMs`). */
function slope(samples: number[], everyMs: number) {
  const n = samples.length;
  if (n < 2) return 0;
  const xs = samples.map((_, i) => (i * everyMs) / 60_000);
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = samples.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += ((xs[i] as number) - mx) * ((samples[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return den ? num / den : 0;
}

export async function soak(options: SoakOptions): Promise<SoakResult> {
  const { base, dataDir, pid, customers, durationMs } = options;
  const [thinkMin, thinkMax] = options.thinkMs ?? [500, 2000];
  const log = options.log ?? (() => {});
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  let socketMessages = 0;

  /** One request, timed and classified. */
  async function call(path: string, init: RequestInit = {}) {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${path}`, { redirect: "manual", ...init });
      const body = await response.text();
      latencies.push(performance.now() - started);
      if (response.status >= 500) {
        errors++;
        if (errorSamples.length < 10) errorSamples.push(`${path} → ${response.status} ${body.slice(0, 200)}`);
      } else if (response.status >= 400) {
        refused[response.status] = (refused[response.status] ?? 0) + 1;
      }
      return { status: response.status, body, headers: response.headers };
    } catch (error) {
      errors++;
      if (errorSamples.length < 10) errorSamples.push(`${path} → ${String(error)}`);
      return { status: 0, body: "", headers: new Headers() };
    }
  }
  const json = (path: string, body: unknown, token?: string) =>
    call(`/api${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  // Sign-up, a deposit and a browser session for each customer (not counted in the figures).
  log(`signing up ${customers} customers`);
  type Customer = { email: string; token: string; cookie: string };
  const people: Customer[] = [];
  const password = "Soak2026x";
  const run = `${Date.now().toString(36)}`;
  for (let i = 0; i < customers; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, customers - i) }, async (_, j) => {
        const email = `soak.${run}.${i + j}@example.com`;
        await fetch(`${base}/api/send_email`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, type: "register" }),
        });
        const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
        const code = outbox.data?.find((m: { code: string | null }) => m.code)?.code;
        const registered = await (
          await fetch(`${base}/api/register`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              type: "email",
              email,
              code,
              password,
              password_confirmation: password,
              agree: true,
            }),
          })
        ).json();
        const token = registered.data?.token as string | undefined;
        if (!token) throw new Error(`sign-up failed: ${JSON.stringify(registered)}`);
        const credited = await ops(dataDir, [
          "deposit",
          "--account",
          email,
          "--coin",
          "USDT",
          "--amount",
          "10000",
        ]);
        if (!credited.ok) throw new Error(credited.output);
        await fetch(`${base}/api/wallet/transfer`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ coin: "USDT", from: "spot", to: "contract", amount: "2000" }),
        });
        const login = await fetch(`${base}/login`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
          body: new URLSearchParams({ type: "email", account: email, password, redirectTo: "/" }),
          redirect: "manual",
        });
        const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
        return { email, token, cookie };
      }),
    );
    people.push(...batch);
  }

  const memory: number[] = [rssMb(pid)];
  const sampleEvery = Math.max(1000, Math.floor(durationMs / 60));
  const sampler = setInterval(() => {
    try {
      memory.push(rssMb(pid));
    } catch {}
  }, sampleEvery);

  log(`running for ${Math.round(durationMs / 1000)} s`);
  const started = Date.now();
  const deadline = started + durationMs;
  const think = () => new Promise((r) => setTimeout(r, thinkMin + Math.random() * (thinkMax - thinkMin)));
  const actions: ((c: Customer) => Promise<unknown>)[] = [
    (c) => call("/", { headers: { cookie: c.cookie } }),
    (c) => call("/markets", { headers: { cookie: c.cookie } }),
    (c) => call("/tradeing?code=btc/usdt", { headers: { cookie: c.cookie } }),
    (c) => call("/asset", { headers: { cookie: c.cookie } }),
    (c) => call("/api/account/index", { headers: { authorization: `Bearer ${c.token}` } }),
    () => call("/api/market/kline?code=eth/usdt&interval=1m&limit=60"),
    (c) =>
      json("/spot/order", { code: "btc/usdt", type: "market", side: "buy", quantity: "0.0001" }, c.token),
    async (c) => {
      const placed = await json(
        "/spot/order",
        { code: "eth/usdt", type: "limit", side: "buy", quantity: "0.01", price: "100" },
        c.token,
      );
      const id = placed.status === 200 ? JSON.parse(placed.body).data?.id : undefined;
      if (id) await json("/spot/cancel", { id }, c.token);
    },
    (c) =>
      json(
        "/contract/order",
        { code: "btc/usdt", type: "market", side: "buy", quantity: "0.001", leverage: 10 },
        c.token,
      ),
    (c) => json("/contract/close_all", {}, c.token),
  ];

  const sockets: WebSocket[] = [];
  await Promise.all(
    people.map(async (person, index) => {
      const ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws`, { headers: { cookie: person.cookie } });
      ws.on("message", () => socketMessages++);
      ws.on("error", () => {});
      ws.on("open", () =>
        ws.send(
          JSON.stringify({ op: "subscribe", channel: "price", code: index % 2 ? "btc/usdt" : "eth/usdt" }),
        ),
      );
      sockets.push(ws);
      await new Promise((r) => setTimeout(r, Math.random() * thinkMax));
      while (Date.now() < deadline) {
        await actions[Math.floor(Math.random() * actions.length)]?.(person);
        await think();
      }
    }),
  );
  clearInterval(sampler);
  for (const ws of sockets) ws.close();
  memory.push(rssMb(pid));
  const seconds = (Date.now() - started) / 1000;

  const audit = await ops(dataDir, ["audit"]);
  const sorted = [...latencies].sort((a, b) => a - b);
  // The trend is read from the second half: the first fills caches and pools.
  const half = memory.slice(Math.floor(memory.length / 2));
  return {
    customers,
    seconds: Math.round(seconds),
    requests: latencies.length,
    requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    errors,
    errorSamples,
    refused,
    socketMessages,
    memoryMb: {
      start: Math.round(memory[0] as number),
      end: Math.round(memory[memory.length - 1] as number),
      max: Math.round(Math.max(...memory)),
      slopeMbPerMinute: Math.round(slope(half, sampleEvery) * 10) / 10,
      samples: memory.map((m) => Math.round(m)),
    },
    auditOk: audit.ok,
  };
}

// Run alone: a fresh server on an embedded database, then the soak.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import("node:util");
  const { values } = parseArgs({
    options: { customers: { type: "string", default: "200" }, minutes: { type: "string", default: "10" } },
  });
  const { startServer } = await import("./server.ts");
  const server = await startServer({
    DEV_OUTBOX: "1",
    CODES_PER_IP_HOUR: "100000",
    CODES_PER_IP_MINUTE: "100000",
    CODES_PER_IP_10_SECONDS: "100000",
    CODES_PER_DESTINATION_HOUR: "1000",
    // Every customer is on this machine: one address.
    WS_CONNECTIONS_PER_IP: "100000",
    WS_HANDSHAKES_PER_MINUTE: "1000000",
  });
  try {
    const result = await soak({
      base: server.base,
      dataDir: server.dataDir,
      pid: server.pid,
      customers: Number(values.customers),
      durationMs: Number(values.minutes) * 60_000,
      log: (line) => console.log(line),
    });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
  }
}
