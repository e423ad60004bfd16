import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuMs } from "./ssr.ts";

/** Starts the production server on a fresh embedded database for a benchmark; stop() cleans up. */
export async function startServer(
  env: Record<string, string> = {},
  options: {
    logFile?: string;
    /** Start on this DATA_DIR (a restart) and leave it in place when stopped. */
    dataDir?: string;
    /** Another build to start (default BUILD_DIR or build), e.g. to compare two side by side. */
    buildDir?: string;
    /** How often to ask /api/health while it starts (ms). */
    pollMs?: number;
  } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "exchange-bench-"));
  const started = performance.now();
  // The server's log (LOG_LEVEL=warn: little) kept where asked, e.g. to see why it stopped.
  const log = options.logFile ? openSync(options.logFile, "w") : "ignore";
  // A port the system says is free (fetch refuses some ports below 10,000, e.g. 3659, for good).
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  // What `npm start` runs: the compiled server (scripts/build-server.mjs), not the TypeScript.
  const buildDir = options.buildDir ?? (process.env.BUILD_DIR || "build");
  const entry = join(buildDir, "node", "server.js");
  const child: ChildProcess = spawn(process.execPath, [...startFlags(), entry], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(options.buildDir ? { BUILD_DIR: options.buildDir } : {}),
      ...env,
    },
    stdio: ["ignore", log, options.logFile ? log : "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  // Generous: on a busy machine the first start (migrations, market history) takes minutes.
  if (!(await healthy(base, child, 300_000, options.pollMs ?? 50))) {
    // Leave nothing behind: a server still starting would otherwise outlive the bench.
    child.kill("SIGKILL");
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw new Error("the server did not start");
  }
  const startMs = Math.round(performance.now() - started);
  return {
    base,
    /** Milliseconds from spawning the process to its first healthy answer. */
    startMs,
    /** The server's CPU time (user + system, ms) up to then: less moved by other work than startMs. */
    startCpuMs: cpuMs(child.pid as number),
    /** The server's process id (its CPU time is read from /proc). */
    pid: child.pid as number,
    /** How it ended, if it did: its exit code or the signal that stopped it. */
    ended: () => child.exitCode ?? child.signalCode ?? undefined,
    /** Its DATA_DIR (the operator endpoint writes its address there). */
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Node's flags in `npm start` (package.json), so a bench starts the server as production does. */
export function startFlags(): string[] {
  const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
  return (
    scripts.start
      ?.match(/\bnode((?:\s+--\S+)*)\s/)?.[1]
      ?.trim()
      .split(/\s+/)
      .filter(Boolean) ?? []
  );
}

/**
 * Asks /api/health until it answers 200 (true), the process has ended or `withinMs` has passed
 * (false). Each ask is bounded: one request stuck on a busy server must not hold the bench.
 */
export async function healthy(base: string, child: ChildProcess, withinMs: number, pollMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) })).ok) return true;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) return false;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** A process's resident memory (MB); 0 once the process is gone. */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * A server left alone for `seconds` after it answered: its memory then, and the share of a core
 * its own work took meanwhile (jobs, the market feed: nobody asked for anything).
 */
export async function idleFigures(pid: number, seconds = 15) {
  const cpuBefore = cpuMs(pid) ?? 0;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return {
    rssMb: Math.round(rssMb(pid)),
    cpuPercent: Math.round((((cpuMs(pid) ?? 0) - cpuBefore) / (seconds * 1000)) * 1000) / 10,
  };
}

/** A TCP port free on 127.0.0.1 now (from the system's ephemeral range). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The demo account's session cookie (SEED_DEMO is on for the embedded database). */
export async function demoCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: "type=email&account=demo%40example.com&password=Demo2026&redirectTo=%2F",
    redirect: "manual",
  });
  const cookie = cookiesOf(login);
  if (!cookie) throw new Error(`the demo sign-in failed (${login.status})`);
  // As a browser does: the page the sign-in leads to shows its "Welcome back!" once and updates
  // the cookie. Without it, every request of a bench would show that toast again and sign a new
  // cookie, which no customer's page does.
  const landed = await fetch(new URL(login.headers.get("location") ?? "/", base), {
    headers: { cookie },
    redirect: "manual",
  });
  await landed.arrayBuffer();
  return cookiesOf(landed) || cookie;
}

/** The cookies a response sets, as a request's Cookie header. */
function cookiesOf(response: Response): string {
  return (response.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
}

/**
 * Where a bench sends operator commands for the server it started: the server's operator
 * endpoint on the embedded database; on PostgreSQL (where the server opens none) the compiled
 * CLI, straight to the database.
 */
export type Operator = { dataDir: string; databaseUrl?: string; redisUrl?: string };

/** Runs one operator command (`npm run ops -- …` words) for the bench's server, as `who`. */
export async function operatorCommand(
  operator: Operator,
  words: string[],
  who: string,
): Promise<{ ok: boolean; output: string }> {
  if (operator.databaseUrl) {
    return new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [join(process.env.BUILD_DIR || "build", "node", "ops.js"), ...words],
        {
          env: {
            ...process.env,
            NODE_ENV: "production",
            LOG_LEVEL: "warn",
            DATA_DIR: operator.dataDir,
            DATABASE_URL: operator.databaseUrl,
            ...(operator.redisUrl ? { REDIS_URL: operator.redisUrl } : {}),
          },
        },
      );
      let output = "";
      child.stdout?.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      child.on("close", (status) => resolve({ ok: status === 0, output }));
    });
  }
  const { port, secret } = JSON.parse(readFileSync(join(operator.dataDir, "ops-endpoint.json"), "utf8"));
  const response = await fetch(`http://127.0.0.1:${port}/ops`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify({ words, operator: who }),
  });
  return (await response.json()) as { ok: boolean; output: string };
}
