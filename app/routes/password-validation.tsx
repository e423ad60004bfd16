import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { getI18n } from "../.server/i18n.ts";
import { flashToast, getToken, getTwoFactor, setTwoFactor } from "../.server/session.ts";
import { afterSignIn } from "../.server/sign-in.ts";
import { AuthHeading } from "../components/auth.tsx";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { useTranslation } from "../components/translation.ts";
import { twoFactorForm } from "../forms/security.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/password-validation";

// The second step of a sign-in when Google Authenticator is bound: the first step (password,
// Google, Apple or a wallet) left the platform's ticket in the session cookie.
export const handle: RouteHandle = {
  title: "security:two_factor_title",
  hideNav: true,
  back: "/login",
  i18n: ["auth", "security"],
};

export function loader({ context }: Route.LoaderArgs) {
  if (getToken(context)) throw redirect("/");
  if (!getTwoFactor(context)) {
    flashToast(context, { kind: "error", message: getI18n(context).t("messages:security.ticket_expired") });
    throw redirect("/login");
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const flow = getTwoFactor(context);
  const t = getI18n(context).t;
  if (!flow) {
    flashToast(context, { kind: "error", message: t("messages:security.ticket_expired") });
    return redirect("/login");
  }
  const submission = parseWithZod(await request.formData(), { schema: twoFactorForm });
  if (submission.status !== "success") return submission.reply();
  const result = await apiClient(request, context).post("/login/verify", {
    ticket: flow.ticket,
    code: submission.value.code,
  });
  if (result.status_code !== 200) {
    // The ticket is spent (expired, used, or out of tries): start again from the login screen.
    if (result.errors?.ticket || result.status_code === 423) {
      setTwoFactor(context, undefined);
      flashToast(context, { kind: "error", message: result.message });
      return redirect("/login");
    }
    return replyWithEnvelope(submission, result);
  }
  return afterSignIn(context, result.data, flow.redirectTo, t("auth:welcome_back"));
}

const loadValidator = () => import("../forms/security.ts").then((m) => m.validators.twoFactor);

export default function PasswordValidation({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("security");
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<{ code: string }>({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <div>
      <AuthHeading title={t("two_factor_heading")} subtitle={t("two_factor_intro")} />
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <Field
          field={fields.code}
          label={t("google_code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("two_factor_submit")}</Submit>
      </Form>
      <p className="mt-6 px-4 text-center text-sm text-muted">
        {t("two_factor_lost")}{" "}
        <Link to="/customerservice" className="text-accent">
          {t("contact_service")}
        </Link>
      </p>
    </div>
  );
}
