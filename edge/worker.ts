// The web app on an edge runtime (Cloudflare Workers, Vercel Edge, Deno Deploy, edge-runtime):
// a module worker whose `fetch(request, env)` renders pages and reaches the platform over HTTP at
// API_URL. `npm run build:edge` bundles it, with React Router's server build and every
// dependency, into build/edge/index.js: one ES module with no imports, Web APIs only.
import { createWebHandler } from "virtual:beacon/web-build";

/** What the deployment sets; Cloudflare passes it as `env`, others expose it as process.env. */
export type EdgeEnv = {
  /** The platform's address, e.g. https://api.beacon.example (required). */
  API_URL?: string;
  /** Signs the session cookie; the same on every instance, ≥ 32 characters (required). */
  SESSION_SECRET?: string;
  PUBLIC_URL?: string;
  DEV_OUTBOX?: string;
  CODE_RESEND_SECONDS?: string;
  /** `1`: cookies without `Secure` (plain-http try-outs only). */
  INSECURE_COOKIES?: string;
};

type Handler = ReturnType<typeof createWebHandler>;

class EdgeConfigError extends Error {}

function invalid(name: string, value: string | undefined, why: string): never {
  throw new EdgeConfigError(`Invalid ${name}=${JSON.stringify(value ?? "")}: ${why}`);
}

function isHttpUrl(value: string) {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/** Validated like platform/config.ts: empty counts as unset; a bad value is named in one line. */
function webOptions(env: EdgeEnv) {
  const get = (name: keyof EdgeEnv) => env[name] || undefined;
  const apiUrl = get("API_URL");
  if (!apiUrl || !isHttpUrl(apiUrl)) invalid("API_URL", apiUrl, "must be the platform's http(s) URL");
  const sessionSecret = get("SESSION_SECRET");
  if (!sessionSecret || sessionSecret.length < 32) {
    // Never echoed: a secret does not belong in a log or a response.
    throw new EdgeConfigError(
      "Invalid SESSION_SECRET: must be set, at least 32 characters, the same on every instance",
    );
  }
  const publicUrl = get("PUBLIC_URL");
  if (publicUrl && !isHttpUrl(publicUrl)) invalid("PUBLIC_URL", publicUrl, "must be an http(s) URL");
  const devOutbox = get("DEV_OUTBOX") ?? "0";
  if (devOutbox !== "0" && devOutbox !== "1") invalid("DEV_OUTBOX", devOutbox, "must be 0 or 1");
  const resend = get("CODE_RESEND_SECONDS") ?? "60";
  const codeResendSeconds = Number(resend);
  if (!/^\d+$/.test(resend) || codeResendSeconds < 1 || codeResendSeconds > 3600) {
    invalid("CODE_RESEND_SECONDS", resend, "must be a whole number of seconds from 1 to 3600");
  }
  return {
    apiUrl,
    sessionSecret,
    secureCookies: get("INSECURE_COOKIES") !== "1",
    devOutbox: devOutbox === "1",
    codeResendSeconds,
    publicUrl,
    mode: "production" as const,
  };
}

/** Cloudflare hands the same `env` to every request; the handler is made once per settings. */
let current: { key: string; handle: Handler } | undefined;

function handlerFor(env: EdgeEnv): Handler {
  const options = webOptions(env);
  const key = JSON.stringify(options);
  if (current?.key !== key) current = { key, handle: createWebHandler(options) };
  return current.handle;
}

/** The visitor's address as the edge platform reports it (it sets these headers itself). */
function clientIp(headers: Headers): string {
  return (
    headers.get("cf-connecting-ip") ??
    headers.get("x-real-ip") ??
    headers.get("x-forwarded-for")?.split(",")[0]?.trim() ??
    ""
  );
}

function processEnv(): EdgeEnv {
  const scope = globalThis as { process?: { env?: EdgeEnv } };
  return scope.process?.env ?? {};
}

export default {
  async fetch(request: Request, env: EdgeEnv = processEnv()): Promise<Response> {
    let handle: Handler;
    try {
      handle = handlerFor(env);
    } catch (error) {
      if (!(error instanceof EdgeConfigError)) throw error;
      console.error(error.message);
      return new Response(`${error.message}\n`, {
        status: 500,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
    return handle(request, {
      clientIp: clientIp(request.headers),
      requestId: request.headers.get("x-request-id") || crypto.randomUUID(),
    });
  },
};
