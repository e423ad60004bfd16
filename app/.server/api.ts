import { type RouterContextProvider, redirect, data as routeData } from "react-router";
import type {
  ApiData,
  ApiGets,
  ApiPosts,
  ApiRoute,
  PostArgs,
  QueryArgs,
  RawArgs,
  RawPath,
} from "../../platform/contract/api.ts";
import { type Envelope, SESSION_ENDED_CODES } from "../../platform/contract/envelope.ts";
import { LANGUAGE_INFO } from "../../platform/contract/languages.ts";
import { requestInfoContext, servicesContext } from "./context.ts";
import { getI18n, getLocale } from "./i18n.ts";
import { clearSession, flashToast, getToken } from "./session.ts";

export type Query = Record<string, unknown>;
export type Body = Record<string, unknown> | FormData;

function isMobile(userAgent: string | null) {
  return !userAgent || /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent);
}

/**
 * The one way the web app talks to the platform. It forwards the session's bearer token and the
 * `from` and `lang` headers, and turns an ended session (401, 50008, 50012, 50014) into
 * "your login has expired", a cleared cookie and a redirect to /login.
 */
export function apiClient(request: Request, context: Readonly<RouterContextProvider>) {
  const { platformFetch } = context.get(servicesContext);
  const info = context.get(requestInfoContext);

  function send(method: string, path: string, query?: Query, body?: Body) {
    // The site's own origin: the platform reads the host it serves from the URL (wallet sign-in
    // messages name it) when PUBLIC_URL is not set. Only the path matters for routing.
    const url = new URL(`/api${path}`, new URL(request.url).origin);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
    }
    const headers = new Headers({
      accept: "application/json",
      lang: LANGUAGE_INFO[getLocale(context) as keyof typeof LANGUAGE_INFO]?.header ?? "en",
      from: isMobile(request.headers.get("user-agent")) ? "mobile" : "pc",
      "x-client-ip": info.clientIp,
      "x-request-id": info.requestId,
      "user-agent": request.headers.get("user-agent") ?? "",
    });
    const token = getToken(context);
    if (token) headers.set("authorization", `Bearer ${token}`);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(body);
    }
    return platformFetch(new Request(url, { method, headers, body: payload }));
  }

  async function call<T>(method: string, path: string, query?: Query, body?: Body) {
    const token = getToken(context);
    const response = await send(method, path, query, body);
    const envelope = (await response.json()) as Envelope<T>;
    if (token && (SESSION_ENDED_CODES as readonly number[]).includes(envelope.status_code)) {
      clearSession(context);
      flashToast(context, { kind: "error", message: getI18n(context).t("common:session.expired") });
      const here = new URL(request.url);
      throw redirect(`/login?redirectTo=${encodeURIComponent(here.pathname + here.search)}`);
    }
    return envelope;
  }

  return typedClient(send, call);
}

type Send = (method: string, path: string, query?: Query, body?: Body) => Promise<Response>;
type Call = <T>(method: string, path: string, query?: Query, body?: Body) => Promise<Envelope<T>>;

/**
 * The calls of a client (the customer's here, the console's in admin.ts) over its `send` and
 * `call`. Paths, query and body fields and the shape of `data` are those of the platform's route
 * definitions (platform/contract/api-types.ts, generated from them by scripts/api-types.ts): a
 * path or field it does not have is a type error, and each path's entry names the route file
 * that answers it.
 */
export function typedClient(send: Send, call: Call) {
  return {
    /** The whole envelope: actions read `errors` and `message` from it. */
    get: <P extends keyof ApiGets>(path: P, ...[query]: QueryArgs<ApiRoute<"GET", P>>) =>
      call<ApiData<"GET", P>>("GET", path, query as Query | undefined),
    post: <P extends keyof ApiPosts>(path: P, ...[body, query]: PostArgs<ApiRoute<"POST", P>>) =>
      call<ApiData<"POST", P>>("POST", path, query as Query | undefined, body as Body | undefined),
    /** The platform's response as it is (a file, not an envelope), e.g. an uploaded image. */
    raw: <P extends RawPath>(path: P, ...[query]: RawArgs<P>) =>
      send("GET", path, query as Query | undefined),
    /**
     * Only `data`, for loaders that cannot go on without it: a refusal (an ended session aside) is
     * thrown as a route error response carrying the platform's localized message, which the
     * ErrorBoundary shows.
     */
    async data<P extends keyof ApiGets>(
      path: P,
      ...[query]: QueryArgs<ApiRoute<"GET", P>>
    ): Promise<ApiData<"GET", P>> {
      const envelope = await call<ApiData<"GET", P>>("GET", path, query as Query | undefined);
      if (envelope.status_code !== 200) {
        const code = envelope.status_code;
        throw routeData({ message: envelope.message }, { status: code >= 400 && code < 600 ? code : 500 });
      }
      return envelope.data;
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
