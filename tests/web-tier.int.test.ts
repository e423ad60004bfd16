import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  freePort,
  killServers,
  type ServerProcess,
  startServer,
  waitForHealth,
} from "./support/server-process.ts";

// Two processes, as a split deployment runs them: a platform server, and a web tier started with
// API_URL pointing at it. The web tier keeps no database of its own; its pages, /api and /ws all
// reach the platform.
afterAll(killServers);

const SECRET = "web-tier-test-session-secret-0123456789";
let platformPort: number;
let webPort: number;
let web: ServerProcess;
let webDataDir: string;

beforeAll(async () => {
  platformPort = await freePort();
  startServer({
    PORT: String(platformPort),
    DATA_DIR: mkdtempSync(join(tmpdir(), "platform-")),
    SESSION_SECRET: SECRET,
    // Behind the web tier, as behind any proxy: the visitor's address and host come forwarded.
    TRUST_PROXY: "1",
    SEED_DEMO: "1",
  });
  webPort = await freePort();
  // A directory that must never come to exist: the web tier opens no database.
  webDataDir = join(mkdtempSync(join(tmpdir(), "web-tier-")), "data");
  web = startServer({
    PORT: String(webPort),
    DATA_DIR: webDataDir,
    SESSION_SECRET: SECRET,
    API_URL: `http://127.0.0.1:${platformPort}`,
  });
  await waitForHealth(platformPort, undefined, 90_000);
  await waitForHealth(webPort);
}, 120_000);

describe("the web tier (API_URL)", () => {
  it("answers /api/health with the platform's health and keeps no database", async () => {
    const response = await fetch(`http://127.0.0.1:${webPort}/api/health`);
    expect(response.status).toBe(200);
    const health = await response.json();
    expect(health.data.db).toEqual({ status: "up", kind: "pglite" });
    expect(existsSync(webDataDir)).toBe(false);
    expect(web.output()).toContain(`"platform":"http://127.0.0.1:${platformPort}"`);
    expect(web.output()).not.toContain("market feed started");
  });

  it("renders a page with the platform's data", async () => {
    // The notices' publication times are set when the platform seeds its database: this one's.
    const notices = await (
      await fetch(`http://127.0.0.1:${platformPort}/api/posts/posts_list?type=21&limit=5`)
    ).json();
    const published: string = notices.data.items[0].published_at;
    expect(published).toMatch(/^\d{4}-\d\d-\d\dT/);
    const page = await fetch(`http://127.0.0.1:${webPort}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(published);
  });

  it("hands /api requests on with their body and headers, and their answers back", async () => {
    const signedIn = await fetch(`http://127.0.0.1:${webPort}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": "gzip" },
      body: JSON.stringify({ account: "demo@example.com", password: "Demo2026" }),
    });
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()).data;
    expect(token).toEqual(expect.any(String));
    const info = await fetch(`http://127.0.0.1:${webPort}/api/user/info?lang=en`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.status).toBe(200);
    expect((await info.json()).data.user.email).toBe("demo@example.com");
    const refused = await fetch(`http://127.0.0.1:${webPort}/api/user/info`);
    expect(refused.status).toBe(401);
  });

  it("hands a /ws subscription on to the platform's hub", async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${webPort}/ws`);
    const messages: any[] = [];
    const priced = new Promise<void>((resolve, reject) => {
      socket.on("message", (data) => {
        const message = JSON.parse(String(data));
        messages.push(message);
        if (message.channel === "price" && message.data) resolve();
      });
      socket.once("error", reject);
    });
    await new Promise((r) => socket.once("open", r));
    socket.send(JSON.stringify({ op: "subscribe", channel: "price", code: "BTC/USDT" }));
    await priced;
    expect(messages[0]).toEqual({ op: "subscribed", channel: "price", code: "btc/usdt" });
    expect(messages.at(-1).data.code).toBe("btc/usdt");
    const closed = new Promise((r) => socket.once("close", r));
    socket.close();
    await closed;
  }, 30_000);

  it("stops at once without the platform's SESSION_SECRET", async () => {
    const alone = startServer({
      PORT: String(await freePort()),
      DATA_DIR: webDataDir,
      API_URL: `http://127.0.0.1:${platformPort}`,
    });
    expect(await alone.exited).toBe(1);
    expect(alone.output().trim()).toMatch(/^Invalid SESSION_SECRET="": required with API_URL/);
    expect(existsSync(webDataDir)).toBe(false);
  });
});
