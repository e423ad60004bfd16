import { type Cookie, createContext, type SessionStorage } from "react-router";
import type { Honeypot } from "remix-utils/honeypot/server";
import type { Toast } from "../components/shell/toast.tsx";

export type { Toast };

/** The Google and Apple sign-ins (see oauth.ts); here so the context needs nothing of oauth.ts. */
export const OAUTH_PROVIDERS = ["google", "apple"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
/** Signed cookies holding a Google/Apple sign-in in progress, one per provider. */
export type OAuthCookies = Record<OAuthProvider, Cookie>;

/** Set once when the web handler is created (see web.ts); the same for every request. */
export type WebServices = {
  /** Calls the platform: in-process when co-hosted, over HTTP to API_URL otherwise. */
  platformFetch(request: Request): Promise<Response>;
  sessionStorage: SessionStorage<SessionData, SessionFlash>;
  secureCookies: boolean;
  devOutbox: boolean;
  /** How long the code screens count down before "send again" (the platform enforces it). */
  codeResendSeconds: number;
  /** Seeded from the session secret so every instance accepts every other's forms. */
  honeypot: Honeypot;
  /** PUBLIC_URL: the origin of the Google/Apple redirect URIs (else the request's). */
  publicUrl: string | undefined;
  /** Signed cookies holding a Google/Apple sign-in in progress (see oauth.ts). */
  oauthCookies: OAuthCookies;
  /** UPLOAD_BODY_LIMIT: the most an upload form's post may carry, counted as it is read. */
  uploadBodyLimit: number;
};

/**
 * A registration or password reset in progress: what the earlier steps established (the
 * address the code went to, then the checked code), kept in the signed session cookie.
 */
export type AuthFlow = {
  kind: "register" | "reset";
  type: "email" | "phone";
  email?: string;
  area_code?: string;
  phone?: string;
  invite_code?: string;
  captcha_key?: string;
  code?: string;
  redirectTo?: string;
  sentAt: number;
};

/** A sign-in waiting for its Google Authenticator code (/passwordvalidation). */
export type TwoFactorFlow = { ticket: string; redirectTo: string; startedAt: number };

export type SessionData = { token: string; flow: AuthFlow; twoFactor: TwoFactorFlow };
export type SessionFlash = { toast: Toast };

/**
 * Per-request facts from the HTTP server that a Web Request does not carry. `nonce`: the
 * Content-Security-Policy nonce of this response's inline scripts (web.ts makes one if absent).
 */
export type RequestInfo = {
  clientIp: string;
  requestId: string;
  nonce?: string;
  /** The post was over WEB_BODY_LIMIT and was not read (web.ts); bodyLimitMiddleware refuses it. */
  bodyTooLarge?: boolean;
};

export const servicesContext = createContext<WebServices>();
export const requestInfoContext = createContext<RequestInfo>({ clientIp: "", requestId: "" });
