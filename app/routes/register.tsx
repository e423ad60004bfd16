import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { sendFlowCode } from "../.server/auth-flow.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { getI18n, getLocale } from "../.server/i18n.ts";
import { safeRedirect } from "../.server/redirects.ts";
import { flashToast, setFlow } from "../.server/session.ts";
import { AddressField, AddressTabs, AuthHeading } from "../components/auth.tsx";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { useTranslation } from "../components/translation.ts";
import { defaultDialCode } from "../dial-code.ts";
import { registerStartForm } from "../forms/auth.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/register";

export const handle: RouteHandle = {
  title: "auth:register_title",
  hideNav: true,
  back: "/login",
  i18n: ["auth"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    type: url.searchParams.get("type") === "phone" ? ("phone" as const) : ("email" as const),
    areaCode: url.searchParams.get("area_code")?.replace(/\D/g, "") || defaultDialCode(getLocale(context)),
    // An invite link (/resgister?invite=CODE) fills the invite code in.
    invite: (url.searchParams.get("invite") ?? "")
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "")
      .slice(0, 12),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "/"),
  };
}

/** Step 1 of registration: the address and the invite code; a code is sent, then /code. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: registerStartForm });
  if (submission.status !== "success") return submission.reply();
  const value = submission.value;
  const flow = {
    kind: "register" as const,
    type: value.type,
    email: value.type === "email" ? value.email : undefined,
    area_code: value.type === "phone" ? value.area_code : undefined,
    phone: value.type === "phone" ? value.phone : undefined,
    invite_code: value.invite_code,
    redirectTo: safeRedirect(value.redirectTo, "/"),
  };
  const sent = await sendFlowCode(apiClient(request, context), flow, "register");
  if (sent.status_code !== 200) return replyWithEnvelope(submission, sent);
  const captcha = sent.data && typeof sent.data === "object" ? sent.data.captcha_key : undefined;
  setFlow(context, { ...flow, captcha_key: captcha, sentAt: Date.now() });
  flashToast(context, { kind: "success", message: getI18n(context).t("auth:code_sent") });
  return redirect("/code");
}

type RegisterFields = {
  type: string;
  email: string;
  area_code: string;
  phone: string;
  invite_code: string;
  agree: string;
  redirectTo: string;
};
const loadValidator = () => import("../forms/auth.ts").then((m) => m.validators.registerStart);

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { type, areaCode, invite, redirectTo } = loaderData;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<RegisterFields>({
    lastResult: actionData,
    defaultValue: { type, invite_code: invite, redirectTo },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <div>
      <AuthHeading title={t("register_heading")} subtitle={t("register_intro")} />
      <AddressTabs type={type} />
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <input type="hidden" name="type" value={type} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AddressField
          type={type}
          field={type === "email" ? fields.email : fields.phone}
          areaCode={areaCode}
        />
        <Field
          field={fields.invite_code}
          label={t("invite_code")}
          autoComplete="off"
          hint={t("invite_hint")}
        />
        <div className="mt-5 flex items-start gap-2">
          <input
            id={fields.agree.id}
            name={fields.agree.name}
            type="checkbox"
            className="mt-1 h-5 w-5 accent-[var(--accent)]"
            aria-invalid={fields.agree.errors ? true : undefined}
            aria-describedby={fields.agree.errors ? fields.agree.errorId : undefined}
          />
          <label htmlFor={fields.agree.id} className="text-sm text-muted">
            {t("agree_prefix")}{" "}
            <Link to="/protocol?type=terms" className="text-accent">
              {t("terms")}
            </Link>{" "}
            {t("agree_and")}{" "}
            <Link to="/protocol?type=privacy" className="text-accent">
              {t("privacy")}
            </Link>
          </label>
        </div>
        <ErrorList id={fields.agree.errorId} errors={fields.agree.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("get_code")}</Submit>
      </Form>
      <p className="mt-6 px-4 text-center text-muted">
        {t("have_account")}{" "}
        <Link to="/login" className="text-accent">
          {t("login_link")}
        </Link>
      </p>
    </div>
  );
}
