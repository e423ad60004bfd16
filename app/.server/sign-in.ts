import { type RouterContextProvider, redirect } from "react-router";
import type { User } from "../../platform/contract/identity.ts";
import type { TwoFactorRequired } from "../../platform/contract/security.ts";
import { flashToast, setToken, setTwoFactor } from "./session.ts";

export type SignInResult = { token: string; user: User } | TwoFactorRequired;

/**
 * The end of a sign-in's first step (password, Google, Apple, wallet): signed in, or — with
 * Google Authenticator bound — on to /passwordvalidation with the platform's ticket kept in the
 * signed session cookie.
 */
export function afterSignIn(
  context: Readonly<RouterContextProvider>,
  result: SignInResult,
  redirectTo: string,
  welcome: string,
  headers?: HeadersInit,
) {
  if ("two_factor" in result) {
    setTwoFactor(context, { ticket: result.two_factor.ticket, redirectTo, startedAt: Date.now() });
    return redirect("/passwordvalidation", { headers });
  }
  setToken(context, result.token);
  setTwoFactor(context, undefined);
  flashToast(context, { kind: "success", message: welcome });
  return redirect(redirectTo, { headers });
}
