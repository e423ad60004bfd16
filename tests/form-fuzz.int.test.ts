import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { Secret, TOTP } from "otpauth";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OAUTH_CALLBACK_PATHS } from "../app/.server/guards.ts";
import { createSessionStorage } from "../app/.server/session.ts";
import { resources } from "../app/locales/index.ts";
import { OTHER_ROUTES, ROUTES, type RouteEntry } from "../app/route-table.ts";
import { LANGUAGE_INFO, LANGUAGES, type Lang } from "../platform/contract/languages.ts";
import { auditLedger, formatAudit } from "../platform/ledger/audit.ts";
import { runOps } from "../platform/ops/registry.ts";
import { freshEmail, freshMobile, lastCode, PASSWORD, registerByEmail } from "./support/accounts.ts";
import { hostileImages, TINY_JPEG, TINY_PNG, TINY_WEBP } from "./support/images.ts";
import { type TestPlatform, testPlatform } from "./support/platform.ts";
import { createScriptedFeed } from "./support/scripted-feed.ts";
import { loadWebApp, type WebHandler } from "./support/web-app.ts";

// Every form of the web app, fuzzed the way a phone posts it: each route with an `action`
// (app/route-table.ts, and the module really exports one) is opened first, its <form>s read
// (inputs, selects, textareas, the intent buttons), and then posted generated bodies with those
// field names: hostile values (empty, huge, unicode, control characters, negative and absurd
// amounts, SQL and script payloads), duplicated and unknown fields, unknown intents, files that
// are no images; as plain form posts (JavaScript off), as multipart, and as React Router's
// `.data` requests (JavaScript on); plus random bodies and wrong content types, posts without
// the same-origin Origin header and posts with a filled honeypot.
//
// Every answer must be below 500; a redirect stays on the site; no page shows a stack trace; an
// error page is in the visitor's language. A form that moves no money moves none; at the end the
// ledger balances and no balance is negative. The operator console's forms get the same with an
// owner signed in.
//
// The web app runs in-process on the test's platform: the production build at BUILD_DIR when it
// is newer than app/ (CI builds first), else app/ compiled by Vite in this process.
// FORM_FUZZ_RUNS: generated posts per route (default 4); FORM_FUZZ_SEED replays a run (the seed
// is printed at the end and with every failure).
const RUNS = Number(process.env.FORM_FUZZ_RUNS || 4);
const SEED = process.env.FORM_FUZZ_SEED ? Number(process.env.FORM_FUZZ_SEED) : Date.now() % 2 ** 31;
const ORIGIN = "http://beacon.test";
const SECRET = "form-fuzz-secret-form-fuzz-secret-0000";
const FUND = "Fund2026ok";
const MOBILE_UA =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";

// ── The web app, in-process ──────────────────────────────────────────────────────────────────

let closeVite: (() => Promise<void>) | undefined;

// ── The routes to fuzz ───────────────────────────────────────────────────────────────────────

type ActionRoute = RouteEntry & { admin: boolean };

/** Every route whose module exports an action: a new form is fuzzed without touching this file. */
function actionRoutes(): ActionRoute[] {
  return [...ROUTES, ...OTHER_ROUTES]
    .filter((r) =>
      /export\s+(?:async\s+function|function|const|let)\s+action\b|export\s*\{[^}]*\baction\b/.test(
        readFileSync(join("app", r.file), "utf8"),
      ),
    )
    .map((r) => ({ ...r, admin: r.path.startsWith("/admin") }));
}

// ── HTML: forms, links, text ─────────────────────────────────────────────────────────────────

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = m[1]?.toLowerCase();
    if (name) out[name] = decode(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return out;
}

type FieldSpec = { name: string; type: string; values: string[] };
type FormSpec = {
  /** Path and query the form posts to. */
  action: string;
  multipart: boolean;
  fields: FieldSpec[];
  buttons: { name: string; value: string }[];
};

const HONEYPOT = /__confirm$/;

function parseForms(html: string, pageUrl: string): FormSpec[] {
  const forms: FormSpec[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attrs = attributes(m[1] ?? "");
    if ((attrs.method ?? "get").toLowerCase() !== "post") continue;
    const target = new URL(attrs.action ?? "", pageUrl);
    if (target.origin !== ORIGIN) continue;
    const body = m[2] ?? "";
    const fields = new Map<string, FieldSpec>();
    const add = (name: string | undefined, type: string, value?: string) => {
      if (!name) return;
      const field = fields.get(name) ?? { name, type, values: [] };
      if (value !== undefined && !field.values.includes(value)) field.values.push(value);
      fields.set(name, field);
    };
    const buttons: FormSpec["buttons"] = [];
    for (const input of body.matchAll(/<input\b([^>]*)>/gi)) {
      const a = attributes(input[1] ?? "");
      const type = (a.type ?? "text").toLowerCase();
      if (type === "submit" || type === "image") {
        if (a.name) buttons.push({ name: a.name, value: a.value ?? "" });
      } else if (type !== "button" && type !== "reset") add(a.name, type, a.value);
    }
    for (const select of body.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      const a = attributes(select[1] ?? "");
      add(a.name, "select");
      for (const option of (select[2] ?? "").matchAll(/<option\b([^>]*)>([^<]*)/gi)) {
        const o = attributes(option[1] ?? "");
        add(a.name, "select", o.value ?? decode(option[2] ?? ""));
      }
    }
    for (const area of body.matchAll(/<textarea\b([^>]*)>([^<]*)/gi)) {
      add(attributes(area[1] ?? "").name, "textarea", decode(area[2] ?? ""));
    }
    for (const button of body.matchAll(/<button\b([^>]*)>/gi)) {
      const a = attributes(button[1] ?? "");
      if ((a.type ?? "submit").toLowerCase() === "submit" && a.name) {
        buttons.push({ name: a.name, value: a.value ?? "" });
      }
    }
    forms.push({
      action: target.pathname + target.search,
      multipart: (attrs.enctype ?? "").toLowerCase() === "multipart/form-data",
      fields: [...fields.values()],
      buttons,
    });
  }
  return forms;
}

const links = (html: string) =>
  [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/gi)]
    .map((m) => decode(m[1] ?? ""))
    .filter((h) => h.startsWith("/"));

const textOf = (html: string) =>
  decode(
    html
      .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
      .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
      .replace(/<[^>]+>/g, " "),
  );

// ── Values ───────────────────────────────────────────────────────────────────────────────────

const HOSTILE = [
  "",
  " ",
  "\u0000",
  "\r\n",
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  '"); DELETE FROM ledger_entries; --',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}\u0024{7*7}",
  "../../../../etc/passwd",
  "%00%0d%0a",
  "\u202e\u0301\ud83d\ude00",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ключ 中文 مرحبا",
  "\ud800",
  "__proto__",
  "constructor",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
];
const AMOUNTS = [
  "-1",
  "-0.01",
  "-0",
  "0",
  "1e309",
  "-1e309",
  "1e21",
  "NaN",
  "Infinity",
  "-Infinity",
  "0.0000000001",
  "0.000000000000000000000000001",
  "99999999999999999999999999999999",
  "340282366920938463463374607431768211456",
  "2147483648",
  "9223372036854775808",
  "1.2.3",
  "1,000.5",
  "0x10",
  "1e-7",
  " 1 ",
  "+1",
  ".5",
  "5.",
  "１００",
  "١٢٣",
];
/** Values that end up in a redirect's Location or a header if an action trusts them. */
const REDIRECTS = [
  "//evil.example",
  "https://evil.example/",
  "/\\evil.example",
  "/\t/evil.example",
  "/markets\r\nSet-Cookie: pwned=1",
  "/asset\nx",
  "/markets🙂",
  "/markets?x=1#frag",
  "/asset?wallet=spot&wallet=contract",
];
const HUGE = ["x".repeat(100_000), "9".repeat(5_000), "é".repeat(20_000), "🙂".repeat(10_000)];

/** Plausible values by the field's name, so the fuzz also reaches the code past validation. */
function plausible(name: string, email: string): string[] {
  const n = name.toLowerCase();
  const out: string[] = [];
  if (/amount|quantity|price|num|number|value|take_profit|stop_loss|leverage|period|days/.test(n))
    out.push("1", "0.01", "100", "10");
  if (/coin|currency|asset|symbol/.test(n)) out.push("USDT", "BTC", "ETH", "usdt", "DOGE");
  if (/code|pair|market|instrument/.test(n)) out.push("btc/usdt", "eth/usdt", "123456");
  if (/network|chain|protocol/.test(n)) out.push("TRC20", "ERC20");
  if (/address/.test(n))
    out.push("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "0x0000000000000000000000000000000000000001");
  if (/email|account/.test(n)) out.push(email, freshEmail("fz"));
  if (/phone|mobile|tel/.test(n)) out.push("81234567", "+6581234567");
  if (/password|pwd/.test(n)) out.push(PASSWORD, FUND, "Secret124");
  if (/side|direction/.test(n)) out.push("buy", "sell", "up", "down", "long", "short");
  if (/type|kind|mode|tab/.test(n)) out.push("email", "phone", "limit", "market", "spot", "contract");
  if (/from|to|wallet/.test(n)) out.push("spot", "contract", "earn", "fortune");
  if (/^id$|_id$|ids/.test(n)) out.push("1", "2", "0", "-1", "2147483648");
  if (/on|agree|enabled|remember/.test(n)) out.push("on", "1", "true", "false");
  if (/redirect|back|next|return/.test(n)) out.push("/asset", "/markets");
  return out.length ? out : ["1", "a", "test"];
}

const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE, ...AMOUNTS, ...REDIRECTS), weight: 6 },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }), weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 20 }), weight: 1 },
  { arbitrary: fc.constantFrom(...HUGE), weight: 1 },
);

type Upload = { label: string; bytes: Uint8Array<ArrayBuffer>; type: string; name: string };
const u8 = (b: Buffer) => new Uint8Array(b);
const UPLOADS: Upload[] = [
  ...hostileImages().map((h) => ({ label: h.label, bytes: u8(h.bytes), type: h.type, name: "photo.png" })),
  { label: "a whole PNG", bytes: u8(TINY_PNG), type: "image/png", name: "me.png" },
  { label: "a whole JPEG", bytes: u8(TINY_JPEG), type: "image/jpeg", name: "me.jpg" },
  { label: "a whole WebP", bytes: u8(TINY_WEBP), type: "image/webp", name: "me.webp" },
  {
    label: "2 MB and a byte",
    bytes: new Uint8Array(2 * 1024 * 1024 + 1),
    type: "image/jpeg",
    name: "big.jpg",
  },
  {
    label: "an SVG posing as PNG",
    bytes: u8(Buffer.from("<svg onload=alert(1)>")),
    type: "image/png",
    name: "x.png",
  },
  { label: "an empty file", bytes: new Uint8Array(), type: "image/jpeg", name: "empty.jpg" },
  { label: "a script", bytes: u8(Buffer.from("#!/bin/sh\nrm -rf /")), type: "text/x-sh", name: "../../x.sh" },
];

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

type Jar = Map<string, string>;
type Answer = { status: number; headers: Headers; text: string; location: string | null };
type Send = {
  method?: string;
  body?: BodyInit;
  contentType?: string;
  jar?: Jar;
  /** same: Origin of this site; fetch-site: Sec-Fetch-Site only; none: neither; cross: another site. */
  origin?: "same" | "fetch-site" | "none" | "cross";
  lang?: Lang;
};

let web: WebHandler;
let requests = 0;
const statuses = new Map<number, number>();
const langCookie = createCookie("lng");
const adminCookie = createCookie("__admin");

async function send(path: string, o: Send = {}): Promise<Answer> {
  const method = o.method ?? "GET";
  const headers = new Headers({ "user-agent": MOBILE_UA, accept: "text/html" });
  // The visitor's language for this request, whatever an earlier post chose.
  const cookies = [...(o.jar ?? new Map())]
    .filter(([k]) => !(o.lang && k === "lng"))
    .map(([k, v]) => `${k}=${v}`);
  if (o.lang) cookies.push((await langCookie.serialize(o.lang)).split(";")[0] ?? "");
  if (cookies.length) headers.set("cookie", cookies.join("; "));
  if (method !== "GET") {
    const origin = o.origin ?? "same";
    if (origin === "same") headers.set("origin", ORIGIN);
    if (origin === "fetch-site") headers.set("sec-fetch-site", "same-origin");
    if (origin === "cross") {
      headers.set("origin", "https://evil.example");
      headers.set("sec-fetch-site", "cross-site");
    }
  }
  if (o.contentType !== undefined) headers.set("content-type", o.contentType);
  const n = ++requests;
  const response = await web(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers,
      body: o.body,
      // @ts-expect-error Node's fetch needs this for a streamed request body
      duplex: "half",
    }),
    { clientIp: `10.77.${(n >> 8) & 255}.${n & 255}`, requestId: `fuzz-${n}` },
  );
  const text = await response.text();
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  if (o.jar) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...rest] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone =
        !value || rest.some((r) => /^\s*max-age=0\s*$/i.test(r) || /expires=thu, 01 jan 1970/i.test(r));
      if (gone) o.jar.delete(name);
      else o.jar.set(name, value);
    }
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    location: response.headers.get("location"),
  };
}

// ── What every answer must be ────────────────────────────────────────────────────────────────

const STACK_LINE = /^\s*at (?:async )?\S.*?[(\s](?:file:\/\/|node:|\/)[^)\s]*:\d+:\d+\)?\s*$/m;
const STACK_FRAME = /\bat (?:async )?[\w$.<>[\] ]+ \((?:file:\/\/|node:|\/)[^)]*:\d+:\d+\)/;
const ERROR_NAME = /\b(?:Type|Reference|Syntax|Range|Internal|Aggregate)?Error: \S/;
const errorTexts = (lang: Lang) => {
  const e = resources[lang].common.errors;
  return {
    titles: [e.unexpected_title, e.not_found_title, e.refused_title],
    crossSite: e.cross_site,
    spam: e.spam,
  };
};

/** Problems with one answer (none: fine). `lang`: the language the visitor chose. */
function judge(answer: Answer, lang: Lang, expectRefusal?: "cross_site" | "spam"): string[] {
  const problems: string[] = [];
  const snippet = () => textOf(answer.text).replace(/\s+/g, " ").slice(0, 300);
  if (answer.status >= 500) problems.push(`status ${answer.status}: ${snippet()}`);
  if (answer.location !== null) {
    const target = URL.canParse(answer.location, ORIGIN) ? new URL(answer.location, ORIGIN) : undefined;
    if (target?.origin !== ORIGIN)
      problems.push(`redirects off the site: ${JSON.stringify(answer.location)}`);
  }
  // What the visitor reads (script and markup aside), and a stack frame anywhere, even escaped
  // inside the page's data.
  const shown = textOf(answer.text);
  const stack = STACK_LINE.exec(shown) ?? STACK_FRAME.exec(answer.text) ?? ERROR_NAME.exec(shown);
  if (stack) problems.push(`shows an error's internals: ${JSON.stringify(stack[0].slice(0, 200))}`);
  if (/node_modules\/|file:\/\/\/|\bplatform\/[\w/-]+\.ts\b|\bapp\/[\w/.-]+\.tsx?\b/.test(shown)) {
    problems.push("shows a source path");
  }
  const html = (answer.headers.get("content-type") ?? "").includes("text/html");
  if (answer.status >= 400 && html) {
    const tag = /<html\b[^>]*\blang="([^"]*)"/.exec(answer.text)?.[1];
    if (tag !== LANGUAGE_INFO[lang].tag)
      problems.push(`error page in ${tag}, not ${LANGUAGE_INFO[lang].tag}`);
    const text = textOf(answer.text);
    const texts = errorTexts(lang);
    const titled = texts.titles.some((title) => text.includes(title));
    const alert = /role="alert"[^>]*>([\s\S]*?)<\/(?:div|section|p)>/.exec(answer.text);
    if (!titled && !(alert && textOf(alert[1] ?? "").trim())) {
      problems.push(`error page without a message in ${lang}: ${snippet()}`);
    }
    if (expectRefusal && !text.includes(texts[expectRefusal === "cross_site" ? "crossSite" : "spam"])) {
      problems.push(`refusal without its message in ${lang}: ${snippet()}`);
    }
  }
  return problems;
}

// ── The platform, the customer, the operator ─────────────────────────────────────────────────

const feed = createScriptedFeed({ "btc/usdt": 60000, "eth/usdt": 3000 });
let t: TestPlatform;
const sessions = createSessionStorage(SECRET, false);
const ops = async (...words: string[]) => {
  const done = await runOps(t.platform.deps, words, "form-fuzz");
  if (!done.ok) throw new Error(`ops ${words.join(" ")}: ${done.output}`);
  return done.output;
};
const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await t.platform.deps.db.execute(query)) as unknown as { rows: T[] }).rows;

const DEPOSITS: [string, string][] = [
  ["USDT", "100000"],
  ["BTC", "2"],
  ["ETH", "20"],
];
/** What the operator CLI deposited, per coin: the only money the customers' forms may hold. */
const deposited = new Map<string, number>();

type Customer = { email: string; password: string; userId: number; jar: Jar };
let customer: Customer | undefined;
let customers = 0;

/** A customer who can do everything: phone bound, primary verified, fund password, money. */
async function newCustomer(): Promise<Customer> {
  const account = await registerByEmail(t);
  const post = (path: string, json: unknown) => t.api(path, { method: "POST", json, token: account.token });
  const phone = freshMobile();
  await t.api(`/captcha?phone=${phone}&area_code=65&type=bind`, { token: account.token });
  await post("/security/phone", { area_code: "65", phone, code: await lastCode(t, `+65${phone}`) });
  const id_number = `FZ${account.user.id}X${++customers}`;
  await post("/user/kyc/primary", {
    real_name: "Ana Lim",
    id_number,
    country: "sg",
    document_type: "id_card",
  });
  const pending = await ops("kyc", "list", "--status", "pending");
  const application = pending
    .split("\n")
    .find((l) => l.includes(id_number))
    ?.trim()
    .split(/\s+/)[0];
  if (application) await ops("kyc", "approve", application);
  await post("/security/fund_password", { new_pay_pwd: FUND, new_pay_pwd_confirmation: FUND });
  for (const [coin, amount] of DEPOSITS) {
    await ops("deposit", "--account", account.email, "--coin", coin, "--amount", amount);
    deposited.set(coin, (deposited.get(coin) ?? 0) + Number(amount));
  }
  // Records with forms of their own: a saved address (delete), a pool joined (exit).
  await post("/user/withdrawal_addresses/add", {
    coin: "USDT",
    network: "TRC20",
    address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    remark: "mine",
    payment_password: FUND,
  });
  const products = ((await t.api("/user/mining", { token: account.token })).body.data ?? []) as {
    id: number;
  }[];
  joined: for (const product of products) {
    for (const amount of ["100", "1000", "10", "10000"]) {
      const joined = await t.api(`/user/miningpost?id=${product.id}&amount=${amount}`, {
        method: "POST",
        token: account.token,
      });
      if (joined.status === 200) break joined;
    }
  }
  return { email: account.email, password: PASSWORD, userId: account.user.id, jar: new Map() };
}

/** Signs in through the login form itself, as a phone without JavaScript would. */
async function signIn(c: Customer): Promise<boolean> {
  const jar: Jar = new Map();
  const page = await send("/login", { jar });
  const form = parseForms(page.text, `${ORIGIN}/login`).find((f) => f.action.startsWith("/login"));
  const body = new URLSearchParams();
  for (const f of form?.fields ?? []) if (HONEYPOT.test(f.name)) body.set(f.name, f.values[0] ?? "");
  body.set("type", "email");
  body.set("account", c.email);
  body.set("password", c.password);
  body.set("redirectTo", "/asset");
  const answer = await send("/login", { method: "POST", body, jar });
  if (answer.status !== 302 || answer.location !== "/asset") return false;
  c.jar = jar;
  return true;
}

async function tokenOf(jar: Jar): Promise<string | undefined> {
  const cookie = jar.get("__session");
  if (!cookie) return undefined;
  return (await sessions.getSession(`__session=${cookie}`)).get("token");
}

/** The signed-in customer; signed in again, or a new one, when a fuzzed form ended the session. */
async function ensureCustomer(): Promise<Customer> {
  if (customer) {
    const token = await tokenOf(customer.jar);
    if (token && (await t.api("/user/info", { token })).status === 200) return customer;
    if (await signIn(customer)) return customer;
  }
  const fresh = await newCustomer();
  if (!(await signIn(fresh))) throw new Error(`could not sign ${fresh.email} in through /login`);
  customer = fresh;
  return fresh;
}

let operators = 0;
/** A new owner of the console, signed in (its cookie in a jar); the console's forms may end it. */
async function newOperator(): Promise<Jar> {
  const email = freshEmail(`owner${++operators}`);
  const out = await ops("admin", "create", email, "--role", "owner");
  const password = /password: (\S+)/.exec(out)?.[1] ?? "";
  const secret = /totp secret: ([A-Z2-7]+)/.exec(out)?.[1] ?? "";
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const res = await t.api("/admin/login", { method: "POST", json: { email, password, code } });
  if (res.status !== 200) throw new Error(`admin login: ${JSON.stringify(res.body)}`);
  const cookie = (await adminCookie.serialize(res.body.data.token)).split(";")[0] ?? "";
  return new Map([["__admin", cookie.slice("__admin=".length)]]);
}

// ── Money ────────────────────────────────────────────────────────────────────────────────────

/** Forms that may move a customer's money when their input is good (everything else: never). */
const MONEY_ROUTES = new Set([
  "transfer",
  "exchange",
  "bossex",
  "withdraw",
  "tradeing",
  "mining",
  "mininglist",
  "ico_details",
  "fortune",
  "webhome",
]);

const lastTxId = async () =>
  Number(
    (await rows<{ id: string }>(sql`select coalesce(max(id), 0)::text as id from ledger_transactions`))[0]
      ?.id,
  );

/** Ledger transactions after `since` that touch a customer's balance: their kinds. */
const customerTxKinds = async (since: number) =>
  (
    await rows<{ kind: string }>(sql`
      select distinct t.kind from ledger_transactions t
        join ledger_entries e on e.tx_id = t.id
        join ledger_accounts a on a.id = e.account_id
       where t.id > ${since} and a.owner_type = 'user'`)
  ).map((r) => r.kind);

const negativeBalances = () =>
  rows(sql`select user_id, kind, coin, available::text, frozen::text from ledger_accounts
            where owner_type = 'user' and (available < 0 or frozen < 0)`);

/** The platform's deposit account per coin: it moves only when money comes in from outside. */
const depositAccount = async () =>
  Object.fromEntries(
    (
      await rows<{ coin: string; total: string }>(sql`
        select coin, sum(available + frozen)::text as total from ledger_accounts
         where owner_type = 'platform' and kind = 'deposits' group by coin`)
    ).map((r) => [r.coin, Number(r.total)]),
  );

// ── One route ────────────────────────────────────────────────────────────────────────────────

type Actor = "customer" | "anonymous" | "operator";
type Case = {
  form: number;
  values: [string, string | Upload | undefined][];
  duplicates: [string, string][];
  extra: [string, string][];
  intent: { name: string; value: string } | undefined;
  encoding: "urlencoded" | "multipart" | "data";
  fetchSite: boolean;
  lang: Lang;
  actor: Actor;
  random: { contentType: string; body: string | Uint8Array } | undefined;
};

const failures: string[] = [];
const found = { forms: 0, fields: 0, routes: 0, fallback: [] as string[] };

function fieldArbitrary(field: FieldSpec, email: string): fc.Arbitrary<string | Upload | undefined> {
  if (field.type === "file") {
    return fc.option(fc.constantFrom(...UPLOADS), { nil: undefined, freq: 8 });
  }
  const known = [...field.values, ...plausible(field.name, email)];
  return fc.option(
    fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, { arbitrary: hostileValue, weight: 5 }),
    { nil: undefined, freq: 10 },
  );
}

function caseArbitrary(route: ActionRoute, forms: FormSpec[], email: string): fc.Arbitrary<Case> {
  const langs = fc.constantFrom(...LANGUAGES);
  const actor: fc.Arbitrary<Actor> = route.admin
    ? route.name === "admin_login"
      ? fc.constant("anonymous")
      : fc.oneof(
          { arbitrary: fc.constant("operator"), weight: 6 },
          { arbitrary: fc.constant("anonymous"), weight: 1 },
        )
    : route.public
      ? fc.constantFrom("customer", "anonymous")
      : fc.oneof(
          { arbitrary: fc.constant("customer"), weight: 6 },
          { arbitrary: fc.constant("anonymous"), weight: 1 },
        );
  const random = fc.record({
    contentType: fc.constantFrom(
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=----x",
      "multipart/form-data",
      "application/json",
      "text/plain;charset=UTF-8",
      "application/octet-stream",
      "application/x-www-form-urlencoded; charset=utf-16",
    ),
    body: fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.uint8Array({ maxLength: 300 }),
      fc.json({ maxDepth: 3 }),
      fc.constantFrom("%%%=%E0%A4%A&a=1&a=2", "=&=&&==", "a".repeat(50_000), "------x\r\nbroken"),
    ),
  });
  return fc.integer({ min: 0, max: Math.max(0, forms.length - 1) }).chain((index) => {
    const form = forms[index] as FormSpec;
    const fuzzed = form.fields.filter((f) => !HONEYPOT.test(f.name));
    const names = fuzzed.map((f) => f.name);
    const intents = form.buttons.length ? form.buttons : [{ name: "intent", value: "" }];
    return fc.record({
      form: fc.constant(index),
      values: fc.tuple(
        ...fuzzed.map((f) => fieldArbitrary(f, email).map((v) => [f.name, v] as [string, typeof v])),
      ),
      duplicates: names.length
        ? fc.array(fc.tuple(fc.constantFrom(...names), hostileValue), { maxLength: 2 })
        : fc.constant([]),
      extra: fc.array(
        fc.tuple(
          fc.constantFrom(
            "id",
            "user_id",
            "uid",
            "amount",
            "coin",
            "intent",
            "_action",
            "__proto__",
            "redirectTo",
            "back",
          ),
          hostileValue,
        ),
        { maxLength: 2 },
      ),
      intent: fc.oneof(
        { arbitrary: fc.constantFrom(...intents), weight: 5 },
        {
          arbitrary: fc
            .tuple(fc.constantFrom(...intents), hostileValue)
            .map(([b, value]) => ({ name: b.name, value })),
          weight: 2,
        },
        { arbitrary: fc.constant(undefined), weight: 1 },
      ),
      encoding: form.multipart
        ? fc.constantFrom("multipart" as const, "multipart" as const, "data" as const, "urlencoded" as const)
        : fc.constantFrom(
            "urlencoded" as const,
            "urlencoded" as const,
            "multipart" as const,
            "data" as const,
          ),
      fetchSite: fc.boolean(),
      lang: langs,
      actor,
      random: fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary: random, weight: 1 }),
    });
  });
}

/** The body of a case: the form's own hidden honeypot fields, then the generated values. */
function bodyOf(form: FormSpec, c: Case): { body: BodyInit; contentType?: string } {
  if (c.random) {
    const raw = c.random.body;
    return { body: typeof raw === "string" ? raw : new Uint8Array(raw), contentType: c.random.contentType };
  }
  const entries: [string, string | Upload][] = [];
  for (const f of form.fields) if (HONEYPOT.test(f.name)) entries.push([f.name, f.values[0] ?? ""]);
  for (const [name, value] of c.values) if (value !== undefined) entries.push([name, value]);
  entries.push(...c.duplicates, ...c.extra);
  if (c.intent) entries.push([c.intent.name, c.intent.value]);
  if (c.encoding === "multipart") {
    const data = new FormData();
    for (const [name, value] of entries) {
      if (typeof value === "string") data.append(name, value);
      else data.append(name, new File([value.bytes], value.name, { type: value.type }));
    }
    return { body: data };
  }
  const search = new URLSearchParams();
  for (const [name, value] of entries) search.append(name, typeof value === "string" ? value : value.label);
  return { body: search };
}

/** A failing case, short enough to read: long values cut, files by what they are. */
function describeCase(c: Case | undefined): string {
  if (!c) return "?";
  const show = (v: string | Upload) =>
    typeof v === "string"
      ? JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : v)
      : `<${v.label}>`;
  if (c.random) return `random ${c.random.contentType} body ${show(String(c.random.body))}`;
  const fields = [...c.values.filter(([, v]) => v !== undefined), ...c.duplicates, ...c.extra]
    .map(([k, v]) => `${k}=${show(v as string | Upload)}`)
    .join(" ");
  return `${fields}${c.intent ? ` ${c.intent.name}=${show(c.intent.value)}` : ""}`;
}

/** Where a form's post goes: the page itself (JavaScript off) or React Router's `.data` twin. */
function target(form: FormSpec, encoding: Case["encoding"]) {
  if (encoding !== "data") return form.action;
  const url = new URL(form.action, ORIGIN);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname}.data`;
  return url.pathname + url.search;
}

const honeypotFields = new Map<string, string>();
const pool = new Set<string>();
const linksSeen = new Set<string>();

function formsIn(html: string, url: string, path: string): FormSpec[] {
  for (const l of links(html)) linksSeen.add(l);
  return parseForms(html, `${ORIGIN}${url}`).filter((f) => new URL(f.action, ORIGIN).pathname === path);
}

/**
 * A body that gets a form's step done, to reach the screen after it (registration and password
 * reset go address → code → password): its own defaults, else a plausible value; a code is the
 * one the outbox holds for the address.
 */
async function stepBody(form: FormSpec, email: string) {
  const body = new URLSearchParams();
  for (const f of form.fields) {
    const n = f.name.toLowerCase();
    let value = f.values.find((v) => v !== "") ?? "";
    if (HONEYPOT.test(f.name)) value = f.values[0] ?? "";
    else if (/email|account/.test(n)) value = email;
    else if (/password|pwd/.test(n)) value = PASSWORD;
    else if (/code/.test(n)) value = await lastCode(t, email).catch(() => "000000");
    else if (/agree/.test(n)) value = "on";
    else if (!value) value = plausible(f.name, email)[0] ?? "";
    body.set(f.name, value);
  }
  // The form's own submit, not a named button beside it ("send the code again").
  return body;
}

/**
 * The forms `url` shows this visitor. A screen that sends the visitor to an earlier step first
 * (a code to enter needs an address it went to) has that step's form posted, up to three steps.
 */
async function reach(
  url: string,
  path: string,
  jar: Jar,
  address: () => Promise<string>,
): Promise<FormSpec[]> {
  let email: string | undefined;
  for (let step = 0; step < 4; step++) {
    const page = await send(url, { jar });
    if (page.status === 200) return formsIn(page.text, url, path);
    if (step === 3 || !page.location) return [];
    const earlier = new URL(page.location, ORIGIN);
    if (earlier.origin !== ORIGIN || earlier.pathname === path) return [];
    const there = await send(earlier.pathname + earlier.search, { jar });
    const form =
      there.status === 200 ? formsIn(there.text, earlier.pathname, earlier.pathname)[0] : undefined;
    if (!form) return [];
    email ??= await address();
    await send(form.action, { method: "POST", body: await stepBody(form, email), jar });
  }
  return [];
}

/** Accounts that reset their password (registered a while before: one code per address a second). */
const resetters: string[] = [];
async function resetter(): Promise<string> {
  const ready = resetters.shift();
  if (ready) return ready;
  const { email } = await registerByEmail(t);
  await new Promise((r) => setTimeout(r, 1100));
  return email;
}

let newcomer: Jar | undefined;
/** Someone just registered (no verification yet): sees the screens the customer is past. */
async function newcomerJar(): Promise<Jar> {
  if (!newcomer) {
    const account = await registerByEmail(t);
    const c: Customer = { email: account.email, password: PASSWORD, userId: account.user.id, jar: new Map() };
    newcomer = (await signIn(c)) ? c.jar : new Map();
  }
  return newcomer;
}

/**
 * The forms of a route's page, and the jar a visitor without an account posts them with (it
 * holds the earlier steps' state). A page with no form for anyone gets a stand-in.
 */
async function formsOf(
  route: ActionRoute,
  path: string,
  jar: Jar | undefined,
): Promise<{ forms: FormSpec[]; anonymous: Jar }> {
  // The page itself, then links to it that carry an id (a product, a record, a confirmation).
  const linked = [...linksSeen]
    .filter((l) => new URL(l, ORIGIN).pathname === path)
    .sort((a, b) => Number(/\d/.test(b)) - Number(/\d/.test(a)));
  const urls = [path, ...linked.slice(0, 6)];
  // Signed out for a public form (a registration from a new address, a reset from an account
  // of its own), then as this actor; as a newcomer for a screen the customer is past.
  const visitors: { jar: Jar; email: () => Promise<string>; anonymous?: boolean }[] = [];
  if (route.public) {
    // Each attempt its own address (one code per address a second).
    const email = /reset|coderes/.test(path) ? resetter : async () => freshEmail("flow");
    visitors.push({ jar: new Map(), email, anonymous: true });
  }
  if (jar) visitors.push({ jar, email: async () => customer?.email ?? "" });
  if (!route.admin && !route.public) visitors.push({ jar: await newcomerJar(), email: async () => "" });
  for (const visitor of visitors) {
    for (const url of urls) {
      const scratch = new Map(visitor.jar);
      const forms = await reach(url, path, scratch, visitor.email);
      for (const f of forms) {
        for (const field of f.fields) {
          if (HONEYPOT.test(field.name)) honeypotFields.set(field.name, field.values[0] ?? "");
          else pool.add(field.name);
        }
      }
      if (forms.length) {
        found.forms += forms.length;
        found.fields += forms.reduce((n, f) => n + f.fields.length, 0);
        return { forms, anonymous: visitor.anonymous ? scratch : new Map() };
      }
    }
  }
  // No form on the page for anyone (a resource route, or a state no visitor here is in): post
  // the fields every other form uses, the route's action must cope with them all the same.
  found.fallback.push(route.name);
  const standIn: FormSpec = {
    action: path,
    multipart: false,
    fields: [
      ...[...honeypotFields].map(([name, value]) => ({ name, type: "hidden", values: [value] })),
      ...[...pool].slice(0, 25).map((name) => ({ name, type: "text", values: [] })),
    ],
    buttons: [],
  };
  return { forms: [standIn], anonymous: new Map() };
}

/** Fills `:params` from links seen on the pages (a real id), else with a plausible value. */
function concrete(route: ActionRoute): string {
  if (!route.path.includes(":")) return route.path;
  const pattern = new RegExp(`^${route.path.replace(/:[a-z]+/g, "[^/?#]+")}$`);
  const seen = [...linksSeen].map((l) => new URL(l, ORIGIN).pathname).find((p) => pattern.test(p));
  return seen ?? route.path.replace(":provider", "google").replace(/:[a-z]+/g, "1");
}

async function userFootprint(userId: number) {
  const [r] = await rows<{ entries: string; uploads: string }>(sql`
    select (select count(*) from ledger_entries e join ledger_accounts a on a.id = e.account_id
             where a.user_id = ${userId})::text as entries,
           (select count(*) from uploads where user_id = ${userId})::text as uploads`);
  return `${r?.entries} ledger entries, ${r?.uploads} uploads`;
}

async function fuzzRoute(route: ActionRoute, index: number, operatorJar: () => Promise<Jar>) {
  const who = route.admin ? undefined : await ensureCustomer();
  const ownJar = route.admin ? (route.name === "admin_login" ? undefined : await operatorJar()) : who?.jar;
  const path = concrete(route);
  const { forms, anonymous } = await formsOf(route, path, ownJar);
  const report = (what: string, problems: string[]) => {
    for (const p of problems) failures.push(`${route.name} ${path} — ${what}: ${p} (FORM_FUZZ_SEED=${SEED})`);
  };
  const since = await lastTxId();
  const form0 = forms[0] as FormSpec;
  const plain = new URLSearchParams();
  for (const f of form0.fields) plain.append(f.name, f.values[0] ?? "1");
  const jar = () => (route.admin ? ownJar : customer?.jar);

  // Refused before the action: no same-origin proof, another site, a bot in the honeypot.
  const before = who ? await userFootprint(who.userId) : "";
  const lang = LANGUAGES[index % LANGUAGES.length] as Lang;
  // The OAuth callbacks take Apple's cross-site post (app/.server/guards.ts): no origin check.
  for (const origin of OAUTH_CALLBACK_PATHS.has(path) ? [] : (["none", "cross"] as const)) {
    const answer = await send(form0.action, { method: "POST", body: plain, jar: jar(), origin, lang });
    if (answer.status !== 403) report(`origin ${origin}`, [`status ${answer.status}, not 403`]);
    report(`origin ${origin}`, judge(answer, lang, "cross_site"));
  }
  const bot = new URLSearchParams(plain);
  bot.set("name__confirm", "I am a bot");
  bot.set("from__confirm", honeypotFields.get("from__confirm") ?? "x");
  const forged = new URLSearchParams(plain);
  forged.set("name__confirm", "");
  forged.set("from__confirm", "not-a-timestamp");
  for (const [what, body] of [
    ["filled honeypot", bot],
    ["forged honeypot timestamp", forged],
  ] as const) {
    const answer = await send(form0.action, { method: "POST", body, jar: jar(), lang });
    if (answer.status !== 400) report(what, [`status ${answer.status}, not 400`]);
    report(what, judge(answer, lang, "spam"));
  }
  if (who && (await userFootprint(who.userId)) !== before) {
    report("refused posts", [`changed the customer: ${before} → ${await userFootprint(who.userId)}`]);
  }

  // Without the honeypot fields at all: remix-utils checks only a form that carries them, so this
  // reaches the action (the forms a bot could post signed out are throttled by the platform).
  const bare = new URLSearchParams([...plain].filter(([k]) => !HONEYPOT.test(k)));
  report(
    "no honeypot fields",
    judge(await send(form0.action, { method: "POST", body: bare, jar: jar(), lang }), lang),
  );

  // Wrong content types and broken bodies, with the Origin header.
  for (const [contentType, body] of [
    ["application/json", JSON.stringify(Object.fromEntries(plain))],
    ["text/plain;charset=UTF-8", "amount=1\ncoin=USDT"],
    ["multipart/form-data; boundary=nope", '--other\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
    [undefined, undefined],
  ] as const) {
    const answer = await send(form0.action, { method: "POST", body, contentType, jar: jar(), lang });
    report(`content type ${contentType ?? "(none)"}`, judge(answer, lang));
  }

  // Generated posts.
  const outcome = await fc.check(
    fc.asyncProperty(caseArbitrary(route, forms, who?.email ?? "x@example.com"), async (c) => {
      const form = forms[c.form] as FormSpec;
      const { body, contentType } = bodyOf(form, c);
      const actorJar = c.actor === "anonymous" ? anonymous : jar();
      const url = target(form, c.encoding);
      const answer = await send(url, {
        method: "POST",
        body,
        contentType,
        jar: actorJar,
        lang: c.lang,
        origin: c.fetchSite ? "fetch-site" : "same",
      });
      const problems = judge(answer, c.lang);
      if (problems.length) {
        throw new Error(
          `POST ${url} (${c.random ? `random ${c.random.contentType}` : c.encoding}, ${c.actor}): ${problems.join("; ")}`,
        );
      }
    }),
    { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
  );
  if (outcome.failed) {
    const error = outcome.errorInstance as Error | undefined;
    failures.push(
      `${route.name} (FORM_FUZZ_SEED=${SEED}): ${error?.message ?? "failed"}\n    posted: ${describeCase(outcome.counterexample?.[0])}`,
    );
  }

  // A form that moves no money moved none.
  if (!route.admin && !MONEY_ROUTES.has(route.name)) {
    const kinds = await customerTxKinds(since);
    if (kinds.length)
      report("money", [`moved a customer's money (${kinds.join(", ")}) though it moves none`]);
  }
  found.routes++;
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────

let source = "";
beforeAll(async () => {
  t = await testPlatform(
    {
      CODE_RESEND_SECONDS: "1",
      CODES_PER_IP_HOUR: "100000",
      CODES_PER_IP_MINUTE: "100000",
      CODES_PER_IP_10_SECONDS: "100000",
      CODES_PER_DESTINATION_HOUR: "1000",
    },
    { marketFeed: feed },
  );
  const app = await loadWebApp({
    platformFetch: t.platform.fetch,
    sessionSecret: SECRET,
    secureCookies: false,
    devOutbox: true,
    codeResendSeconds: 1,
    mode: "production",
  });
  web = app.handle;
  source = app.from;
  closeVite = app.close;
  await t.marketReady();
  for (let i = 0; i < 3; i++) resetters.push((await registerByEmail(t)).email);
  await ensureCustomer();
  // The pages a customer opens, for their links (ids of products, orders, applications).
  for (const r of ROUTES) {
    const page = await send(r.path, { jar: customer?.jar });
    if (page.status === 200) for (const l of links(page.text)) linksSeen.add(l);
  }
}, 240_000);

afterAll(async () => {
  console.info(
    `form fuzz (${source}, seed ${SEED}, ${RUNS} runs a route): ${found.routes} routes, ${found.forms} forms, ` +
      `${found.fields} fields; ${requests} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}` +
      (found.fallback.length ? `; no form on the page of ${found.fallback.join(", ")}` : ""),
  );
  await closeVite?.();
  await t?.close();
});

describe("every form of the web app under generated bad input", () => {
  it("answers below 500, in the visitor's language, and moves no money it should not", async () => {
    failures.length = 0;
    const routes = actionRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const customerRoutes = routes.filter((r) => !r.admin);
    const depositsBefore = await depositAccount();
    const depositedBefore = new Map(deposited);
    for (const [i, route] of customerRoutes.entries()) {
      await fuzzRoute(route, i, async () => new Map());
    }
    // No money came in from outside but the operator's deposits for new customers.
    const depositsAfter = await depositAccount();
    for (const [coin] of DEPOSITS) {
      const added = (deposited.get(coin) ?? 0) - (depositedBefore.get(coin) ?? 0);
      const moved = (depositsBefore[coin] ?? 0) - (depositsAfter[coin] ?? 0);
      if (Math.abs(moved - added) > 1e-9)
        failures.push(`deposits account moved ${moved} ${coin}, deposited ${added}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  }, 600_000);

  it("the operator console's forms too, with an owner signed in", async () => {
    failures.length = 0;
    const routes = actionRoutes().filter((r) => r.admin);
    expect(routes.length).toBeGreaterThan(5);
    let jar: Jar | undefined;
    const operatorJar = async () => {
      const token = jar?.get("__admin");
      const me = token
        ? await t.api("/admin/me", { token: (await adminCookie.parse(`__admin=${token}`)) as string })
        : undefined;
      if (me?.status !== 200) jar = await newOperator();
      return jar as Jar;
    };
    // Something to decide: an application under review and a withdrawal waiting for approval.
    const applicant = await registerByEmail(t);
    await t.api("/user/kyc/primary", {
      method: "POST",
      token: applicant.token,
      json: {
        real_name: "Bo Tan",
        id_number: `FZA${applicant.user.id}`,
        country: "sg",
        document_type: "passport",
      },
    });
    const token = await tokenOf((await ensureCustomer()).jar);
    await t.api("/wallet/withdraw", {
      method: "POST",
      token,
      json: {
        coin: "USDT",
        network: "TRC20",
        address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        amount: "25",
        payment_password: FUND,
      },
    });
    // The console's pages, for the ids their links carry.
    for (const r of OTHER_ROUTES.filter((r) => r.path.startsWith("/admin") && !r.path.includes(":"))) {
      const page = await send(r.path, { jar: await operatorJar() });
      if (page.status === 200) for (const l of links(page.text)) linksSeen.add(l);
    }
    for (const [i, route] of routes.entries()) await fuzzRoute(route, 1000 + i, operatorJar);
    expect(failures, failures.join("\n")).toEqual([]);
  }, 600_000);

  it("leaves the ledger balanced and no balance below zero", async () => {
    expect(await negativeBalances()).toEqual([]);
    const audit = await auditLedger(t.platform.deps.db);
    expect(audit.ok, formatAudit(audit)).toBe(true);
  });
});

// What the fuzz found, pinned down (each was a 500, or a refusal in English only).
describe("the form fuzz's findings", () => {
  it("a post in no form encoding (JSON, plain text, none) is refused in the visitor's language", async () => {
    const { jar } = await ensureCustomer();
    for (const [path, visitor] of [
      ["/transfer", jar],
      ["/login", new Map()],
    ] as const) {
      for (const [contentType, body] of [
        ["application/json", '{"amount":"1","coin":"USDT"}'],
        ["text/plain;charset=UTF-8", "amount=1"],
        [undefined, undefined],
      ] as const) {
        const answer = await send(path, { method: "POST", body, contentType, jar: visitor, lang: "ja" });
        expect(answer.status, `${path} ${contentType}`).toBe(415);
        expect(judge(answer, "ja", "spam"), `${path} ${contentType}`).toEqual([]);
      }
    }
  });

  it("a post whose Origin is another site is refused by our check, in the visitor's language", async () => {
    const { jar } = await ensureCustomer();
    for (const origin of ["https://evil.example", "null", "not a url"]) {
      const answer = await web(
        new Request(`${ORIGIN}/transfer`, {
          method: "POST",
          headers: {
            origin,
            cookie: `${[...jar].map(([k, v]) => `${k}=${v}`).join("; ")}; ${(await langCookie.serialize("zh")).split(";")[0]}`,
          },
          body: new URLSearchParams({ coin: "USDT", from: "spot", to: "contract", amount: "1" }),
        }),
        { clientIp: "10.78.0.1", requestId: "origin" },
      );
      const text = await answer.text();
      expect(answer.status, origin).toBe(403);
      expect(
        judge({ status: 403, headers: answer.headers, text, location: null }, "zh", "cross_site"),
      ).toEqual([]);
    }
  });

  it("a place to go back to with an emoji or a line break in it is no 500", async () => {
    const { jar } = await ensureCustomer();
    const language = await send("/language", {
      method: "POST",
      body: new URLSearchParams({ intent: "lang", value: "en", returnTo: "/markets🙂" }),
      jar: new Map(),
    });
    expect(language.status).toBe(302);
    expect(language.location).toBe("/markets%F0%9F%99%82");
    const markets = await send("/markets", {
      method: "POST",
      body: new URLSearchParams({ code: "btc/usdt", on: "true", back: "/markets\r\nSet-Cookie: pwned=1" }),
      jar,
    });
    expect(markets.status).toBe(302);
    expect(markets.location).toBe("/markets");
    expect(markets.headers.getSetCookie().join()).not.toContain("pwned");
    const login = await send(`/login?redirectTo=${encodeURIComponent("/asset?q=比特币 🙂")}`, { jar });
    expect(login.status).toBe(302);
    expect(login.location).toBe("/asset?q=%E6%AF%94%E7%89%B9%E5%B8%81%20%F0%9F%99%82");
  });

  it("the console refuses a NUL character in a text (PostgreSQL cannot store one)", async () => {
    const jar = await newOperator();
    const answer = await send("/admin/kyc/1", {
      method: "POST",
      body: new URLSearchParams({ intent: "reject", reason: "blurred\u0000" }),
      jar,
      lang: "ru",
    });
    expect(answer.status).toBe(422);
    expect(judge(answer, "ru")).toEqual([]);
    expect(textOf(answer.text)).toContain(resources.ru.messages.validation.invalid_format);
  });

  it("the console refuses an id past 32 bits as not found", async () => {
    const jar = await newOperator();
    for (const intent of ["disable", "enable", "role"]) {
      const answer = await send("/admin/operators", {
        method: "POST",
        body: new URLSearchParams({ intent, id: "2147483648", role: "support" }),
        jar,
        lang: "es",
      });
      expect(answer.status, intent).toBe(422);
      expect(judge(answer, "es"), intent).toEqual([]);
      expect(textOf(answer.text), intent).toContain(resources.es.messages.errors.not_found);
    }
  });
});
