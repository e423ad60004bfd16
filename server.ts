// Composition root: one Node HTTP server for the whole product. Hashed client assets with
// immutable caching and compression, /api to the platform, /ws to its hub, everything else to
// the React Router app. `npm run dev` runs the same server with Vite in middleware mode; `npm
// start` runs it compiled (scripts/build-server.mjs). With API_URL it is the web tier only: no
// platform here, /api and /ws handed on to the platform at API_URL (app/.server/forward.ts).
import "./platform/node-env.ts";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { getRequestListener } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { compressDynamic } from "./app/.server/compression.ts";
import { forwardRequest, forwardUpgrade } from "./app/.server/forward.ts";
import { newNonce, securityHeaders, withSecurityHeaders } from "./app/.server/security-headers.ts";
import { createSessionStorage } from "./app/.server/session.ts";
import { staticFiles } from "./app/.server/static-files.ts";
import { type Config, ConfigError, loadConfig } from "./platform/config.ts";
import { DataDirInUseError } from "./platform/db/lock.ts";
import { FairShare, fairShareGate } from "./platform/http/fair-share.ts";
import { RefusalHold, refusalHoldGate } from "./platform/http/refusal-hold.ts";
import { createPlatform, type Platform } from "./platform/index.ts";
import { createLogger } from "./platform/logger.ts";
import { startOpsEndpoint } from "./platform/ops/endpoint.ts";

type WebHandler = (
  request: Request,
  info: { clientIp: string; requestId: string; nonce: string },
) => Promise<Response>;
type WebModule = { createWebHandler(options: Record<string, unknown>): WebHandler };

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const dev = config.env === "development";
const logger = createLogger(config.logLevel, dev);
// V8 lets the heap grow to up to four times what is live after each full collection: under a
// steady load of customers this server's heap, about 60-100 MB live, was given 235 MB, and its
// memory doubled without anything to keep. A smaller growth keeps it near what it holds, for a
// few more (concurrent) collections (docs/decisions/production.md).
if (config.heapGrowthPercent > 0) setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`);
// BUILD_DIR may be relative (to the working directory) or absolute.
const buildDir = resolve(config.buildDir);
const SERVER_BUILD = join(buildDir, "server", "index.js");

// `npm start` builds first when there is no build (scripts/start.mjs); run otherwise, say so.
if (!dev && !existsSync(SERVER_BUILD)) {
  logger.fatal(`no web app build at ${SERVER_BUILD}: run \`npm run build\` first`);
  process.exit(1);
}

// The platform at API_URL, when this process is the web tier only.
const remote = config.apiUrl ? new URL(config.apiUrl) : undefined;

// Its periodic jobs wait until the server listens (platform.startJobs below): a restart answers
// first.
const platform = remote
  ? undefined
  : await createPlatform({ config, logger, deferJobs: true }).catch((error) => {
      if (error instanceof DataDirInUseError) {
        logger.fatal(error.message);
        process.exit(1);
      }
      throw error;
    });

// The operator endpoint: with the embedded database, `npm run ops` runs its commands in here.
const opsEndpoint =
  platform && !config.databaseUrl ? await startOpsEndpoint(platform.deps, config.dataDir) : undefined;

const webOptions = {
  platformFetch: platform?.fetch,
  apiUrl: config.apiUrl,
  sessionSecret: config.sessionSecret,
  secureCookies: config.env === "production" && !config.insecureCookies,
  devOutbox: config.devOutbox,
  codeResendSeconds: config.codeResendSeconds,
  bodyLimit: config.webBodyLimit,
  uploadBodyLimit: config.uploadBodyLimit,
  oversizedPerMinute: config.oversizedPostsPerMinute,
  publicUrl: config.publicUrl,
  mode: dev ? "development" : "production",
};

const listener = getRequestListener((request, env) => app.fetch(request, env), {
  overrideGlobalObjects: false,
});
const server = createServer((req, res) => {
  if (vite) vite.middlewares(req, res, () => listener(req, res));
  else listener(req, res);
});
// Keep idle connections open longer than clients and proxies do (Node's 5 s is shorter than most
// of them): a client that reuses a connection the server has just closed sees ECONNRESET. A phone
// on a slow network also saves a TCP and TLS handshake per page.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

// In dev, Vite serves the modules and reloads the web handler on change; its HMR socket shares
// this server (Vite adds its own upgrade listener for it).
const vite = dev
  ? await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" }),
    )
  : undefined;

let productionHandler: WebHandler | undefined;
async function webHandler(): Promise<WebHandler> {
  if (vite) {
    const mod = (await vite.ssrLoadModule("./app/.server/web.ts")) as WebModule;
    return mod.createWebHandler(webOptions);
  }
  productionHandler ??= ((await import(pathToFileURL(SERVER_BUILD).href)) as WebModule).createWebHandler(
    webOptions,
  );
  return productionHandler;
}

/** The visitor's address: the socket's, or the proxy's X-Forwarded-For when TRUST_PROXY is on. */
function clientIp(incoming: IncomingMessage | undefined): string {
  if (config.trustProxy) {
    const forwarded = incoming?.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return incoming?.socket.remoteAddress ?? "";
}

/**
 * The request as the visitor made it. Behind a TLS-terminating proxy (TRUST_PROXY=1) the URL
 * takes the proxy's X-Forwarded-Proto and -Host, so origin checks and redirects see https.
 */
function publicUrlOf(url: string, header: (name: string) => string | null | undefined): string {
  if (!config.trustProxy) return url;
  const u = new URL(url);
  const proto = header("x-forwarded-proto")?.split(",")[0]?.trim();
  const host = header("x-forwarded-host")?.split(",")[0]?.trim();
  if (proto === "https" || proto === "http") u.protocol = `${proto}:`;
  if (host) u.host = host;
  return u.toString();
}

const publicUrl = (raw: Request) => publicUrlOf(raw.url, (name) => raw.headers.get(name));

function publicRequest(raw: Request, headers = raw.headers): Request {
  const url = publicUrl(raw);
  if (url === raw.url && headers === raw.headers) return raw;
  const hasBody = raw.method !== "GET" && raw.method !== "HEAD";
  return new Request(url, {
    method: raw.method,
    headers,
    body: hasBody ? raw.body : undefined,
    signal: raw.signal,
    // @ts-expect-error Node's fetch needs this for a streamed request body
    duplex: "half",
  });
}

const app = new Hono<{
  Bindings: { incoming: IncomingMessage };
  Variables: { requestId: string; nonce: string };
}>();

// One log line per request: id, method, route, status, duration.
app.use("*", async (c, next) => {
  const started = performance.now();
  const requestId = c.req.header("x-request-id") || randomUUID();
  c.set("requestId", requestId);
  await next();
  c.header("x-request-id", requestId);
  logger.info(
    {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    },
    "request",
  );
});

// Security headers on everything served (pages, /api, assets): CSP with this request's nonce,
// which the web app puts on its inline scripts; HSTS only in production over https.
app.use("*", async (c, next) => {
  const nonce = newNonce();
  c.set("nonce", nonce);
  await next();
  const url = publicUrl(c.req.raw);
  const https = url.startsWith("https:") || Boolean(config.publicUrl?.startsWith("https:"));
  const headers = securityHeaders({ nonce, url, hsts: !dev && https });
  const res = withSecurityHeaders(c.res, headers);
  if (res !== c.res) c.res = res;
});

app.use("*", compressDynamic());

// Answers refusing a request over a limit (413, 429) wait before they go out, outside the gate
// below: a client looping on its refusals makes one attempt per delay (platform/http/refusal-hold.ts).
/** The client's address as this server decided it (clientIp), for the gates below. */
const addressOf = (c: Context) => clientIp((c.env as { incoming?: IncomingMessage } | undefined)?.incoming);
const holdRefusals = refusalHoldGate(new RefusalHold({ delayMs: config.refusalDelayMs }), addressOf);
// A web tier hands /api to the platform, which holds its own refusals: held once, not twice.
app.use("*", (c, next) => (remote && c.req.path.startsWith("/api/") ? next() : holdRefusals(c, next)));

// Fair shares between client addresses (platform/http/fair-share.ts): one client sending requests
// back to back cannot make everyone else's answers wait behind its work. The health check and the
// fingerprinted assets (served from memory, no work) do not queue.
app.use(
  "*",
  fairShareGate(new FairShare({ ...config.fairShare, halfLifeMs: 10_000, maxHoldMs: 2_000 }), addressOf),
);

app.all("/api/*", (c) => {
  if (!platform) {
    const visitor = { clientIp: clientIp(c.env.incoming), publicUrl: publicUrl(c.req.raw) };
    return forwardRequest(c.req.raw, remote as URL, { ...visitor, requestId: c.get("requestId") });
  }
  // The client's address as this server saw it; a value sent by the client is never trusted.
  const headers = new Headers(c.req.raw.headers);
  headers.set("x-client-ip", clientIp(c.env.incoming));
  headers.set("x-request-id", c.get("requestId"));
  return platform.fetch(publicRequest(c.req.raw, headers));
});

// The built client files, from memory: hashed assets cached a year, the rest an hour (static-files.ts).
if (!vite) app.use("*", staticFiles(join(buildDir, "client")));

app.all("*", async (c) => {
  const handle = await webHandler();
  return handle(publicRequest(c.req.raw), {
    clientIp: clientIp(c.env.incoming),
    requestId: c.get("requestId"),
    nonce: c.get("nonce"),
  });
});

// The web session's cookie signs the page's live socket in to private channels (fills, closes):
// the bearer token stays in the httpOnly cookie, never in page script. Only a socket opened by one
// of this site's pages (Origin = this host) is signed in, so another site cannot ride the cookie.
const socketSessions = createSessionStorage(config.sessionSecret, false);
async function socketUser(request: IncomingMessage): Promise<number | undefined> {
  const { cookie, origin } = request.headers;
  if (!cookie || !origin || !URL.canParse(origin)) return undefined;
  const forwarded = config.trustProxy ? request.headers["x-forwarded-host"] : undefined;
  const host =
    (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() || request.headers.host;
  if (new URL(origin).host !== host) return undefined;
  const token = (await socketSessions.getSession(cookie)).get("token");
  if (!token) return undefined;
  return (await (platform as Platform).deps.authenticate(token)).id;
}

/** The page's address as the visitor used it, for the platform a socket is handed on to. */
function upgradeUrl(request: IncomingMessage): string {
  return publicUrlOf(`http://${request.headers.host || "localhost"}${request.url ?? "/"}`, (name) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  });
}

server.on("upgrade", (request, socket, head) => {
  const path = (request.url ?? "").split("?")[0];
  if (path === "/ws" && !platform) {
    // The web tier: the platform at API_URL admits, signs in and serves the socket.
    forwardUpgrade(request, socket, head, remote as URL, {
      clientIp: clientIp(request),
      publicUrl: upgradeUrl(request),
    });
  } else if (path === "/ws" && platform) {
    const ip = clientIp(request);
    // Reopening sockets as fast as they close costs handshakes and lookups: refused before them.
    if (!platform.hub.admit(ip)) return platform.hub.refuse(socket, ip);
    // A reset while the session is looked up must not become an unhandled error.
    const dropped = () => socket.destroy();
    socket.on("error", dropped);
    // One over the address's sockets is closed with 4029 at once: no session to look up for it.
    const user = platform.hub.full(ip) ? Promise.resolve(undefined) : socketUser(request);
    void user
      .catch(() => undefined)
      .then((userId) => {
        socket.off("error", dropped);
        if (!socket.destroyed) platform.hub.handleUpgrade(request, socket, head, userId, ip);
      });
  }
  // Anything else is Vite's HMR socket in dev (Vite listens for it itself); refuse it otherwise.
  else if (!vite) socket.destroy();
});

server.on("error", async (error: NodeJS.ErrnoException) => {
  logger.fatal(
    error.code === "EADDRINUSE"
      ? `port ${config.port} is already in use: set PORT to a free one`
      : error.message,
  );
  await platform?.close();
  process.exit(1);
});

server.listen(config.port, config.host, () => {
  platform?.startJobs();
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info(
    platform
      ? { port, database: platform.database.kind, dataDir: config.dataDir, dev }
      : { port, platform: config.apiUrl, dev },
    `serving on http://localhost:${port}`,
  );
  // A try-out's helpers, said once where the person who started it looks (see the README).
  if (config.devOutbox)
    logger.warn(
      `DEV_OUTBOX is on: every e-mail and SMS code is readable at http://localhost:${port}/dev/outbox`,
    );
  if (platform && config.demoFaucet)
    logger.warn("DEMO_FAUCET is on: any account can claim test USDT on the Assets screen");
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const forced = setTimeout(() => {
    logger.error("shutdown took too long; exiting");
    process.exit(1);
  }, 10_000);
  forced.unref();
  server.close();
  server.closeIdleConnections();
  await opsEndpoint?.close();
  await platform?.close();
  await vite?.close();
  clearTimeout(forced);
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
