import { fork } from "node:child_process";
import { setPriority } from "node:os";
import WebSocket from "ws";
import { type Operator, operatorCommand, rssMb } from "./server.ts";

// Availability under abuse (issue 20): while one client runs an attack at full speed, ordinary
// customers browse and trade. Each attack runs for a bounded time from its own process (so the
// customers' clock is not starved by the attacker's loop), over loopback only, against a server
// started with TRUST_PROXY=1 so each customer has its own address (X-Forwarded-For) and the
// attacker one. Goals: the customers' p99 under 2x its value without the attack, /api/health
// p99 under 500 ms, server memory under 1.5x idle, and the ledger audit passing.
// Run alone: node --import tsx bench/abuse.ts [--customers 50] [--seconds 15]

export const ATTACKS = [
  "big-form",
  "big-upload",
  "ws-flood",
  "login-guess",
  "code-spam",
  "quote-spam",
] as const;
export type Attack = (typeof ATTACKS)[number];

/** What each attack does, as printed. */
export const ATTACK_DESCRIPTIONS: Record<Attack, string> = {
  "big-form": "chunked 100 MB form posts to /login, 2 at a time",
  "big-upload": "chunked 200 MB multipart posts to /accountsettings?form=avatar, signed in, 2 at a time",
  "ws-flood": "as many /ws sockets as allowed, each sending pings in a tight loop, reopened when closed",
  "login-guess": "wrong passwords for one customer's e-mail, 4 at a time",
  "code-spam": "e-mail codes to fresh addresses, 4 at a time",
  "quote-spam": "conversion quotes from one signed-in customer, 4 at a time",
};

/**
 * The server for this bench: every default limit as shipped; the dev outbox (for sign-up
 * codes) and X-Forwarded-For trusted, so each simulated customer has an address of their own.
 */
export const ABUSE_SERVER_ENV = { DEV_OUTBOX: "1", SEED_DEMO: "0", TRUST_PROXY: "1" };

export type PhaseFigures = {
  phase: string;
  /** The attack of this pair of phases; `attacked`: whether it ran during this one. */
  attack: Attack;
  attacked: boolean;
  customerRequests: number;
  customerP50Ms: number;
  customerP99Ms: number;
  customerErrors: number;
  healthP99Ms: number;
  rssMaxMb: number;
  attackRequests: number;
  attackAnswers: Record<string, number>;
  note?: string;
};

export type AbuseResult = {
  customers: number;
  secondsPerPhase: number;
  idleRssMb: number;
  /**
   * Customers' p99 over every phase without an attack, pooled: the one condition measured several
   * times, so one 30 s phase's luck does not set the bar (see `abuseBench`).
   */
  customerP99WithoutMs: number;
  phases: PhaseFigures[];
  auditOk: boolean;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number)
    : 0;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ops = (operator: Operator, words: string[]) => operatorCommand(operator, words, "abuse-bench");

type Person = { email: string; token: string; cookie: string; ip: string };
type AttackFigures = { requests: number; answers: Record<string, number> };
const PASSWORD = "Abuse2026x";

/** Signs one customer up from their own address, with money and a browser session. */
async function signUp(base: string, operator: Operator, email: string, ip: string): Promise<Person> {
  const from = { "x-forwarded-for": ip };
  const jsonHeaders = { "content-type": "application/json", ...from };
  await fetch(`${base}/api/send_email`, {
    method: "POST",
    headers: jsonHeaders,
    body: JSON.stringify({ email, type: "register" }),
  });
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const code = outbox.data?.find((m: { code: string | null }) => m.code)?.code;
  const registered = await (
    await fetch(`${base}/api/register`, {
      method: "POST",
      headers: jsonHeaders,
      body: JSON.stringify({
        type: "email",
        email,
        code,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agree: true,
      }),
    })
  ).json();
  const token = registered.data?.token as string | undefined;
  if (!token) throw new Error(`sign-up failed: ${JSON.stringify(registered)}`);
  const credited = await ops(operator, [
    "deposit",
    "--account",
    email,
    "--coin",
    "USDT",
    "--amount",
    "10000",
  ]);
  if (!credited.ok) throw new Error(credited.output);
  const cookie = await webSignIn(base, email, ip);
  if (!cookie) throw new Error(`web sign-in failed for ${email}`);
  return { email, token, cookie, ip };
}

/** Signs in through the web form; the session cookie, or "" when refused. */
async function webSignIn(base: string, email: string, ip: string) {
  const login = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, "x-forwarded-for": ip },
    body: new URLSearchParams({ type: "email", account: email, password: PASSWORD, redirectTo: "/" }),
    redirect: "manual",
  });
  await login.arrayBuffer();
  return (login.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
}

/** The attacker's process: runs one attack at full speed until told to stop (or `seconds`). */
async function attacker(
  attack: Attack,
  base: string,
  seconds: number,
  secret: { email: string; cookie: string; token: string },
) {
  const ip = "198.51.100.66";
  const deadline = Date.now() + seconds * 1000;
  const answers: Record<string, number> = {};
  let requests = 0;
  const count = (key: string | number) => {
    answers[key] = (answers[key] ?? 0) + 1;
  };
  const endless = (head: string, total: number) => {
    const chunk = new Uint8Array(256 * 1024).fill(120);
    let sent = 0;
    let started = false;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!started) {
          started = true;
          return controller.enqueue(new TextEncoder().encode(head));
        }
        if (sent >= total || Date.now() > deadline) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
  };
  const post = async (path: string, init: RequestInit) => {
    requests++;
    try {
      const response = await fetch(`${base}${path}`, { redirect: "manual", ...init });
      await response.arrayBuffer();
      count(response.status);
    } catch (error) {
      count(((error as { cause?: { code?: string } }).cause?.code ?? "error").toLowerCase());
    }
  };
  const loop = (parallel: number, work: (i: number) => Promise<unknown>) =>
    Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let i = 0; Date.now() < deadline; i++) await work(i);
      }),
    );
  const jsonPost = (path: string, body: unknown, token?: string) =>
    post(`/api${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  if (attack === "big-form")
    await loop(2, () =>
      post("/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base, "x-forwarded-for": ip },
        body: endless("type=email&account=a%40b.test&password=", 100 * 1024 * 1024),
        // @ts-expect-error Node's fetch needs this for a streamed request body
        duplex: "half",
      }),
    );
  if (attack === "big-upload") {
    const boundary = "----abuse";
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="avatar"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`;
    await loop(2, () =>
      post("/accountsettings?form=avatar", {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          origin: base,
          cookie: secret.cookie,
          "x-forwarded-for": ip,
        },
        body: endless(head, 200 * 1024 * 1024),
        // @ts-expect-error Node's fetch needs this for a streamed request body
        duplex: "half",
      }),
    );
  }
  if (attack === "ws-flood")
    await loop(40, async () => {
      requests++;
      const ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws`, { headers: { "x-forwarded-for": ip } });
      const closed = new Promise<void>((r) => {
        ws.on("close", (code) => {
          count(`close ${code}`);
          r();
        });
        ws.on("error", () => r());
      });
      ws.on("open", async () => {
        while (ws.readyState === ws.OPEN && Date.now() < deadline) {
          ws.send('{"op":"ping"}');
          // Yield now and then so the socket's writes and its close are seen.
          if (ws.bufferedAmount > 64 * 1024) await sleep(1);
          else await new Promise((r) => setImmediate(r));
        }
        ws.terminate();
      });
      await closed;
    });
  if (attack === "login-guess")
    await loop(4, (i) =>
      jsonPost("/login", { account: secret.email, password: `Guess${i}x${Math.random()}` }),
    );
  if (attack === "code-spam")
    await loop(4, (i) =>
      jsonPost("/send_email", {
        email: `spam.${process.pid}.${i}.${Math.random()}@example.com`,
        type: "register",
      }),
    );
  if (attack === "quote-spam")
    await loop(4, () =>
      jsonPost("/wallet/exchange/quote", { from: "USDT", to: "BTC", amount: "10" }, secret.token),
    );
  return { requests, answers };
}

export async function abuseBench(options: {
  base: string;
  /** The server's DATA_DIR, and its database when it is PostgreSQL (see `Operator`). */
  operator: Operator;
  pid: number;
  customers: number;
  secondsPerPhase: number;
  attacks?: readonly Attack[];
  log?: (line: string) => void;
}): Promise<AbuseResult> {
  const { base, operator, pid, customers, secondsPerPhase } = options;
  const log = options.log ?? (() => {});
  const run = Date.now().toString(36);
  log(`signing up ${customers} customers, a victim and an attacker`);
  const people: Person[] = [];
  for (let i = 0; i < customers; i += 10) {
    people.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, customers - i) }, (_, j) =>
          signUp(
            base,
            operator,
            `abuse.${run}.${i + j}@example.com`,
            `10.77.${(i + j) >> 8}.${(i + j) & 255}`,
          ),
        ),
      )),
    );
  }
  const victim = await signUp(base, operator, `victim.${run}@example.com`, "10.78.0.1");
  const villain = await signUp(base, operator, `villain.${run}@example.com`, "198.51.100.66");

  const sockets = people.map((person, index) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws`, {
      headers: { cookie: person.cookie, origin: base, "x-forwarded-for": person.ip },
    });
    ws.on("error", () => {});
    ws.on("open", () => {
      ws.send(
        JSON.stringify({ op: "subscribe", channel: "price", code: index % 2 ? "btc/usdt" : "eth/usdt" }),
      );
    });
    const keepAlive = setInterval(() => ws.readyState === ws.OPEN && ws.send('{"op":"ping"}'), 5000);
    keepAlive.unref();
    return ws;
  });

  /** Forks the attacker's process and waits until it is ready; `go` starts the attack. */
  function startAttacker(attack: Attack) {
    return new Promise<{ go: () => Promise<AttackFigures | undefined> }>((ready, failed) => {
      let figures: AttackFigures | undefined;
      const child = fork(
        new URL(import.meta.url).pathname,
        ["--attack", attack, base, String(secondsPerPhase)],
        {
          execArgv: ["--import", "tsx"],
          stdio: ["ignore", "inherit", "inherit", "ipc"],
          env: {
            ...process.env,
            ABUSE_SECRET: JSON.stringify({
              email: victim.email,
              cookie: villain.cookie,
              token: villain.token,
            }),
          },
        },
      );
      // Below the server and the customers in the CPU's queue, as an attacker on a machine of
      // its own would be: on this one, 40 sockets' send loops competed with the customers' own
      // process for the same two cores, and that was counted as the server's slowness (a CPU
      // profile of the server showed no more work with the flood than without).
      if (child.pid) setPriority(child.pid, 10);
      const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
      child.on("error", failed);
      child.on("message", (message: "ready" | AttackFigures) => {
        if (message === "ready")
          ready({
            go: async () => {
              child.send("go");
              await exited;
              return figures;
            },
          });
        else figures = message;
      });
    });
  }

  const withoutLatencies: number[] = [];
  async function phase(name: string, pair: Attack, attack?: Attack): Promise<PhaseFigures> {
    const latencies: number[] = [];
    const health: number[] = [];
    const memory: number[] = [];
    let errors = 0;
    // The attacker's process boots (about a second of CPU: Node, tsx, this file) before the
    // phase's clock starts: what is measured is its attack, not its start-up on this machine.
    const attacker = attack ? await startAttacker(attack) : undefined;
    const deadline = Date.now() + secondsPerPhase * 1000;
    const call = async (person: Person, path: string, init: RequestInit = {}) => {
      const started = performance.now();
      try {
        const headers = new Headers(init.headers);
        headers.set("x-forwarded-for", person.ip);
        const response = await fetch(`${base}${path}`, { redirect: "manual", ...init, headers });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response.status >= 500) errors++;
      } catch {
        errors++;
      }
    };
    const api = (person: Person, path: string, body?: unknown) =>
      call(person, `/api${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${person.token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const actions: ((p: Person) => Promise<unknown>)[] = [
      (p) => call(p, "/", { headers: { cookie: p.cookie } }),
      (p) => call(p, "/markets", { headers: { cookie: p.cookie } }),
      (p) => call(p, "/asset", { headers: { cookie: p.cookie } }),
      (p) => api(p, "/account/index"),
      (p) => api(p, "/market/kline?code=eth/usdt&interval=1m&limit=60"),
      (p) => api(p, "/spot/order", { code: "btc/usdt", type: "market", side: "buy", quantity: "0.0001" }),
      (p) => api(p, "/spot/order", { code: "btc/usdt", type: "market", side: "sell", quantity: "0.0001" }),
      (p) => api(p, "/wallet/exchange/quote", { from: "USDT", to: "ETH", amount: "20" }),
    ];
    const sampler = setInterval(() => memory.push(rssMb(pid)), 250);
    const prober = (async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        try {
          await (await fetch(`${base}/api/health`)).arrayBuffer();
        } catch {}
        health.push(performance.now() - started);
        await sleep(100);
      }
    })();
    const attackDone = attacker?.go() ?? Promise.resolve(undefined);
    await Promise.all(
      people.map(async (person) => {
        await sleep(Math.random() * 1000);
        while (Date.now() < deadline) {
          await actions[Math.floor(Math.random() * actions.length)]?.(person);
          // Ordinary customers: a page or an order every 0.5–2 s (as the soak's).
          await sleep(500 + Math.random() * 1500);
        }
      }),
    );
    await prober;
    const attackFigures = await attackDone;
    clearInterval(sampler);
    if (!attack && name !== "warm-up") withoutLatencies.push(...latencies);
    let note: string | undefined;
    if (attack === "login-guess") {
      // The one whose e-mail was guessed at still signs in, from their own address.
      note = (await webSignIn(base, victim.email, victim.ip))
        ? "victim signs in: yes"
        : "victim signs in: NO";
    }
    if (attack === "ws-flood") {
      const open = sockets.filter((s) => s.readyState === s.OPEN).length;
      note = `customers' sockets still open: ${open}/${sockets.length}`;
    }
    return {
      phase: name,
      attack: pair,
      attacked: attack !== undefined,
      customerRequests: latencies.length,
      customerP50Ms: Math.round(percentile(latencies, 50)),
      customerP99Ms: Math.round(percentile(latencies, 99)),
      customerErrors: errors,
      healthP99Ms: Math.round(percentile(health, 99)),
      rssMaxMb: Math.round(Math.max(...memory, 0)),
      attackRequests: attackFigures?.requests ?? 0,
      attackAnswers: attackFigures?.answers ?? {},
      note,
    };
  }

  // A warm-up (not counted): the customers' first pages, the market's first minutes, the JIT.
  log(`warm-up (${secondsPerPhase} s)`);
  await phase("warm-up", "big-form");
  // Idle: after the warm-up, with every customer between actions for a few seconds.
  await sleep(3000);
  const idleRssMb = Math.round(rssMb(pid));
  const phases: PhaseFigures[] = [];
  const alive = () => rssMb(pid) > 0;
  // Each attack after a phase without: the pairs are printed side by side, and every phase
  // without an attack goes into the baseline the attacks are held to. One 30 s phase's p99 is
  // the 12th slowest of ~1,200 requests, and alone it varied 132–351 ms within one quiet run
  // (a phase with an idle attacker process came out at 1.35x and 1.51x its pair).
  for (const attack of options.attacks ?? ATTACKS) {
    if (!alive())
      throw new Error(`the server (pid ${pid}) is gone; figures so far: ${JSON.stringify(phases)}`);
    log(`${attack}: without, then with (${secondsPerPhase} s each)`);
    phases.push(await phase(`${attack}: without`, attack));
    phases.push(await phase(`${attack}: with`, attack, attack));
  }
  for (const ws of sockets) ws.close();
  const audit = await ops(operator, ["audit"]);
  return {
    customers,
    secondsPerPhase,
    idleRssMb,
    customerP99WithoutMs: Math.round(percentile(withoutLatencies, 99)),
    phases,
    auditOk: audit.ok,
  };
}

// The attacker's own process (forked by abuseBench).
if (process.argv[2] === "--attack") {
  const [, , , attack, base, seconds] = process.argv;
  const secret = JSON.parse(process.env.ABUSE_SECRET ?? "{}");
  // Booted: wait for the phase to begin (see startAttacker).
  await new Promise<void>((go) => {
    process.once("message", () => go());
    process.send?.("ready");
  });
  const figures = await attacker(attack as Attack, base as string, Number(seconds), secret);
  process.send?.(figures);
  process.exit(0);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import("node:util");
  const { values } = parseArgs({
    options: { customers: { type: "string", default: "50" }, seconds: { type: "string", default: "15" } },
  });
  const { startServer } = await import("./server.ts");
  const server = await startServer(ABUSE_SERVER_ENV);
  try {
    const result = await abuseBench({
      base: server.base,
      operator: { dataDir: server.dataDir },
      pid: server.pid,
      customers: Number(values.customers),
      secondsPerPhase: Number(values.seconds),
      log: (line) => console.log(line),
    });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
  }
}
