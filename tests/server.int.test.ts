import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { freePort, killServers, startServer as run, waitForHealth } from "./support/server-process.ts";

// The real server process: start-up checks, the DATA_DIR lock and a clean shutdown.
afterAll(killServers);

describe("the server process", () => {
  it("stops at once with one line naming a bad variable", async () => {
    const server = run({ PORT: "not-a-port", DATA_DIR: mkdtempSync(join(tmpdir(), "srv-")) });
    expect(await server.exited).toBe(1);
    expect(server.output().trim().split("\n")).toEqual([expect.stringMatching(/^Invalid PORT="not-a-port"/)]);
  });

  it("keeps a second process off its embedded database and shuts down cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "srv-"));
    const port = await freePort();
    const first = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port);
    const secret = readFileSync(join(dataDir, "session-secret"), "utf8");

    const second = run({ PORT: String(port + 1), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by process ${first.child.pid}`);
    // The first one is unharmed.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise((r) => socket.once("open", r));
    const closed = new Promise<number>((r) => socket.once("close", (code) => r(code)));
    first.child.kill("SIGTERM");
    expect(await closed).toBe(1001);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("stopped");
    expect(existsSync(join(dataDir, "pglite.lock"))).toBe(false);

    // Restarted on the same directory: same data, same session secret.
    const again = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port);
    expect(readFileSync(join(dataDir, "session-secret"), "utf8")).toBe(secret);
    again.child.kill("SIGINT");
    expect(await again.exited).toBe(0);
  }, 120_000);

  it("takes over the database of a process that was killed", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "srv-"));
    const port = await freePort();
    const first = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port);
    first.child.kill("SIGKILL");
    await first.exited;
    const next = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port);
    const content = await (await fetch(`http://127.0.0.1:${port}/api/about/content`)).json();
    expect(content.status_code).toBe(200);
    next.child.kill("SIGTERM");
    expect(await next.exited).toBe(0);
  }, 120_000);
});
