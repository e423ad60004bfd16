import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, waitForHealth } from "./support/server-process.ts";

// A production install as an operator makes one: the build (`npm run build`, made before the
// integration suite runs), package.json and package-lock.json, the two launchers, then
// `npm ci --omit=dev`. No source, no tsx, no Vite: it must start, serve and run operator commands.
const buildDir = resolve(process.env.BUILD_DIR || "build");
const dir = mkdtempSync(join(tmpdir(), "production-"));
const dataDir = join(dir, "data");
const env = {
  ...process.env,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "info",
  SEED_DEMO: "1",
  BUILD_DIR: "build",
};
let server: ChildProcess | undefined;

function run(command: string, args: string[], timeoutMs = 120_000) {
  return new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn(command, args, { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

/** Stops `npm start` and what it started (npm, then node): the whole process group. */
function stop(signal: NodeJS.Signals) {
  if (!server?.pid || server.exitCode !== null || server.signalCode !== null) return;
  try {
    process.kill(-server.pid, signal);
  } catch {
    // Gone already.
  }
}

beforeAll(async () => {
  for (const file of ["node/server.js", "node/ops.js", "server/index.js"])
    if (!existsSync(join(buildDir, file)))
      throw new Error(`no ${join(buildDir, file)}: run \`npm run build\` before this test`);
  cpSync(buildDir, join(dir, "build"), { recursive: true });
  for (const file of ["package.json", "package-lock.json"]) cpSync(file, join(dir, file));
  mkdirSync(join(dir, "scripts"));
  for (const file of ["start.mjs", "ops.mjs"]) cpSync(join("scripts", file), join(dir, "scripts", file));
  // From npm's cache when it has the packages (CI's `npm ci` has just filled it), else the registry.
  const install = await run(
    "npm",
    ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"],
    300_000,
  );
  if (install.code !== 0) throw new Error(`npm ci --omit=dev failed:\n${install.output}`);
}, 320_000);

afterAll(() => {
  stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("a production install (npm ci --omit=dev)", () => {
  it("has none of the dev dependencies", () => {
    for (const name of ["tsx", "vite", "@react-router/dev", "esbuild", "vitest", "@biomejs/biome"])
      expect(existsSync(join(dir, "node_modules", name)), name).toBe(false);
    expect(existsSync(join(dir, "node_modules", "react-router"))).toBe(true);
  });

  it("starts with npm start, serves pages and /api, and runs operator commands", async () => {
    const port = await freePort();
    let output = "";
    server = spawn("npm", ["start"], {
      cwd: dir,
      env: { ...env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so that stop() reaches node under npm.
      detached: true,
    });
    server.stdout?.on("data", (d) => {
      output += d;
    });
    server.stderr?.on("data", (d) => {
      output += d;
    });
    const exited = new Promise<void>((r) => server?.once("exit", () => r()));
    await waitForHealth(port, undefined, 90_000).catch((error) => {
      throw new Error(`${error.message}\n${output}`);
    });
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const page = await fetch(`http://127.0.0.1:${port}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<form");
    expect(output).not.toContain("No production build");

    // Inside the running server, through its operator endpoint…
    const shown = await run("npm", ["run", "--silent", "ops", "--", "user", "show", "demo@example.com"]);
    expect(shown.output).toContain("demo@example.com");
    expect(shown.code).toBe(0);

    // npm ends on the signal itself; the server under it shuts down cleanly and says so.
    // npm is gone at once; node's shutdown (closing the database) takes its own time on a busy
    // machine, up to the server's 10 s limit, so wait for its last line rather than a fixed pause.
    stop("SIGTERM");
    await exited;
    for (let waited = 0; waited < 15_000 && !/"msg":"(stopped|shutdown took)/.test(output); waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain('"msg":"stopped"');

    // …and on the database itself once no server runs: the compiled platform loads here too.
    const alone = await run("npm", ["run", "--silent", "ops", "--", "user", "show", "demo@example.com"]);
    expect(alone.output).toMatch(/uid\s+email/);
    expect(alone.output).toContain("demo@example.com");
    expect(alone.code).toBe(0);
  }, 240_000);
});
