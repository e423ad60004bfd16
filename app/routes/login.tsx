import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope, SECRET_FIELDS } from "../.server/forms.ts";
import { getI18n, getLocale } from "../.server/i18n.ts";
import { oauthProviders } from "../.server/oauth.ts";
import { safeRedirect } from "../.server/redirects.ts";
import { getToken } from "../.server/session.ts";
import { afterSignIn } from "../.server/sign-in.ts";
import { AddressField, AddressTabs, AuthHeading } from "../components/auth.tsx";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { useTranslation } from "../components/translation.ts";
import { defaultDialCode } from "../dial-code.ts";
import { loginForm } from "../forms/auth.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { title: "auth:login_title", hideNav: true, i18n: ["auth"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  if (getToken(context)) throw redirect(redirectTo);
  return {
    type: url.searchParams.get("type") === "phone" ? ("phone" as const) : ("email" as const),
    areaCode: url.searchParams.get("area_code")?.replace(/\D/g, "") || defaultDialCode(getLocale(context)),
    redirectTo,
    providers: await oauthProviders(request, context),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginForm });
  if (submission.status !== "success") return submission.reply({ hideFields: SECRET_FIELDS });
  const { account, password, redirectTo } = submission.value;
  const areaCode = submission.value.type === "phone" ? submission.value.area_code : undefined;
  const result = await apiClient(request, context).post("/login", {
    account,
    password,
    area_code: areaCode,
  });
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  // Signed in, or on to the Google Authenticator step when it is bound.
  return afterSignIn(
    context,
    result.data,
    safeRedirect(redirectTo, "/"),
    getI18n(context).t("auth:welcome_back"),
  );
}

type LoginFields = { type: string; account: string; password: string; area_code: string; redirectTo: string };
const loadValidator = () => import("../forms/auth.ts").then((m) => m.validators.login);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { type, areaCode, redirectTo, providers } = loaderData;
  const back = redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<LoginFields>({
    lastResult: actionData,
    defaultValue: { type, redirectTo },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <div>
      <AuthHeading title={t("login_heading")} />
      <AddressTabs type={type} />
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <input type="hidden" name="type" value={type} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AddressField type={type} field={fields.account} areaCode={areaCode} />
        <Field
          field={fields.password}
          label={t("password")}
          type="password"
          autoComplete="current-password"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="mt-3 text-right">
          <Link to={`/resetpassword?type=${type}`} className="text-sm text-accent">
            {t("forgot")}
          </Link>
        </div>
        <Submit>{t("login_submit")}</Submit>
      </Form>
      {/* Other ways in: plain links, no JavaScript needed. Providers show only when configured. */}
      <div className="mt-6 px-4">
        <p className="text-center text-sm text-muted">{t("or_continue")}</p>
        {providers.map((provider) => (
          <a key={provider} href={`/auth/${provider}${back}`} className="btn btn-secondary btn-block mt-3">
            {t(`continue_${provider}`)}
          </a>
        ))}
        <Link to={`/login/wallet${back}`} className="btn btn-secondary btn-block mt-3">
          {t("wallet_login")}
        </Link>
      </div>
      <p className="mt-6 px-4 text-center text-muted">
        {t("no_account")}{" "}
        <Link to={`/resgister?redirectTo=${encodeURIComponent(redirectTo)}`} className="text-accent">
          {t("register_link")}
        </Link>
      </p>
    </div>
  );
}
