import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The e2e suite runs the production build (`npm run test:e2e` builds first) on a fresh embedded
// database, in Debian's Chromium at a 360×740 phone viewport, with JavaScript on and off.
const port = Number(process.env.E2E_PORT ?? 3111);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "exchange-e2e-"));
// Workers load this file again: they must find the same directory (the operator CLI reaches the
// server through it, see tests/e2e/ops.ts).
process.env.E2E_DATA_DIR = dataDir;
// A local OpenID provider (tests/e2e/oidc-mock.ts) plays Google and Apple.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 1);
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
// A push-service stand-in (tests/support/push-service.ts) per project, so the two projects'
// journeys can run at once; the server may POST only to these exact origins (and not to the
// real push services, which the default list names).
const pushPorts = { js: port + 5, nojs: port + 6 };
const pushServices = Object.values(pushPorts)
  .map((p) => `http://127.0.0.1:${p}`)
  .join(",");

const phone = {
  ...devices["Pixel 5"],
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  // CI runs on a machine whose other work we do not see: the same suite took 13 min on a quiet
  // host and 34–39 min on a loaded one, where pages took over 20 s to hydrate. A journey there
  // gets twice the time rather than failing on the host's speed.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  fullyParallel: true,
  // Two browsers keep both cores busy (the load average was ~16 with three, each browser being
  // several processes); a third only made every page slower.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: { baseURL, trace: "retain-on-failure", locale: "en-US" },
  projects: [
    { name: "js", use: { ...phone, javaScriptEnabled: true }, metadata: { pushPort: pushPorts.js } },
    { name: "nojs", use: { ...phone, javaScriptEnabled: false }, metadata: { pushPort: pushPorts.nojs } },
  ],
  webServer: [
    {
      command: "node --import tsx tests/e2e/oidc-mock.ts",
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { OIDC_MOCK_PORT: String(oidcPort) },
    },
    {
      command: "node --import tsx server.ts",
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DEV_OUTBOX: "1",
        // One code per address per minute would make every journey wait; the rule itself is
        // covered by the integration suite with the default 60 s.
        CODE_RESEND_SECONDS: "2",
        // Every journey signs up from 127.0.0.1; the per-address cap is covered by integration tests.
        CODES_PER_IP_HOUR: "10000",
        CODES_PER_IP_MINUTE: "10000",
        CODES_PER_IP_10_SECONDS: "10000",
        CODES_PER_DESTINATION_HOUR: "1000",
        WS_CONNECTIONS_PER_IP: "100000",
        WS_HANDSHAKES_PER_MINUTE: "1000000",
        LOG_LEVEL: "warn",
        GOOGLE_CLIENT_ID: "beacon-e2e",
        GOOGLE_CLIENT_SECRET: "beacon-e2e-secret",
        GOOGLE_ISSUER: oidcIssuer,
        APPLE_CLIENT_ID: "beacon-e2e-apple",
        APPLE_CLIENT_SECRET: "pre-generated-client-secret-jwt",
        APPLE_ISSUER: oidcIssuer,
        PUSH_SERVICES: pushServices,
      },
    },
  ],
});
