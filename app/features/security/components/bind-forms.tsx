import { getFormProps, useForm } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Form } from "react-router";
import type { SecurityOverview } from "../../../../platform/contract/security.ts";
import { AreaCodeButton, AuthHeading } from "../../../components/auth.tsx";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "../../../components/form.tsx";
import { GoogleCodeField, Notice } from "../../../components/security.tsx";
import { useTranslation } from "../../../components/translation.ts";
import type { BindActionData } from "../types.ts";

const loadEmail = () => import("../forms.ts").then((m) => m.validators.bindEmail);
const loadPhone = () => import("../forms.ts").then((m) => m.validators.bindPhone);
const loadAntiPhishing = () => import("../forms.ts").then((m) => m.validators.antiPhishing);

type FieldOf = ComponentProps<typeof Field>["field"];

/**
 * The e-mail and phone forms below the new address: "send code" (a second button of the same
 * form, so no script is needed) and what it sent, the code it received, the Google code once
 * bound, and Save.
 */
function CodeAndSave({
  intent,
  form,
  fields,
  sent,
  googleBound,
}: {
  intent: "email" | "phone";
  form: { errorId: string; errors?: string[] };
  fields: { code: FieldOf; google_code: FieldOf };
  sent?: string;
  googleBound: boolean;
}) {
  const { t } = useTranslation("security");
  return (
    <>
      <button
        type="submit"
        name="intent"
        value={`send_${intent}`}
        formNoValidate
        className="btn btn-secondary mt-2"
      >
        {t("send_code")}
      </button>
      {sent ? (
        <p role="status" className="mt-2 text-sm text-up">
          {sent}
        </p>
      ) : null}
      <Field
        field={fields.code}
        label={t("code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="000000"
      />
      <GoogleCodeField field={fields.google_code} bound={googleBound} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Submit name="intent" value={intent}>
        {t("save")}
      </Submit>
    </>
  );
}

/** Bind or change the e-mail: the new address, then CodeAndSave. */
export function BindEmailForm({ overview, data }: { overview: SecurityOverview; data?: BindActionData }) {
  const { t } = useTranslation("security");
  const validate = useLazyValidator(loadEmail);
  const [form, fields] = useForm<{ email: string; code: string; google_code: string }>({
    lastResult: data?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <div>
      <AuthHeading
        title={overview.email ? t("email_change_heading") : t("email_bind_heading")}
        subtitle={overview.email ? t("current_address", { address: overview.email }) : t("email_bind_intro")}
      />
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <Field
          field={fields.email}
          label={t("new_email")}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <CodeAndSave
          intent="email"
          form={form}
          fields={fields}
          sent={data?.sent}
          googleBound={overview.google_bound}
        />
      </Form>
      {overview.email && <Notice>{t("change_lock")}</Notice>}
    </div>
  );
}

export function BindPhoneForm({
  overview,
  data,
  areaCode,
}: {
  overview: SecurityOverview;
  data?: BindActionData;
  areaCode: string;
}) {
  const { t } = useTranslation("security");
  const validate = useLazyValidator(loadPhone);
  const [form, fields] = useForm<{ area_code: string; phone: string; code: string; google_code: string }>({
    lastResult: data?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const current = overview.phone ? `+${overview.area_code} ${overview.phone}` : "";
  return (
    <div>
      <AuthHeading
        title={current ? t("phone_change_heading") : t("phone_bind_heading")}
        subtitle={current ? t("current_address", { address: current }) : t("phone_bind_intro")}
      />
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <Field
          field={fields.phone}
          label={t("new_phone")}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          prefix={<AreaCodeButton areaCode={areaCode} />}
        />
        <CodeAndSave
          intent="phone"
          form={form}
          fields={fields}
          sent={data?.sent}
          googleBound={overview.google_bound}
        />
      </Form>
      {current && <Notice>{t("change_lock")}</Notice>}
    </div>
  );
}

/** The anti-phishing code: a word of the user's choosing that every e-mail from us starts with. */
export function AntiPhishingForm({ overview, data }: { overview: SecurityOverview; data?: BindActionData }) {
  const { t } = useTranslation("security");
  const validate = useLazyValidator(loadAntiPhishing);
  const [form, fields] = useForm<{ anti_phishing_code: string; google_code: string }>({
    lastResult: data?.result,
    defaultValue: { anti_phishing_code: overview.anti_phishing_code },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <div>
      <AuthHeading title={t("antiphishing_heading")} subtitle={t("antiphishing_intro")} />
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <Field
          field={fields.anti_phishing_code}
          label={t("antiphishing_code")}
          autoComplete="off"
          hint={t("antiphishing_rule")}
        />
        <GoogleCodeField field={fields.google_code} bound={overview.google_bound} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit name="intent" value="antiphishing">
          {t("save")}
        </Submit>
        {overview.anti_phishing_code && (
          <button
            type="submit"
            name="intent"
            value="clear_antiphishing"
            formNoValidate
            className="btn btn-secondary btn-block mt-3"
          >
            {t("antiphishing_clear")}
          </button>
        )}
      </Form>
    </div>
  );
}
