import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The operator CLI on the embedded database: inside a running server (through its loopback
// endpoint), and on its own when no server runs.
const dataDir = mkdtempSync(join(tmpdir(), "ops-"));
const env = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "1" };
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

const ops = (...words: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "platform/ops/cli.ts", ...words], {
    env,
    encoding: "utf8",
    timeout: 60_000,
  });

describe("npm run ops", () => {
  it("runs inside the running server, which alone may open the embedded database", async () => {
    const port = String(4900 + Math.floor(Math.random() * 90));
    server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      env: { ...env, PORT: port, HOST: "127.0.0.1" },
      stdio: "ignore",
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (existsSync(join(dataDir, "ops-endpoint.json"))) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const shown = ops("user", "show", "demo@example.com");
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain("demo@example.com");
    expect(shown.stdout).toMatch(/uid\s+email/);

    const missing = ops("user", "show", "nobody@example.com");
    expect(missing.status).toBe(1);
    expect(missing.stdout).toContain("No customer matches");

    const unknown = ops("launch", "rockets");
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toContain("Unknown command");
    expect(unknown.stdout).toContain("user show");
  }, 90_000);

  it("opens the database itself when no server runs", async () => {
    server?.kill("SIGTERM");
    await new Promise((r) => server?.once("exit", r));
    expect(existsSync(join(dataDir, "ops-endpoint.json"))).toBe(false);
    const shown = ops("user", "show", "demo@example.com");
    expect(shown.stderr).toBe("");
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain("demo@example.com");
    const help = ops("help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Usage: npm run ops -- <command>");
  }, 90_000);
});
