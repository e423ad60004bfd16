import { parseWithZod } from "@conform-to/zod/v4";
import { type RouterContextProvider, redirect } from "react-router";
import { apiClient } from "../../../.server/api.ts";
import { replyWithEnvelope } from "../../../.server/forms.ts";
import { flashToast } from "../../../.server/session.ts";
import { agentBindForm, agentMessageForm } from "../forms.ts";
import type { AgentActionData } from "../types.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * Step 1 (intent=message): the code and address checked, the message to sign issued. Step 2
 * (intent=bind): the signed message; done, a redirect with a toast. A code refused at step 2 goes
 * back to step 1.
 */
export async function authorizationAction(
  request: Request,
  context: Context,
): Promise<AgentActionData | Response> {
  const formData = await request.formData();
  const api = apiClient(request, context);
  if (formData.get("intent") === "bind") {
    const message = String(formData.get("message") ?? "");
    const code = String(formData.get("code") ?? "");
    const address = String(formData.get("address") ?? "");
    const submission = parseWithZod(formData, { schema: agentBindForm });
    if (submission.status !== "success")
      return { step: "sign", code, address, message, result: submission.reply() };
    const result = await api.post("/agent/bind", submission.value);
    if (result.status_code !== 200) {
      // A code refused at this step (used meanwhile) sends the user back to the first step.
      if (result.errors?.code) return { step: "code", result: replyWithEnvelope(submission, result) };
      return { step: "sign", code, address, message, result: replyWithEnvelope(submission, result) };
    }
    flashToast(context, { kind: "success", message: result.message });
    return redirect("/authorization");
  }
  const submission = parseWithZod(formData, { schema: agentMessageForm });
  if (submission.status !== "success") return { step: "code", result: submission.reply() };
  const issued = await api.post("/agent/message", {
    code: submission.value.code,
    address: submission.value.address,
    chain_id: submission.value.chain_id,
  });
  if (issued.status_code !== 200) return { step: "code", result: replyWithEnvelope(submission, issued) };
  return {
    step: "sign",
    code: submission.value.code,
    address: submission.value.address,
    message: issued.data.message,
  };
}
