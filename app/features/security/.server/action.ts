import { parseWithZod } from "@conform-to/zod/v4";
import { type RouterContextProvider, redirect } from "react-router";
import { apiClient } from "../../../.server/api.ts";
import { replyWithEnvelope } from "../../../.server/forms.ts";
import { flashToast } from "../../../.server/session.ts";
import { antiPhishingForm, bindEmailForm, bindPhoneForm, sendEmailForm, sendPhoneForm } from "../forms.ts";
import type { BindActionData } from "../types.ts";

type Context = Readonly<RouterContextProvider>;

/** Ends sessions; sends codes for and saves a new e-mail or phone; sets the anti-phishing code. */
export async function securityAction(request: Request, context: Context): Promise<BindActionData | Response> {
  const form = await request.formData();
  const api = apiClient(request, context);
  const intent = String(form.get("intent") ?? "");
  if (intent === "session" || intent === "others") {
    const body =
      intent === "others" ? { all_others: true as const } : { id: String(form.get("session") ?? "") };
    const result = await api.post("/user/sessions/revoke", body);
    flashToast(context, { kind: result.status_code === 200 ? "success" : "error", message: result.message });
    return redirect("/security");
  }
  if (intent === "send_email" || intent === "send_phone") {
    // Only the address is checked: the code it asks for is not there yet.
    const submission = parseWithZod(form, {
      schema: intent === "send_email" ? sendEmailForm : sendPhoneForm,
    });
    if (submission.status !== "success") return { result: submission.reply({ hideFields: ["google_code"] }) };
    // What the form checked (trimmed, spaces and dashes out), not the text as typed.
    const address = submission.value as { email?: string; phone?: string; area_code?: string };
    const sent =
      intent === "send_email"
        ? await api.post("/send_email", { email: String(address.email ?? ""), type: "bind" })
        : await api.get("/captcha", {
            phone: String(address.phone ?? ""),
            area_code: String(address.area_code ?? ""),
            type: "bind",
          });
    if (sent.status_code !== 200) return { result: replyWithEnvelope(submission, sent) };
    return {
      result: { ...submission.reply({ hideFields: ["google_code"] }), error: {} },
      sent: sent.message,
    };
  }
  const schema = intent === "email" ? bindEmailForm : intent === "phone" ? bindPhoneForm : antiPhishingForm;
  if (intent === "clear_antiphishing") {
    const result = await api.post("/security/anti_phishing", {
      clear: "1",
      google_code: String(form.get("google_code") ?? "") || undefined,
    });
    if (result.status_code !== 200) {
      return { result: replyWithEnvelope(parseWithZod(form, { schema: antiPhishingForm }), result) };
    }
    flashToast(context, { kind: "success", message: result.message });
    return redirect("/security");
  }
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return { result: submission.reply({ hideFields: ["google_code"] }) };
  const path =
    intent === "email"
      ? "/security/email"
      : intent === "phone"
        ? "/security/phone"
        : "/security/anti_phishing";
  const result = await api.post(path, submission.value);
  if (result.status_code !== 200) return { result: replyWithEnvelope(submission, result) };
  flashToast(context, { kind: "success", message: result.message });
  return redirect("/security");
}
