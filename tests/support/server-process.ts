import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** A real `server.ts` process for tests that need one (start-up, kills, several instances). */
export type ServerProcess = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
};

const started: ChildProcess[] = [];

/** Kills every process this test file started (call from afterAll). */
export function killServers() {
  for (const child of started) child.kill("SIGKILL");
}

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return { child, exited, output: () => output };
}

/** Resolves once GET /api/health answers 200 (or `accept` says the body is good enough). */
export async function waitForHealth(port: number, accept?: (body: any) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (accept ? accept(await response.json()) : response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server on port ${port} did not become healthy`);
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
