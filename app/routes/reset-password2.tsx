import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { requireFlow } from "../.server/auth-flow.ts";
import { replyWithEnvelope, SECRET_FIELDS } from "../.server/forms.ts";
import { clearSession, setFlow } from "../.server/session.ts";
import { PasswordStep } from "../components/password-step.tsx";
import { useTranslation } from "../components/translation.ts";
import { newPasswordForm } from "../forms/auth.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/reset-password2";

// Password reset, step 3: the new password; every session of the account ends.
export const handle: RouteHandle = {
  title: "auth:reset_title",
  hideNav: true,
  back: "/coderes",
  i18n: ["auth"],
};

export function loader({ context }: Route.LoaderArgs) {
  requireFlow(context, "reset", true);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const flow = requireFlow(context, "reset", true);
  const submission = parseWithZod(await request.formData(), { schema: newPasswordForm });
  if (submission.status !== "success") return submission.reply({ hideFields: SECRET_FIELDS });
  const result = await apiClient(request, context).post("/user/reset_login_pwd", {
    account: flow.type === "email" ? flow.email : flow.phone,
    area_code: flow.area_code,
    code: flow.code,
    password: submission.value.password,
    password_confirmation: submission.value.password_confirmation,
  });
  if (result.status_code !== 200) {
    if (result.errors?.code) {
      setFlow(context, { ...flow, code: undefined });
      throw redirect("/coderes");
    }
    return replyWithEnvelope(submission, result);
  }
  // The platform ended every session of the account, this browser's included.
  clearSession(context);
  return redirect("/successmodified");
}

export default function ResetPassword2({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return <PasswordStep title={t("new_password")} submit={t("save_password")} lastResult={actionData} />;
}
