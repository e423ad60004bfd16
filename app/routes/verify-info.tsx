import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { flashToast } from "../.server/session.ts";
import { readUploadForm, tooLargeReply } from "../.server/uploads.ts";
import { AuthHeading } from "../components/auth.tsx";
import { ErrorList, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { ImageField } from "../components/security.tsx";
import { useTranslation } from "../components/translation.ts";
import { advancedForm } from "../forms/kyc.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/verify-info";

// Advanced verification: photos of the ID's front and back and one holding it (images of at most
// 2 MB each; the platform checks what they really are). Open once primary is verified.
export const handle: RouteHandle = {
  title: "kyc:advanced_title",
  back: "/verify",
  hideNav: true,
  i18n: ["kyc"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const kyc = await apiClient(request, context).data("/user/kyc");
  if (!kyc.advanced.can_submit) throw redirect("/verify");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readUploadForm(request, context);
  if (!form) return tooLargeReply(parseWithZod(new FormData(), { schema: advancedForm }));
  const submission = parseWithZod(form, { schema: advancedForm });
  if (submission.status !== "success") return submission.reply();
  const upload = new FormData();
  for (const name of ["front", "back", "holding"] as const) upload.append(name, submission.value[name]);
  const result = await apiClient(request, context).post("/user/kyc/advanced", upload);
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  flashToast(context, { kind: "success", message: result.message });
  return redirect("/verify");
}

const loadValidator = () => import("../forms/kyc.ts").then((m) => m.validators.advanced);

export default function VerifyInfo({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("kyc");
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<{ front: File; back: File; holding: File }>({
    lastResult: actionData,
    shouldValidate: "onSubmit",
    onValidate: validate,
  });
  return (
    <div>
      <AuthHeading title={t("advanced_heading")} subtitle={t("advanced_form_intro")} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <ImageField field={fields.front} label={t("front")} />
        <ImageField field={fields.back} label={t("back")} />
        <ImageField field={fields.holding} label={t("holding")} hint={t("holding_hint")} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("submit")}</Submit>
      </Form>
      <p className="mt-4 px-4 text-xs text-muted">{t("privacy_note")}</p>
    </div>
  );
}
