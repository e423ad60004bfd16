import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dir = () => mkdtempSync(join(tmpdir(), "cfg-"));

describe("configuration", () => {
  it("has working defaults", () => {
    const config = loadConfig({ DATA_DIR: dir() });
    expect(config.port).toBe(3000);
    expect(config.marketFeed).toBe("sim");
    expect(config.seedDemo).toBe(true); // embedded database: the demo account is on
    expect(config.databaseUrl).toBeUndefined();
    // Limits against abuse and the server's memory (issue 20).
    expect(config.refusalDelayMs).toBe(1000);
    expect(config.heapGrowthPercent).toBe(30);
    expect([config.codesPerIpMinute, config.codesPerIp10Seconds]).toEqual([20, 5]);
    expect(config.oversizedPostsPerMinute).toBe(3);
    expect(loadConfig({ DATA_DIR: dir(), HEAP_GROWTH_PERCENT: "0" }).heapGrowthPercent).toBe(0);
  });

  it("stops with one line naming the bad variable", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/^Invalid PORT="70000": /);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ MARKET_FEED: "nyse" })).toThrow(/MARKET_FEED/);
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: "-1" })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadConfig({ REFUSAL_DELAY_MS: "soon" })).toThrow(/REFUSAL_DELAY_MS/);
    expect(() => loadConfig({ CODES_PER_IP_10_SECONDS: "0" })).toThrow(/CODES_PER_IP_10_SECONDS/);
    try {
      loadConfig({ REDIS_URL: "localhost:6379" });
    } catch (error) {
      expect((error as Error).message.split("\n")).toHaveLength(1);
    }
  });

  it("generates a missing SESSION_SECRET once and keeps it in DATA_DIR", () => {
    const dataDir = dir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    expect(readFileSync(join(dataDir, "session-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(32) }).sessionSecret).toBe(
      "s".repeat(32),
    );
  });

  it("keeps nothing in DATA_DIR for the web tier (API_URL), whose SESSION_SECRET is the platform's", () => {
    const dataDir = join(dir(), "data");
    const web = { DATA_DIR: dataDir, API_URL: "http://platform.internal:3000" };
    expect(() => loadConfig(web)).toThrow(/^Invalid SESSION_SECRET="": required with API_URL/);
    const config = loadConfig({ ...web, SESSION_SECRET: "s".repeat(32) });
    expect(config.apiUrl).toBe("http://platform.internal:3000");
    expect(config.sessionSecret).toBe("s".repeat(32));
    expect(existsSync(dataDir)).toBe(false);
  });

  it("generates the VAPID key pair once and keeps it in DATA_DIR, or takes both from the environment", () => {
    const dataDir = dir();
    const first = loadConfig({ DATA_DIR: dataDir }).push;
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }).push).toEqual(first);
    expect(JSON.parse(readFileSync(join(dataDir, "vapid-keys.json"), "utf8"))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(first.subject).toBe("mailto:no-reply@localhost");
    expect(first.services).toContain("fcm.googleapis.com");
    const given = loadConfig({
      DATA_DIR: dir(),
      VAPID_PUBLIC_KEY: first.publicKey,
      VAPID_PRIVATE_KEY: first.privateKey,
      VAPID_SUBJECT: "https://beacon.example",
      PUSH_SERVICES: "push.example, http://127.0.0.1:9000",
    }).push;
    expect(given).toEqual({
      ...first,
      subject: "https://beacon.example",
      services: ["push.example", "http://127.0.0.1:9000"],
    });
    expect(() => loadConfig({ DATA_DIR: dir(), VAPID_PUBLIC_KEY: first.publicKey })).toThrow(
      /^Invalid VAPID_PRIVATE_KEY="": /,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), VAPID_PRIVATE_KEY: "short" })).toThrow(
      /^Invalid VAPID_PRIVATE_KEY=/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), VAPID_SUBJECT: "http://x" })).toThrow(
      /^Invalid VAPID_SUBJECT=/,
    );
  });

  it("turns the try-out helpers on for the embedded database only, unless told", () => {
    const embedded = loadConfig({ DATA_DIR: dir() });
    expect(embedded.demoFaucet).toBe(true);
    expect(embedded.devOutbox).toBe(true);
    const server = loadConfig({ DATA_DIR: dir(), DATABASE_URL: "postgres://db/x" });
    expect(server.demoFaucet).toBe(false);
    expect(server.devOutbox).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dir(), DATABASE_URL: "postgres://db/x", DEMO_FAUCET: "1" }).demoFaucet,
    ).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), DEMO_FAUCET: "0" }).demoFaucet).toBe(false);
    // A configured provider delivers the codes: they are not kept where anyone can read them.
    expect(loadConfig({ DATA_DIR: dir(), SMTP_URL: "smtp://mail:25" }).devOutbox).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir(), DEMO_FAUCET: "yes" })).toThrow(/^Invalid DEMO_FAUCET="yes": /);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATA_DIR: dir(), PORT: "", DATABASE_URL: "" }).port).toBe(3000);
  });
});
