import { createCookie, type RouterContextProvider, redirect, data as routeData } from "react-router";
import type { ApiData, ApiPath } from "../../platform/contract/api.ts";
import type { Envelope } from "../../platform/contract/envelope.ts";
import { LANGUAGE_INFO } from "../../platform/contract/languages.ts";
import { type Body, type Query, typedClient } from "./api.ts";
import { requestInfoContext, servicesContext } from "./context.ts";
import { getLocale } from "./i18n.ts";
import { flashToast } from "./session.ts";

/**
 * The console's own cookie: it holds the operator's token (a random value the platform checks
 * against its hash, so it needs no signature), never the customer's. The customer's session
 * cookie is never sent to /api/admin, and this one never to a customer call.
 */
function adminCookie(secure: boolean) {
  return createCookie("__admin", {
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: "/",
    maxAge: 12 * 60 * 60,
  });
}

export type AdminMe = ApiData<"GET", "/admin/me">;

export async function adminToken(request: Request, context: Readonly<RouterContextProvider>) {
  const { secureCookies } = context.get(servicesContext);
  const value = await adminCookie(secureCookies).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : undefined;
}

export async function setAdminCookie(context: Readonly<RouterContextProvider>, token: string) {
  return adminCookie(context.get(servicesContext).secureCookies).serialize(token);
}

export async function clearAdminCookie(context: Readonly<RouterContextProvider>) {
  return adminCookie(context.get(servicesContext).secureCookies).serialize("", { maxAge: 0 });
}

/**
 * Calls /api/admin with the operator's token. An ended or missing console session sends the
 * browser to /admin/login (with the cookie cleared); a customer session never gets further.
 */
export function adminApi(request: Request, context: Readonly<RouterContextProvider>) {
  const { platformFetch } = context.get(servicesContext);
  const info = context.get(requestInfoContext);

  async function send(method: string, path: string, query?: Query, body?: Body) {
    const url = new URL(`/api${path}`, new URL(request.url).origin);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
    }
    const headers = new Headers({
      accept: "application/json",
      lang: LANGUAGE_INFO[getLocale(context) as keyof typeof LANGUAGE_INFO]?.header ?? "en",
      from: "pc",
      "x-client-ip": info.clientIp,
      "x-request-id": info.requestId,
      "user-agent": request.headers.get("user-agent") ?? "",
    });
    const token = await adminToken(request, context);
    if (token) headers.set("authorization", `Bearer ${token}`);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(body);
    }
    const response = await platformFetch(new Request(url, { method, headers, body: payload }));
    if (response.status === 401 && !path.startsWith("/admin/login")) {
      throw redirect("/admin/login", { headers: { "Set-Cookie": await clearAdminCookie(context) } });
    }
    return response;
  }

  async function call<T>(method: string, path: string, query?: Query, body?: Body) {
    return (await (await send(method, path, query, body)).json()) as Envelope<T>;
  }

  return typedClient(send, call);
}

/** The signed-in operator, or a redirect to the console's sign-in (no cookie, or ended). */
export async function requireOperator(request: Request, context: Readonly<RouterContextProvider>) {
  if (!(await adminToken(request, context))) throw redirect("/admin/login");
  return adminApi(request, context).data("/admin/me");
}

/** A form's fields as strings (a console form has no files). */
export async function formFields(request: Request) {
  const form = await request.formData();
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = value;
  return out;
}

/** The named fields of a form, each "" when missing (the platform says which are required). */
export function pickFields(fields: Record<string, string>, names: readonly string[]) {
  return Object.fromEntries(names.map((name) => [name, fields[name] ?? ""]));
}

/**
 * Runs one console write and answers like every form here: success → the platform's message as a
 * toast and a redirect (post/redirect/get, so it works without JavaScript); refusal → the
 * platform's localized message and field errors, rendered by the page.
 */
export async function adminPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
  path: ApiPath<"POST">,
  body: Record<string, unknown>,
  redirectTo: string,
) {
  // The console's forms send the operator's fields as typed (strings): the platform checks them.
  const result = await adminApi(request, context).post(path, body as never);
  if (result.status_code === 200) {
    flashToast(context, { kind: "success", message: result.message });
    return redirect(redirectTo);
  }
  const errors = result.errors ?? {};
  const status = result.status_code >= 400 && result.status_code < 600 ? result.status_code : 422;
  return routeData({ message: result.message, errors: Object.values(errors).flat(), form: body }, { status });
}

export type AdminActionData =
  | { message: string; errors: string[]; form: Record<string, unknown> }
  | undefined;
