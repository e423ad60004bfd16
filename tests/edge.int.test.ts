import { type ChildProcess, execFile, spawn } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import type { Server } from "node:http";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestPlatform, testPlatform } from "./support/platform.ts";

// The web app's server side on an edge runtime: `npm run build:edge` bundles it into one ES module
// (build/edge/index.js), which runs here inside Vercel's edge-runtime (tests/support/edge-host.ts)
// and reaches a real platform over HTTP at API_URL, as a deployment on Cloudflare or Vercel would.

const SERVER_BUILD = "build/server/index.js";
const EDGE_BUNDLE = "build/edge/index.js";
const SECRET = "edge-secret-edge-secret-edge-secret-0000";
const DEMO = { account: "demo@example.com", password: "Demo2026" };

const run = promisify(execFile);
const scratch: string[] = [];
// Inside the project (node_modules/.cache), so that the copied server build resolves its packages.
const scratchDir = (prefix: string) => {
  const base = join("node_modules", ".cache");
  mkdirSync(base, { recursive: true });
  const dir = join(process.cwd(), mkdtempSync(join(base, prefix)));
  scratch.push(dir);
  return dir;
};

/** The newest modification time of the files under `paths` (tests excluded: not in any build). */
function newest(paths: string[]): number {
  let latest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else if (!/\.test\.tsx?$/.test(path)) latest = Math.max(latest, stat.mtimeMs);
  };
  for (const path of paths) visit(path);
  return latest;
}

const builtAt = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/**
 * Reuses the builds when they are newer than what they are made from (as after `npm run build`
 * in `npm test`); otherwise makes what is missing: React Router's build, then the edge bundle
 * from a private copy of it. Returns a private copy of the bundle. Other builds in the same tree
 * empty build/ when they start, so a step that loses its files that way is tried again.
 */
async function edgeBundle(): Promise<string> {
  const serverInputs = ["app", "platform", "react-router.config.ts", "vite.config.ts", "package-lock.json"];
  const edgeInputs = () => newest([SERVER_BUILD, "edge", "vite.edge.config.ts", "package-lock.json"]);
  for (let attempt = 1; ; attempt++) {
    const dir = scratchDir("edge-build-");
    const bundle = join(dir, "index.js");
    try {
      if (builtAt(SERVER_BUILD) < newest(serverInputs)) await run("npx", ["react-router", "build"]);
      if (builtAt(EDGE_BUNDLE) >= edgeInputs()) {
        copyFileSync(EDGE_BUNDLE, bundle);
        return bundle;
      }
      const serverBuiltAt = builtAt(SERVER_BUILD);
      cpSync("build/server", join(dir, "server"), { recursive: true });
      await run("npx", ["vite", "build", "--config", "vite.edge.config.ts", "--outDir", join(dir, "edge")], {
        env: { ...process.env, EDGE_SERVER_BUILD: join(dir, "server", "index.js") },
      });
      copyFileSync(join(dir, "edge", "index.js"), bundle);
      // Where `npm run build:edge` puts it, for the next run, unless the server build moved on.
      if (builtAt(SERVER_BUILD) === serverBuiltAt) {
        mkdirSync(dirname(EDGE_BUNDLE), { recursive: true });
        copyFileSync(bundle, EDGE_BUNDLE);
      }
      return bundle;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

type Host = { url: string; imports: string[]; edgeRuntime: string; output(): string };
const hosts: ChildProcess[] = [];

/** Starts tests/support/edge-host.ts on `bundle`; rejects with its output if it stops first. */
function startHost(bundle: string, env: Record<string, string>): Promise<Host> {
  const child = spawn(
    process.execPath,
    [
      "--experimental-vm-modules",
      "--disable-warning=ExperimentalWarning",
      "--import",
      "tsx",
      "tests/support/edge-host.ts",
      bundle,
    ],
    { env: { ...process.env, EDGE_ENV: JSON.stringify(env) }, stdio: ["ignore", "pipe", "pipe"] },
  );
  hosts.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk;
      const ready = /^ready (.+)$/m.exec(output);
      if (ready?.[1]) resolve({ ...JSON.parse(ready[1]), output: () => output });
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("exit", (code) => reject(new Error(`the edge host stopped (${code}):\n${output}`)));
  });
}

/** A visitor without a browser: keeps cookies, follows nothing, posts forms like a page does. */
function visitor(base: string) {
  const jar = new Map<string, string>();
  async function request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(new URL(path, base), { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { response, html: await response.text() };
  }
  return {
    jar,
    request,
    get: (path: string, headers: HeadersInit = {}) => request(path, { headers }),
    /** A form post from one of this site's pages (so with its Origin), as a browser sends it. */
    post(path: string, fields: Record<string, string>, headers: HeadersInit = {}) {
      return request(path, {
        method: "POST",
        headers: { origin: new URL(base).origin, ...headers },
        body: new URLSearchParams(fields),
      });
    },
  };
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The named inputs of the form on `html` that contains `marker` (hidden fields, honeypot…). */
function formFields(html: string, marker: string): Record<string, string> {
  const form = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)].find((m) => m[1]?.includes(marker));
  if (!form?.[1]) throw new Error(`no form with ${marker} on the page`);
  const fields: Record<string, string> = {};
  for (const [input] of form[1].matchAll(/<input\b[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    if (name) fields[decode(name)] = decode(/\svalue="([^"]*)"/.exec(input)?.[1] ?? "");
  }
  return fields;
}

/** What a reader sees: the page's text without markup (scripts and their data left out). */
function visibleText(html: string) {
  return decode(
    html
      .replace(/<script\b[\s\S]*?<\/script>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  );
}

let test: TestPlatform;
let platformServer: Server;
let bundle: string;
let edge: Host;

beforeAll(async () => {
  const [built, platform] = await Promise.all([
    edgeBundle(),
    testPlatform({ SEED_DEMO: "1" }, { market: true }),
  ]);
  bundle = built;
  test = platform;
  const apiUrl = await new Promise<string>((resolve) => {
    platformServer = serve(
      { fetch: (request) => platform.platform.fetch(request), hostname: "127.0.0.1", port: 0 },
      (info) => resolve(`http://127.0.0.1:${info.port}`),
    ) as Server;
  });
  [edge] = await Promise.all([
    startHost(bundle, { API_URL: apiUrl, SESSION_SECRET: SECRET }),
    platform.marketReady(),
  ]);
}, 300_000);

afterAll(async () => {
  for (const child of hosts) child.kill("SIGKILL");
  await new Promise((resolve) => (platformServer ? platformServer.close(resolve) : resolve(undefined)));
  await test?.close();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe("the web app on an edge runtime", () => {
  it("is one ES module with no imports and no Node built-ins, which an edge runtime loads", async () => {
    const code = readFileSync(bundle, "utf8");
    expect(code).toMatch(/export\s*\{\s*[\w$]+ as default\s*\}/);
    expect(code).not.toMatch(/["'`]node:[\w/]+["'`]/);
    expect(code).not.toMatch(/\brequire\(["'`]/);
    expect(edge.imports).toEqual([]);
    expect(edge.edgeRuntime).toBe("edge-runtime");

    // The same host refuses a module that needs Node: the loading above proves something.
    const needsNode = join(scratchDir("edge-node-"), "index.js");
    writeFileSync(
      needsNode,
      'import { createHash } from "node:crypto";\nexport default { fetch: createHash };\n',
    );
    await expect(startHost(needsNode, {})).rejects.toThrow(
      /imports "node:crypto"; an edge runtime cannot load it/,
    );
  });

  it("renders public pages, in the language the visitor chose", async () => {
    const guest = visitor(edge.url);
    // Spec §1: the browser's Accept-Language is not a choice; English until the visitor picks.
    const home = await guest.get("/", { "accept-language": "zh-CN,zh;q=0.9" });
    expect(home.response.status).toBe(200);
    expect(home.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(home.html).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(home.html).toContain("<title>Beacon</title>");
    expect(home.html).toContain('aria-label="Main sections"');
    expect(visibleText(home.html)).toMatch(/Home Trades Staking Assets Mine/);

    const login = await guest.get("/login");
    expect(login.response.status).toBe(200);
    expect(login.html).toContain("<title>Log in · Beacon</title>");
    expect(formFields(login.html, 'name="password"')).toMatchObject({
      account: "",
      password: "",
      type: "email",
    });

    // The language screen's form post, as a browser without JavaScript sends it.
    const language = await guest.get("/language");
    const chosen = await guest.post("/language", { ...formFields(language.html, 'name="lng"'), lng: "zh" });
    expect(chosen.response.status).toBe(302);
    expect(chosen.response.headers.get("location")).toBe("/language");
    expect(guest.jar.has("lng")).toBe(true);

    const zhHome = await guest.get("/");
    expect(zhHome.html).toMatch(/^<!DOCTYPE html><html lang="zh-CN"/);
    expect(visibleText(zhHome.html)).toMatch(/首页/);
    const zhLogin = await guest.get("/login");
    expect(zhLogin.html).toContain("<title>登录 · Beacon</title>");
  });

  it("sends a visitor without a session to login, and refuses a post from another site", async () => {
    const guest = visitor(edge.url);
    const markets = await guest.get("/markets");
    expect(markets.response.status).toBe(302);
    expect(markets.response.headers.get("location")).toBe("/login?redirectTo=%2Fmarkets");

    // The same check as under Node (tests/e2e/shell.spec.ts): a post that names another site, or
    // none, is refused by ours (app/.server/web.ts hands the first on marked cross-site, so it is
    // not React Router's bare "Bad Request").
    const language = formFields((await guest.get("/language")).html, 'name="lng"');
    const forged = await guest.post(
      "/language",
      { ...language, lng: "ja" },
      { origin: "https://evil.example" },
    );
    expect(forged.response.status).toBe(403);
    const anonymous = await guest.request("/language", {
      method: "POST",
      body: new URLSearchParams({ ...language, lng: "ja" }),
    });
    expect(anonymous.response.status).toBe(403);
    expect(guest.jar.has("lng")).toBe(false);
  });

  it("signs in with the login form: the platform over HTTP, the session in a cookie", async () => {
    const user = visitor(edge.url);
    await user.post("/language", {
      ...formFields((await user.get("/language")).html, 'name="lng"'),
      lng: "zh",
    });
    const page = await user.get("/login?redirectTo=%2Fmarkets");
    const form = formFields(page.html, 'name="password"');

    // A wrong password: the form again, with the platform's message in the visitor's language.
    const refused = await user.post("/login", { ...form, account: DEMO.account, password: "Wrong2026" });
    expect(refused.response.status).toBe(200);
    expect(visibleText(refused.html)).toContain("账户或密码错误");
    expect((await user.get("/markets")).response.status).toBe(302);

    const signedIn = await user.post("/login", { ...form, ...DEMO });
    expect(signedIn.response.status).toBe(302);
    expect(signedIn.response.headers.get("location")).toBe("/markets");
    const cookie = signedIn.response.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);

    const markets = await user.get("/markets");
    expect(markets.response.status).toBe(200);
    expect(markets.html).toMatch(/^<!DOCTYPE html><html lang="zh-CN"/);
    const text = visibleText(markets.html);
    expect(text).toContain("欢迎回来！"); // the toast the sign-in left for the next page
    expect(text).toMatch(/BTC\s*\/\s*USDT/);

    // Signed in: the login screen sends the visitor on.
    const again = await user.get("/login");
    expect(again.response.status).toBe(302);
    expect(again.response.headers.get("location")).toBe("/");
  });

  it("answers with one line naming a missing setting, never echoing a secret", async () => {
    const misconfigured = await startHost(bundle, { API_URL: "http://127.0.0.1:9", SESSION_SECRET: "short" });
    const response = await fetch(new URL("/", misconfigured.url));
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toMatch(/^Invalid SESSION_SECRET: must be set, at least 32 characters/);
    expect(body).not.toContain("short");
  });
});
