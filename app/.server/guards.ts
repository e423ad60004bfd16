import { data, type MiddlewareFunction, redirect } from "react-router";
import { fetchSite } from "remix-utils/sec-fetch";
import { screenFor } from "../route-table.ts";
import { BodyTooLargeError, readBodyWithin } from "./body-limit.ts";
import { requestInfoContext, servicesContext } from "./context.ts";
import { getToken } from "./session.ts";
import { isUploadPost } from "./uploads.ts";

/** Where the guard sends a visitor, so that login can bring them back (`redirectTo`). */
export function loginRedirect(url: URL): string {
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes"); // React Router's own parameter on data requests
  const query = search.toString();
  return `/login?redirectTo=${encodeURIComponent(query ? `${path}?${query}` : path)}`;
}

/**
 * The route guard, in one place: a screen that is not on the spec's public list needs a session.
 * Unknown paths pass through to the 404 page.
 */
export const guardMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const screen = screenFor(url.pathname);
  if (screen && !screen.public && !getToken(context)) throw redirect(loginRedirect(url));
  return next();
};

export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether an Origin or Referer names this host (by host: behind a TLS proxy the scheme differs). */
export function claimsThisHost(claimed: string | null, url: URL): boolean {
  return Boolean(
    claimed && claimed !== "null" && URL.canParse(claimed) && new URL(claimed).host === url.host,
  );
}

/**
 * The one exemption from the origin check: Apple answers a sign-in with a cross-site POST from
 * appleid.apple.com to the callback (response_mode=form_post). These exact paths are protected
 * instead by the `state` the answer must carry, equal to the one in the signed, httpOnly cookie
 * set when this browser started the sign-in (app/.server/oauth.ts); a forged post has no such
 * state, and the code is worthless without the PKCE verifier kept in the same cookie.
 */
export const OAUTH_CALLBACK_PATHS: ReadonlySet<string> = new Set([
  "/auth/google/callback",
  "/auth/apple/callback",
]);

/**
 * CSRF: a state-changing request must come from our own pages. Browsers that send
 * Sec-Fetch-Site are judged by it; older ones (cheap phones keep old browsers) by Origin or
 * Referer, which must name this host. A request with neither is refused.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  if (request.method === "POST" && OAUTH_CALLBACK_PATHS.has(new URL(request.url).pathname)) return next();
  const site = fetchSite(request);
  if (site === "same-origin" || site === "none") return next();
  if (site === null) {
    const claimed = request.headers.get("origin") ?? request.headers.get("referer");
    if (claimsThisHost(claimed, new URL(request.url))) return next();
  }
  throw data({ messageKey: "common:errors.cross_site" }, { status: 403 });
};

/** A post over WEB_BODY_LIMIT, left unread by web.ts: 413 on the error page, in the visitor's language. */
export const bodyLimitMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // An upload form's own action says "File exceeds 2M" above the form (uploads.ts).
  if (context.get(requestInfoContext).bodyTooLarge && !isUploadPost(new URL(request.url)))
    throw data({ messageKey: "messages:errors.payload_too_large" }, { status: 413 });
  return next();
};

/**
 * Spam bots fill the hidden field of public forms; remix-utils' Honeypot checks it. And every
 * form of ours posts one of the two form encodings, with JavaScript or without: a post in any
 * other (JSON, plain text, none at all) is a script's, and would fail the action's
 * `request.formData()` with a 500; it is refused here with the same message.
 */
export const honeypotMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const type = request.headers.get("content-type") ?? "";
  if (!/^\s*(?:multipart\/form-data|application\/x-www-form-urlencoded)\s*(?:;|$)/i.test(type)) {
    throw data({ messageKey: "common:errors.spam" }, { status: 415 });
  }
  // An upload over its limit arrives unread and empty: its action refuses it (413).
  if (context.get(requestInfoContext).bodyTooLarge) return next();
  const services = context.get(servicesContext);
  let form: FormData;
  try {
    // Read within the largest limit a post may have (web.ts holds other posts to a smaller one):
    // an upload over it goes on to its action, which refuses it with "File exceeds 2M".
    const body = await readBodyWithin(request.clone(), services.uploadBodyLimit, "cancel");
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch (error) {
    if (error instanceof BodyTooLargeError) return next();
    throw data({ messageKey: "common:errors.spam" }, { status: 400 });
  }
  try {
    await services.honeypot.check(form);
  } catch {
    throw data({ messageKey: "common:errors.spam" }, { status: 400 });
  }
  return next();
};
