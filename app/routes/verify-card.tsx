import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { apiClient } from "../.server/api.ts";
import { replyWithEnvelope } from "../.server/forms.ts";
import { flashToast } from "../.server/session.ts";
import { AuthHeading } from "../components/auth.tsx";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../components/form.tsx";
import { SelectField } from "../components/security.tsx";
import { useTranslation } from "../components/translation.ts";
import { primaryForm } from "../forms/kyc.ts";
import type { RouteHandle } from "../handle.ts";
import type { Route } from "./+types/verify-card";

// Primary verification: the real name, the ID number, the issuing country and the document type.
export const handle: RouteHandle = {
  title: "kyc:primary_title",
  back: "/verify",
  hideNav: true,
  i18n: ["kyc"],
};

const DOCUMENTS = ["id_card", "passport", "driving_licence"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiClient(request, context);
  const kyc = await api.data("/user/kyc");
  // Under review or done: nothing to fill in here.
  if (kyc.primary.status === "pending" || kyc.primary.status === "authenticated") throw redirect("/verify");
  const countries = await api.data("/country/codes");
  return {
    countries: countries
      .map((c) => ({ value: c.code, label: c.name }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    country: new URL(request.url).searchParams.get("country")?.toUpperCase() ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: primaryForm });
  if (submission.status !== "success") return submission.reply();
  const result = await apiClient(request, context).post("/user/kyc/primary", submission.value);
  if (result.status_code !== 200) return replyWithEnvelope(submission, result);
  flashToast(context, { kind: "success", message: result.message });
  return redirect("/verify");
}

type Fields = { real_name: string; id_number: string; country: string; document_type: string };
const loadValidator = () => import("../forms/kyc.ts").then((m) => m.validators.primary);

export default function VerifyCard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("kyc");
  const { countries, country } = loaderData;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<Fields>({
    lastResult: actionData,
    defaultValue: { country, document_type: "id_card" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <div>
      <AuthHeading title={t("primary_heading")} subtitle={t("primary_form_intro")} />
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <SelectField
          field={fields.country}
          label={t("country")}
          options={countries}
          placeholder={t("country_pick")}
        />
        <SelectField
          field={fields.document_type}
          label={t("document_type")}
          options={DOCUMENTS.map((d) => ({ value: d, label: t(`document.${d}`) }))}
        />
        <Field
          field={fields.real_name}
          label={t("real_name")}
          autoComplete="name"
          hint={t("real_name_hint")}
        />
        <Field field={fields.id_number} label={t("id_number")} autoComplete="off" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("submit")}</Submit>
      </Form>
      <p className="mt-4 px-4 text-xs text-muted">{t("privacy_note")}</p>
    </div>
  );
}
