import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope, SECRET_FIELDS } from "../.server/forms.ts";
import { flashToast } from "../.server/session.ts";
import { AuthHeading } from "../components/auth.tsx";
import {
  ErrorList,
  Field,
  HoneypotInputs,
  Submit,
  unvalidated,
  useLazyValidator,
} from "../components/form.tsx";
import { GoogleCodeField, Notice } from "../components/security.tsx";
import { useTranslation } from "../components/translation.ts";
import { fundChangeForm, fundSetForm } from "../forms/security.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/modify-funding-password";

// The fund password (spec: 8–20 letters and digits, at least one of each): set it, or change it
// with the old one or — forgotten — with a code sent to the account's e-mail or phone.
export const handle: RouteHandle = {
  title: "security:fund_title",
  back: "/security",
  hideNav: true,
  i18n: ["security"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const overview = await apiClient(request, context).data("/security/overview");
  const url = new URL(request.url);
  const channels = [
    ...(overview.email ? ["email" as const] : []),
    ...(overview.phone ? ["sms" as const] : []),
  ];
  const asked = url.searchParams.get("channel");
  return {
    isSet: overview.fund_password_set,
    googleBound: overview.google_bound,
    by: url.searchParams.get("by") === "code" && channels.length > 0 ? ("code" as const) : ("old" as const),
    channel: channels.find((c) => c === asked) ?? channels[0] ?? "email",
    channels,
    email: overview.email,
    phone: overview.phone ? `+${overview.area_code} ****${overview.phone.slice(-4)}` : "",
  };
}

type ActionData = { result?: SubmissionResult<string[]>; sent?: string };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionData | Response> {
  const formData = await request.formData();
  const api = apiClient(request, context);
  if (formData.get("intent") === "send") {
    // The button asks for a code only: the fields it does not need are not flagged.
    const submission = unvalidated(formData);
    const sent = await api.post("/security/send_code", {
      channel: formData.get("channel") === "sms" ? "sms" : "email",
    });
    // Keep what was typed (but no password) and say where the code went.
    const result = submission.reply({ resetForm: false, hideFields: SECRET_FIELDS });
    if (sent.status_code !== 200) return { result: replyWithEnvelope(submission, sent) };
    return { result: { ...result, error: {} }, sent: sent.message };
  }
  const isSet = formData.get("mode") === "change";
  const submission = isSet
    ? parseWithZod(formData, { schema: fundChangeForm })
    : parseWithZod(formData, { schema: fundSetForm });
  if (submission.status !== "success") return { result: submission.reply({ hideFields: SECRET_FIELDS }) };
  const { by: _by, ...body } = submission.value as Record<string, unknown>;
  const result = await api.post(isSet ? "/security/fund_password/change" : "/security/fund_password", body);
  if (result.status_code !== 200) return { result: replyWithEnvelope(submission, result) };
  flashToast(context, { kind: "success", message: result.message });
  return redirect("/security");
}

type Fields = {
  by: string;
  channel: string;
  old_password: string;
  code: string;
  new_pay_pwd: string;
  new_pay_pwd_confirmation: string;
  google_code: string;
};
const loadSet = () => import("../forms/security.ts").then((m) => m.validators.fundSet);
const loadChange = () => import("../forms/security.ts").then((m) => m.validators.fundChange);

export default function ModifyFundingPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("security");
  const { isSet, googleBound, by, channel, channels, email, phone } = loaderData;
  const data = actionData as ActionData | undefined;
  const validate = useLazyValidator(isSet ? loadChange : loadSet);
  const [form, fields] = useForm<Fields>({
    lastResult: data?.result,
    defaultValue: { by, channel },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <div>
      <AuthHeading
        title={isSet ? t("fund_change_heading") : t("fund_set_heading")}
        subtitle={t("fund_rule")}
      />
      {isSet && channels.length > 0 && (
        <nav className="mt-4 flex gap-6 border-b border-line px-4" aria-label={t("fund_how")}>
          {(["old", "code"] as const).map((value) => (
            <Link
              key={value}
              to={value === "old" ? "?by=old" : "?by=code"}
              replace
              className={
                value === by ? "-mb-px border-b-2 border-accent pb-2 font-semibold" : "pb-2 text-muted"
              }
              aria-current={value === by ? "page" : undefined}
            >
              {t(value === "old" ? "fund_by_old" : "fund_by_code")}
            </Link>
          ))}
        </nav>
      )}
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <input type="hidden" name="mode" value={isSet ? "change" : "set"} />
        {isSet && <input type="hidden" name="by" value={by} />}
        {isSet && by === "old" && (
          <Field field={fields.old_password} label={t("fund_old")} type="password" autoComplete="off" />
        )}
        {isSet && by === "code" && (
          <>
            <input type="hidden" name="channel" value={channel} />
            {channels.length > 1 && (
              <p className="mt-4 text-sm">
                {(["email", "sms"] as const).map((c) => (
                  <Link
                    key={c}
                    to={`?by=code&channel=${c}`}
                    replace
                    className={c === channel ? "mr-4 font-semibold text-accent" : "mr-4 text-muted"}
                  >
                    {t(c === "email" ? "code_by_email" : "code_by_sms")}
                  </Link>
                ))}
              </p>
            )}
            <p className="mt-3 text-sm text-muted">
              {t("code_goes_to", { address: channel === "email" ? email : phone })}
            </p>
            <Field
              field={fields.code}
              label={t("code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="000000"
            />
            <button
              type="submit"
              name="intent"
              value="send"
              formNoValidate
              className="btn btn-secondary mt-2"
            >
              {t("send_code")}
            </button>
            {data?.sent && (
              <p role="status" className="mt-2 text-sm text-up">
                {data.sent}
              </p>
            )}
          </>
        )}
        <Field field={fields.new_pay_pwd} label={t("fund_new")} type="password" autoComplete="off" />
        <Field
          field={fields.new_pay_pwd_confirmation}
          label={t("fund_confirm")}
          type="password"
          autoComplete="off"
        />
        <GoogleCodeField field={fields.google_code} bound={googleBound} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{isSet ? t("fund_change_submit") : t("fund_set_submit")}</Submit>
      </Form>
      {isSet && <Notice>{t("fund_change_lock")}</Notice>}
    </div>
  );
}
