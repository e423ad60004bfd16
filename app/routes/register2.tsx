import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { addressOf, requireFlow } from "../.server/auth-flow.ts";
import { replyWithEnvelope, SECRET_FIELDS } from "../.server/forms.ts";
import { setFlow, setToken } from "../.server/session.ts";
import { PasswordStep } from "../components/password-step.tsx";
import { useTranslation } from "../components/translation.ts";
import { newPasswordForm } from "../forms/auth.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/register2";

// Registration, step 3: the password; the account is created and signed in.
export const handle: RouteHandle = {
  title: "auth:register_title",
  hideNav: true,
  back: "/code",
  i18n: ["auth"],
};

export function loader({ context }: Route.LoaderArgs) {
  requireFlow(context, "register", true);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const flow = requireFlow(context, "register", true);
  const submission = parseWithZod(await request.formData(), { schema: newPasswordForm });
  if (submission.status !== "success") return submission.reply({ hideFields: SECRET_FIELDS });
  const result = await apiClient(request, context).post("/register", {
    ...addressOf(flow),
    code: flow.code,
    captcha_key: flow.captcha_key,
    invite_code: flow.invite_code,
    password: submission.value.password,
    password_confirmation: submission.value.password_confirmation,
    agree: true,
  });
  if (result.status_code !== 200) {
    // The code was refused after all (expired meanwhile): back to the code step.
    if (result.errors?.code) {
      setFlow(context, { ...flow, code: undefined });
      throw redirect("/code");
    }
    return replyWithEnvelope(submission, result);
  }
  setToken(context, result.data.token);
  setFlow(context, undefined);
  return redirect(`/resgistersuccess?redirectTo=${encodeURIComponent(flow.redirectTo ?? "/")}`);
}

export default function Register2({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return <PasswordStep title={t("set_password")} submit={t("create_account")} lastResult={actionData} />;
}
