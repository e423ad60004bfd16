import { type RouterContextProvider, redirect } from "react-router";
import type { ApiClient } from "./api.ts";
import type { AuthFlow } from "./context.ts";
import { getFlow } from "./session.ts";

/** The step a flow screen needs, or back to its first screen when there is no flow in progress. */
export function requireFlow(
  context: Readonly<RouterContextProvider>,
  kind: AuthFlow["kind"],
  needsCode = false,
): AuthFlow {
  const flow = getFlow(context, kind);
  const start = kind === "register" ? "/resgister" : "/resetpassword";
  if (!flow) throw redirect(start);
  if (needsCode && !flow.code) throw redirect(kind === "register" ? "/code" : "/coderes");
  return flow;
}

/** Sends (or re-sends) the flow's code by e-mail or SMS; the envelope tells how it went. */
export function sendFlowCode(
  api: ApiClient,
  flow: Pick<AuthFlow, "type" | "email" | "area_code" | "phone">,
  purpose: "register" | "reset",
) {
  return flow.type === "email"
    ? api.post("/send_email", { email: flow.email ?? "", type: purpose })
    : api.get("/captcha", {
        phone: flow.phone ?? "",
        key_str: flow.phone ?? "",
        area_code: flow.area_code,
        type: purpose,
      });
}

/** The address part of a flow as the platform's calls name it. */
export function addressOf(flow: AuthFlow) {
  return flow.type === "email"
    ? { type: "email" as const, email: flow.email ?? "" }
    : { type: "phone" as const, area_code: flow.area_code ?? "", phone: flow.phone ?? "" };
}
