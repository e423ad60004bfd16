import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { AuthHeading } from "./auth.tsx";
import { ErrorList, Field, HoneypotInputs, Submit, useLazyValidator } from "./form.tsx";
import { useTranslation } from "./translation.ts";

const loadValidator = () => import("../forms/auth.ts").then((m) => m.validators.newPassword);

/** Choose a password and confirm it: the last step of registration and of a reset. */
export function PasswordStep({
  title,
  submit,
  lastResult,
}: {
  title: string;
  submit: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("auth");
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<{ password: string; password_confirmation: string }>({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <div>
      <AuthHeading title={title} subtitle={t("password_rule")} />
      <Form method="post" {...getFormProps(form)} className="px-4">
        <HoneypotInputs />
        <Field field={fields.password} label={t("password")} type="password" autoComplete="new-password" />
        <Field
          field={fields.password_confirmation}
          label={t("password_confirm")}
          type="password"
          autoComplete="new-password"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{submit}</Submit>
      </Form>
    </div>
  );
}
