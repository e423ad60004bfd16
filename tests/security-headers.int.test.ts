import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionStorage } from "../app/.server/session.ts";
import { freePort, killServers, startServer, waitForHealth } from "./support/server-process.ts";

// The security headers on every kind of response the real server gives: pages, /api, assets
// (app/.server/security-headers.ts, set in server.ts). Needs the production build (BUILD_DIR).
afterAll(killServers);

async function serve(env: Record<string, string> = {}) {
  const port = await freePort();
  const server = startServer({
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), "hdr-")),
    LOG_LEVEL: "warn",
    ...env,
  });
  // Any answer will do: health may say 503 while the market feed warms up.
  await waitForHealth(port, () => true, 170_000).catch((error) => {
    throw new Error(`${error.message}: ${server.output()}`);
  });
  return `http://127.0.0.1:${port}`;
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("security headers", () => {
  let base: string;
  beforeAll(async () => {
    base = await serve();
  }, 200_000);

  it("pages: a CSP whose nonce is on every inline script, fresh for each response", async () => {
    const response = await fetch(`${base}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    // The page's own websocket (same origin) may connect; nothing else.
    expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+/);
    expect(csp).not.toContain("unsafe-eval");
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    const nonce = nonceOf(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    const inline = scripts.filter((a) => !/\bsrc=/.test(a) && !/application\/json/.test(a));
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${base}/`);
    expect(nonceOf(again.headers.get("content-security-policy"))).not.toBe(nonce);
  });

  it("the same headers on /api answers, assets, redirects and 404s", async () => {
    const html = await (await fetch(`${base}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    for (const path of ["/api/health", "/api/nope", asset, "/favicon.svg", "/asset", "/no/such/page"]) {
      const response = await fetch(`${base}${path}`, { redirect: "manual" });
      const h = response.headers;
      expect(h.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(h.get("x-content-type-options"), path).toBe("nosniff");
      expect(h.get("x-frame-options"), path).toBe("DENY");
      expect(h.get("referrer-policy"), path).toBe("same-origin");
      expect(h.get("permissions-policy"), path).toContain("camera=()");
      // Plain http: no HSTS (it would lock a try-out out of its own server).
      expect(h.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("HSTS in production when the public address is https", async () => {
    const secure = await serve({ PUBLIC_URL: "https://beacon.example" });
    for (const path of ["/", "/api/health"]) {
      const response = await fetch(`${secure}${path}`);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    }
  }, 200_000);

  it("HSTS behind a TLS-terminating proxy, and wss for the socket", async () => {
    const proxied = await serve({ TRUST_PROXY: "1" });
    const response = await fetch(`${proxied}/`, {
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "beacon.example" },
    });
    expect(response.headers.get("strict-transport-security")).toContain("max-age=31536000");
    expect(response.headers.get("content-security-policy")).toContain(
      "connect-src 'self' wss://beacon.example",
    );
  }, 200_000);
});

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, and Secure in production", async () => {
    const secure = createSessionStorage("s".repeat(32), true);
    const cookie = await secure.commitSession(await secure.getSession());
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Secure/);
    const plain = createSessionStorage("s".repeat(32), false);
    expect(await plain.commitSession(await plain.getSession())).not.toMatch(/; Secure/);
  });
});
