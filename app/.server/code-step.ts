import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "react-router";
import { unvalidated } from "../components/form.tsx";
import { codeForm } from "../forms/auth.ts";
import { apiClient } from "./api.ts";
import { addressOf, requireFlow, sendFlowCode } from "./auth-flow.ts";
import { type AuthFlow, servicesContext } from "./context.ts";
import { replyWithEnvelope } from "./forms.ts";
import { getI18n } from "./i18n.ts";
import { flashToast, setFlow } from "./session.ts";

const NEXT: Record<AuthFlow["kind"], string> = { register: "/register2", reset: "/resetpassword2" };

/**
 * The code step shared by registration (/code) and password reset (/coderes): shows where the
 * code went, checks it (without using it up), or sends a new one.
 */
export function codeStepLoader(kind: AuthFlow["kind"]) {
  return ({ context }: LoaderFunctionArgs) => {
    const flow = requireFlow(context, kind);
    const wait = Math.max(
      0,
      Math.ceil((flow.sentAt + context.get(servicesContext).codeResendSeconds * 1000 - Date.now()) / 1000),
    );
    return {
      flow: { type: flow.type, email: flow.email, area_code: flow.area_code, phone: flow.phone },
      wait,
    };
  };
}

export function codeStepAction(kind: AuthFlow["kind"]) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const flow = requireFlow(context, kind);
    const formData = await request.formData();
    const api = apiClient(request, context);
    const t = getI18n(context).t;
    if (formData.get("intent") === "resend") {
      const submission = unvalidated(formData);
      const sent = await sendFlowCode(api, flow, kind);
      if (sent.status_code !== 200) return replyWithEnvelope(submission, sent);
      const captcha = sent.data && typeof sent.data === "object" ? sent.data.captcha_key : flow.captcha_key;
      setFlow(context, { ...flow, captcha_key: captcha, code: undefined, sentAt: Date.now() });
      flashToast(context, { kind: "success", message: t("auth:code_sent") });
      return redirect(new URL(request.url).pathname);
    }
    const submission = parseWithZod(formData, { schema: codeForm });
    if (submission.status !== "success") return submission.reply();
    const checked = await api.post("/check_code", {
      ...addressOf(flow),
      purpose: kind,
      code: submission.value.code,
      captcha_key: flow.captcha_key,
    });
    if (checked.status_code !== 200) return replyWithEnvelope(submission, checked);
    setFlow(context, { ...flow, code: submission.value.code });
    return redirect(NEXT[kind]);
  };
}
