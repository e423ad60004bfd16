import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { sendFlowCode } from "../.server/auth-flow.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { getI18n, getLocale } from "../.server/i18n.ts";
import { flashToast, setFlow } from "../.server/session.ts";
import { AddressField, AddressTabs, AuthHeading } from "../components/auth.tsx";
import { ErrorList, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { useTranslation } from "../components/translation.ts";
import { defaultDialCode } from "../dial-code.ts";
import { resetStartForm } from "../forms/auth.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/reset-password";

// Password reset, step 1: the account's e-mail or phone; a code goes there (if it has an account).
export const handle: RouteHandle = {
  title: "auth:reset_title",
  hideNav: true,
  back: "/login",
  i18n: ["auth"],
};

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    type: url.searchParams.get("type") === "phone" ? ("phone" as const) : ("email" as const),
    areaCode: url.searchParams.get("area_code")?.replace(/\D/g, "") || defaultDialCode(getLocale(context)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetStartForm });
  if (submission.status !== "success") return submission.reply();
  const v = submission.value;
  const flow = {
    kind: "reset" as const,
    type: v.type,
    email: v.type === "email" ? v.email : undefined,
    area_code: v.type === "phone" ? v.area_code : undefined,
    phone: v.type === "phone" ? v.phone : undefined,
  };
  const sent = await sendFlowCode(apiClient(request, context), flow, "reset");
  if (sent.status_code !== 200) return replyWithEnvelope(submission, sent);
  const captcha = sent.data && typeof sent.data === "object" ? sent.data.captcha_key : undefined;
  setFlow(context, { ...flow, captcha_key: captcha, sentAt: Date.now() });
  flashToast(context, { kind: "success", message: getI18n(context).t("auth:code_sent") });
  return redirect("/coderes");
}

const loadValidator = () => import("../forms/auth.ts").then((m) => m.validators.resetStart);

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { type, areaCode } = loaderData;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<{ type: string; email: string; area_code: string; phone: string }>({
    lastResult: actionData,
    defaultValue: { type },
    shouldValidate: "onBlur",
    onValidate: validate,
  });
  return (
    <div>
      <AuthHeading title={t("reset_heading")} subtitle={t("reset_intro")} />
      <AddressTabs type={type} />
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <input type="hidden" name="type" value={type} />
        <AddressField
          type={type}
          field={type === "email" ? fields.email : fields.phone}
          areaCode={areaCode}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("get_code")}</Submit>
      </Form>
    </div>
  );
}
