import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope, SECRET_FIELDS } from "../.server/forms.ts";
import { clearSession, flashToast } from "../.server/session.ts";
import { AuthHeading } from "../components/auth.tsx";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { GoogleCodeField } from "../components/security.tsx";
import { useTranslation } from "../components/translation.ts";
import { loginPasswordForm } from "../forms/security.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/reset-password3";

// Change the login password of the signed-in user: every session ends, this one too.
export const handle: RouteHandle = {
  title: "security:login_password_title",
  back: "/security",
  hideNav: true,
  i18n: ["auth", "security"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const overview = await apiClient(request, context).data("/security/overview");
  return { hasPassword: overview.login_password_set, googleBound: overview.google_bound };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginPasswordForm });
  if (submission.status !== "success") return submission.reply({ hideFields: SECRET_FIELDS });
  const result = await apiClient(request, context).post("/security/login_password", submission.value);
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  // Every session has ended: the user logs in again with the new password.
  clearSession(context);
  flashToast(context, { kind: "success", message: result.message });
  return redirect("/login");
}

type Fields = {
  old_login_pwd: string;
  new_login_pwd: string;
  new_login_pwd_confirmation: string;
  google_code: string;
};
const loadValidator = () => import("../forms/security.ts").then((m) => m.validators.loginPassword);

export default function ResetPassword3({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("security");
  const { t: ta } = useTranslation("auth");
  const { hasPassword, googleBound } = loaderData;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<Fields>({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <div>
      <AuthHeading title={t("login_password_title")} subtitle={t("login_password_intro")} />
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        {hasPassword && (
          <Field
            field={fields.old_login_pwd}
            label={t("current_password")}
            type="password"
            autoComplete="current-password"
          />
        )}
        <Field
          field={fields.new_login_pwd}
          label={t("new_password")}
          type="password"
          autoComplete="new-password"
          hint={ta("password_rule")}
        />
        <Field
          field={fields.new_login_pwd_confirmation}
          label={t("new_password_confirm")}
          type="password"
          autoComplete="new-password"
        />
        <GoogleCodeField field={fields.google_code} bound={googleBound} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("login_password_submit")}</Submit>
      </Form>
    </div>
  );
}
