// The web app's server entry: what server.ts (or an edge runtime) calls for every page request.
// Built by Vite as the SSR bundle's input, so it only uses Web APIs and the React Router build.

import * as build from "virtual:react-router/server-build";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { Honeypot } from "remix-utils/honeypot/server";
import { BodyTooLargeError, bufferedRequest } from "./body-limit.ts";
import { type RequestInfo, requestInfoContext, servicesContext, type WebServices } from "./context.ts";
import { claimsThisHost, OAUTH_CALLBACK_PATHS, SAFE_METHODS } from "./guards.ts";
import { createOAuthCookies } from "./oauth.ts";
import { newNonce, securityHeaders, withSecurityHeaders } from "./security-headers.ts";
import { createSessionStorage } from "./session.ts";
import { isUploadPost, UPLOAD_POST_LIMIT } from "./uploads.ts";

export type WebOptions = {
  /** The platform's fetch when co-hosted; otherwise apiUrl is used over HTTP. */
  platformFetch?: (request: Request) => Promise<Response>;
  apiUrl?: string;
  sessionSecret: string;
  secureCookies: boolean;
  devOutbox: boolean;
  codeResendSeconds?: number;
  publicUrl?: string;
  mode?: "development" | "production";
  /** WEB_BODY_LIMIT: the most any other form post may carry (bytes, counted as read). */
  bodyLimit?: number;
  /** UPLOAD_BODY_LIMIT: the most an upload form's post may carry. */
  uploadBodyLimit?: number;
  /** OVERSIZED_POSTS_PER_MINUTE: see OversizedPosts. */
  oversizedPerMinute?: number;
};

/** Defaults of WEB_BODY_LIMIT and UPLOAD_BODY_LIMIT (platform/config.ts validates both). */
export const WEB_BODY_LIMIT = 128 * 1024;

function remotePlatform(apiUrl: string) {
  const base = new URL(apiUrl);
  return (request: Request) => {
    const url = new URL(request.url);
    const target = new URL(url.pathname + url.search, base);
    return fetch(new Request(target, request));
  };
}

/**
 * React Router refuses a post whose Origin names another site before any middleware runs, with a
 * bare, English "Bad Request". The refusal is csrfMiddleware's (guards.ts), on a page in the
 * visitor's language: such a post is handed on without its Origin and marked cross-site, which
 * that middleware refuses (403). The OAuth callbacks, exempt from the check, pass as they came.
 */
function markCrossSite(request: Request): Request {
  if (SAFE_METHODS.has(request.method)) return request;
  const origin = request.headers.get("origin");
  if (origin === null) return request;
  const url = new URL(request.url);
  if (OAUTH_CALLBACK_PATHS.has(url.pathname) || claimsThisHost(origin, url)) return request;
  const headers = new Headers(request.headers);
  headers.delete("origin");
  headers.set("sec-fetch-site", "cross-site");
  return new Request(request.url, {
    method: request.method,
    headers,
    body: request.body,
    signal: request.signal,
    // @ts-expect-error Node's fetch needs this for a streamed request body
    duplex: "half",
  });
}

/**
 * remix-utils' Honeypot encrypts the time the form was rendered, with a fresh key derivation, for
 * every page. The encrypted "valid from" of the last second is reused: a form may not be posted
 * before that time, and one second earlier changes nothing for the check.
 */
class ReusedHoneypot extends Honeypot {
  private last: { second: number; props: ReturnType<Honeypot["getInputProps"]> } | undefined;
  override getInputProps(options?: { validFromTimestamp?: number }) {
    if (options?.validFromTimestamp !== undefined) return super.getInputProps(options);
    const second = Math.floor(Date.now() / 1000);
    if (this.last?.second !== second) {
      const props = super.getInputProps({ validFromTimestamp: second * 1000 });
      this.last = { second, props };
      props.catch(() => {
        if (this.last?.props === props) this.last = undefined;
      });
    }
    return this.last.props;
  }
}

export function createWebHandler(options: WebOptions) {
  const platformFetch =
    options.platformFetch ?? (options.apiUrl ? remotePlatform(options.apiUrl) : undefined);
  if (!platformFetch) throw new Error("the web app needs the platform: pass platformFetch or API_URL");
  const services: WebServices = {
    platformFetch,
    sessionStorage: createSessionStorage(options.sessionSecret, options.secureCookies),
    secureCookies: options.secureCookies,
    devOutbox: options.devOutbox,
    codeResendSeconds: options.codeResendSeconds ?? 60,
    honeypot: new ReusedHoneypot({ encryptionSeed: options.sessionSecret }),
    publicUrl: options.publicUrl,
    oauthCookies: createOAuthCookies(options.sessionSecret, options.secureCookies),
    uploadBodyLimit: options.uploadBodyLimit ?? UPLOAD_POST_LIMIT,
  };
  const bodyLimit = options.bodyLimit ?? WEB_BODY_LIMIT;
  const oversized = new OversizedPosts(options.oversizedPerMinute ?? 3);
  const handle = createRequestHandler(build, options.mode ?? "production");
  const production = (options.mode ?? "production") === "production";
  return async (request: Request, info: RequestInfo) => {
    const context = new RouterContextProvider();
    const nonce = info.nonce ?? newNonce();
    context.set(servicesContext, services);
    context.set(requestInfoContext, { ...info, nonce });
    // React Router reads a form post whole, however large: every post is read here first,
    // counting the bytes, within bodyLimit (an image upload form's: uploadBodyLimit).
    let limited = request;
    let tooLarge = false;
    if (!SAFE_METHODS.has(request.method)) {
      const limit = isUploadPost(new URL(request.url)) ? services.uploadBodyLimit : bodyLimit;
      try {
        // An address that keeps sending posts over the limit has its next ones refused unread,
        // those without a Content-Length (a browser's forms always send one; a post that
        // announces its length is read at most that far, and past the limit refused unread).
        if (!request.headers.has("content-length") && oversized.barred(info.clientIp))
          throw new BodyTooLargeError(limit);
        limited = await bufferedRequest(request, limit);
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error;
        tooLarge = true;
        oversized.count(info.clientIp);
        // Handed on without its body and marked: bodyLimitMiddleware answers 413 on the error
        // page, in the visitor's language like every other refusal; an upload form's action
        // puts "File exceeds 2M" above its form.
        const headers = new Headers(request.headers);
        headers.delete("content-length");
        headers.delete("transfer-encoding");
        limited = new Request(request.url, { method: request.method, headers, signal: request.signal });
        context.set(requestInfoContext, { ...info, nonce, bodyTooLarge: true });
      }
    }
    let response = await handle(markCrossSite(limited), context);
    // The rest of a refused post is not read: kept alive, the connection would have to take it
    // all in (dropped) before its next request, and a 200 MB upload repeated made the server
    // read hundreds of MB a second. Closed, the client stops sending.
    if (tooLarge) {
      response = new Response(response.body, response);
      response.headers.set("connection", "close");
    }
    // server.ts sets these on everything it serves; on an edge runtime this is the only place.
    const hsts = production && new URL(request.url).protocol === "https:";
    return withSecurityHeaders(response, securityHeaders({ nonce, url: request.url, hsts }));
  };
}

/**
 * Addresses that sent posts over the limit: after OVERSIZED_POSTS_PER_MINUTE (3) in a minute, the
 * address's chunked posts (no Content-Length, which browsers' forms never are) are refused unread
 * until the minute is over: each had been read up to its limit (6 MB for an upload form, about
 * 80 ms of the thread) before its 413, and a client looping on 200 MB uploads took a quarter of
 * a core that way.
 */
class OversizedPosts {
  private seen = new Map<string, { since: number; count: number }>();
  constructor(private readonly perMinute: number) {}
  barred(ip: string) {
    const entry = this.seen.get(ip);
    if (!entry) return false;
    if (Date.now() - entry.since >= 60_000) {
      this.seen.delete(ip);
      return false;
    }
    return entry.count >= this.perMinute;
  }
  count(ip: string) {
    const now = Date.now();
    const entry = this.seen.get(ip);
    if (entry && now - entry.since < 60_000) entry.count++;
    else {
      // Bounded: stale addresses go when the map grows (as the ws hub's handshake counts).
      if (this.seen.size > 10_000)
        for (const [key, value] of this.seen) if (now - value.since >= 60_000) this.seen.delete(key);
      this.seen.set(ip, { since: now, count: 1 });
    }
  }
}
