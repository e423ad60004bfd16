import { createCookie, type RouterContextProvider, redirect } from "react-router";
import { apiClient } from "./api.ts";
import { OAUTH_PROVIDERS, type OAuthCookies, type OAuthProvider, servicesContext } from "./context.ts";
import { getI18n } from "./i18n.ts";
import { safeRedirect } from "./redirects.ts";
import { flashToast, getToken } from "./session.ts";
import { afterSignIn } from "./sign-in.ts";

/**
 * Sign-in with Google and Apple, the web app's half. The platform is stateless: what a sign-in
 * in progress must remember (state, PKCE verifier, nonce, redirect URI, where to go after) lives
 * in a signed, httpOnly cookie per provider, sent only to /auth/*, for 10 minutes.
 */

type Flow = { state: string; code_verifier: string; nonce: string; redirect_uri: string; redirectTo: string };
type Context = Readonly<RouterContextProvider>;

const NAMES: Record<OAuthProvider, string> = { google: "Google", apple: "Apple" };

export function createOAuthCookies(secret: string, secure: boolean): OAuthCookies {
  const cookie = (provider: OAuthProvider) =>
    createCookie(`__oauth_${provider}`, {
      httpOnly: true,
      path: "/auth",
      maxAge: 600,
      secrets: [secret],
      // Apple's answer is a cross-site POST: only a SameSite=None cookie (which must be Secure)
      // comes with it. Google's is a top-level GET, for which Lax is enough.
      ...(provider === "apple" ? { sameSite: "none", secure: true } : { sameSite: "lax", secure }),
    });
  return { google: cookie("google"), apple: cookie("apple") };
}

function isProvider(value: string | undefined): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value ?? "");
}

function loginUrl(redirectTo: string) {
  return redirectTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** The providers the platform has configured, for the login screen's buttons. */
export async function oauthProviders(request: Request, context: Context): Promise<OAuthProvider[]> {
  const result = await apiClient(request, context).get("/oauth/providers");
  if (result.status_code !== 200) return [];
  return result.data.map((p) => p.provider).filter(isProvider);
}

/** GET /auth/:provider — asks the platform where to send the browser and remembers the flow. */
export async function startOAuth(request: Request, context: Context, provider: string | undefined) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  const t = getI18n(context).t;
  if (!isProvider(provider)) {
    flashToast(context, { kind: "error", message: t("auth:oauth_unavailable") });
    return redirect(loginUrl(redirectTo));
  }
  if (getToken(context)) return redirect(redirectTo);
  const services = context.get(servicesContext);
  const origin = services.publicUrl ? new URL(services.publicUrl).origin : url.origin;
  const redirectUri = `${origin}/auth/${provider}/callback`;
  const started = await apiClient(request, context).post("/oauth/start", {
    provider,
    redirect_uri: redirectUri,
  });
  if (started.status_code !== 200) {
    flashToast(context, { kind: "error", message: started.message });
    return redirect(loginUrl(redirectTo));
  }
  const flow: Flow = {
    state: started.data.state,
    code_verifier: started.data.code_verifier,
    nonce: started.data.nonce,
    redirect_uri: redirectUri,
    redirectTo,
  };
  return redirect(started.data.authorization_url, {
    headers: { "Set-Cookie": await services.oauthCookies[provider].serialize(flow) },
  });
}

/**
 * /auth/:provider/callback — GET (Google) or POST (Apple's form_post). The answer must carry the
 * state this browser's cookie holds; the platform then exchanges the code and signs in.
 */
export async function finishOAuth(
  request: Request,
  context: Context,
  provider: string | undefined,
  answer: URLSearchParams,
) {
  const t = getI18n(context).t;
  if (!isProvider(provider)) {
    flashToast(context, { kind: "error", message: t("auth:oauth_unavailable") });
    return redirect("/login");
  }
  const cookie = context.get(servicesContext).oauthCookies[provider];
  const flow = (await cookie.parse(request.headers.get("Cookie"))) as Partial<Flow> | null;
  const clear = { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) };
  const redirectTo = safeRedirect(flow?.redirectTo, "/");
  const fail = (message: string) => {
    flashToast(context, { kind: "error", message });
    return redirect(loginUrl(redirectTo), { headers: clear });
  };
  const state = answer.get("state");
  if (
    !flow?.state ||
    !flow.code_verifier ||
    !flow.nonce ||
    !flow.redirect_uri ||
    !state ||
    state !== flow.state
  ) {
    return fail(t("auth:oauth_expired"));
  }
  // The user said no, or closed the provider's page.
  if (answer.has("error")) return fail(t("auth:oauth_cancelled", { provider: NAMES[provider] }));

  const callback = new URL(flow.redirect_uri);
  for (const key of ["code", "state", "iss"]) {
    const value = answer.get(key);
    if (value) callback.searchParams.set(key, value);
  }
  const result = await apiClient(request, context).post("/oauth/callback", {
    provider,
    callback_url: callback.href,
    state: flow.state,
    code_verifier: flow.code_verifier,
    nonce: flow.nonce,
    redirect_uri: flow.redirect_uri,
  });
  if (result.status_code !== 200) return fail(result.message);
  // Signed in, or on to the Google Authenticator step when it is bound.
  return afterSignIn(context, result.data, redirectTo, result.message, clear);
}
