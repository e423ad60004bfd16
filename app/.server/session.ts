import {
  type Cookie,
  createContext,
  createCookie,
  createCookieSessionStorage,
  type MiddlewareFunction,
  type RouterContextProvider,
  type Session,
} from "react-router";
import {
  type AuthFlow,
  type SessionData,
  type SessionFlash,
  servicesContext,
  type Toast,
  type TwoFactorFlow,
} from "./context.ts";

export function createSessionStorage(secret: string, secure: boolean) {
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [secret],
    maxAge: 60 * 60 * 24 * 30,
  });
  return createCookieSessionStorage<SessionData, SessionFlash>({ cookie: rememberParsed(cookie) });
}

const REMEMBERED = 1000;

/**
 * React Router checks a signed cookie's signature by importing the secret as a key anew every
 * time. The same Cookie header always reads the same: the last thousand read are kept (each
 * caller gets its own copy), so a customer's next pages cost no signature check.
 */
function rememberParsed(cookie: Cookie): Cookie {
  const read = new Map<string, Promise<unknown>>();
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value, options) => cookie.serialize(value, options),
    async parse(header, options) {
      if (!header || options) return cookie.parse(header, options);
      let value = read.get(header);
      if (value) {
        // Most recently used last: the oldest goes first when full.
        read.delete(header);
      } else {
        value = cookie.parse(header);
        if (read.size >= REMEMBERED) read.delete(read.keys().next().value as string);
        value.catch(() => read.delete(header));
      }
      read.set(header, value);
      return structuredClone(await value);
    },
  };
}

type SessionState = {
  session: Session<SessionData, SessionFlash>;
  dirty: boolean;
  destroy: boolean;
  /** The toast the previous response left for this page (new ones wait for the next page). */
  arrived: Toast | undefined;
  /** Whether this request's page shows it (the root loader ran and took it). */
  shown: boolean;
};
const sessionContext = createContext<SessionState>();

/**
 * Loads the session cookie once per request and writes it back, on the way out, only when
 * something changed (a token set or cleared, a toast added or shown).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const storage = context.get(servicesContext).sessionStorage;
  const session = await storage.getSession(request.headers.get("Cookie"));
  // Read now, before any loader runs: a toast a loader flashes during this request (say,
  // "your login has expired" on its way to a redirect) is for the next page, not this one.
  const arrived = session.has("toast") ? session.get("toast") : undefined;
  const state: SessionState = { session, dirty: false, destroy: false, arrived, shown: false };
  context.set(sessionContext, state);
  const response = await next();
  // Only a page that shows the toast uses it up: a screen's own data reload (a fetcher, which
  // skips the root loader), an image or a download leave it for the page it was meant for.
  if (arrived && !state.shown && !state.session.has("toast")) state.session.flash("toast", arrived);
  if (state.destroy) {
    // Keep a pending toast (e.g. "your login has expired") across the ending of the session.
    const toast = state.session.get("toast");
    const fresh = await storage.getSession();
    if (toast) fresh.flash("toast", toast);
    response.headers.append("Set-Cookie", await storage.commitSession(fresh));
  } else if (state.dirty) {
    response.headers.append("Set-Cookie", await storage.commitSession(state.session));
  }
  return response;
};

function state(context: Readonly<RouterContextProvider>) {
  return context.get(sessionContext);
}

export function getToken(context: Readonly<RouterContextProvider>): string | undefined {
  return state(context).session.get("token");
}

export function setToken(context: Readonly<RouterContextProvider>, token: string) {
  const s = state(context);
  s.session.set("token", token);
  s.destroy = false;
  s.dirty = true;
}

/** Ends the web session (the platform session is revoked separately by the caller). */
export function clearSession(context: Readonly<RouterContextProvider>) {
  const s = state(context);
  s.session.unset("token");
  s.destroy = true;
}

/** A message shown once on the next page (5 s, visible without JavaScript). */
export function flashToast(context: Readonly<RouterContextProvider>, toast: Toast) {
  const s = state(context);
  s.session.flash("toast", { ...toast, id: crypto.randomUUID().slice(0, 8) });
  s.dirty = true;
}

/** The toast to show on this page, if the previous response left one. */
export function takeToast(context: Readonly<RouterContextProvider>): Toast | undefined {
  const s = state(context);
  if (s.arrived) {
    s.shown = true;
    s.dirty = true;
  }
  return s.arrived;
}

export function getFlow(
  context: Readonly<RouterContextProvider>,
  kind: AuthFlow["kind"],
): AuthFlow | undefined {
  const flow = state(context).session.get("flow");
  return flow?.kind === kind ? flow : undefined;
}

export function setFlow(context: Readonly<RouterContextProvider>, flow: AuthFlow | undefined) {
  const s = state(context);
  if (flow) s.session.set("flow", flow);
  else s.session.unset("flow");
  s.dirty = true;
}

/** A sign-in that waits for its Google Authenticator code (the platform's ticket, 5 minutes). */
export function getTwoFactor(context: Readonly<RouterContextProvider>): TwoFactorFlow | undefined {
  const flow = state(context).session.get("twoFactor");
  return flow && Date.now() - flow.startedAt < 5 * 60_000 ? flow : undefined;
}

export function setTwoFactor(context: Readonly<RouterContextProvider>, flow: TwoFactorFlow | undefined) {
  const s = state(context);
  if (flow) s.session.set("twoFactor", flow);
  else s.session.unset("twoFactor");
  s.dirty = true;
}
