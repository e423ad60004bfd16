import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { AuthHeading, maskAddress } from "./auth.tsx";
import { ErrorList, Field, Submit, useLazyValidator } from "./form.tsx";
import { useTranslation } from "./translation.ts";

type Props = {
  flow: { type: string; email?: string; area_code?: string; phone?: string };
  wait: number;
  lastResult?: SubmissionResult<string[]>;
};

const loadValidator = () => import("../forms/auth.ts").then((m) => m.validators.code);

/** Enter the 6-digit code; "send again" is a second button of the same form (no JS needed). */
export function CodeStep({ flow, wait, lastResult }: Props) {
  const { t } = useTranslation("auth");
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<{ code: string }>({
    lastResult,
    shouldValidate: "onBlur",
    onValidate: validate,
  });
  // With JS the resend button counts down; without it, the server says how long to wait.
  const [left, setLeft] = useState(wait);
  useEffect(() => {
    setLeft(wait);
    if (wait <= 0) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [wait]);
  return (
    <div>
      <AuthHeading title={t("code_heading")} subtitle={t("code_sent_to", { address: maskAddress(flow) })} />
      <Form method="post" {...getFormProps(form)} className="px-4">
        <Field
          field={fields.code}
          label={t("code")}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("next")}</Submit>
        <button
          type="submit"
          name="intent"
          value="resend"
          formNoValidate
          className="btn btn-secondary btn-block mt-3"
          disabled={left > 0}
        >
          {left > 0 ? t("resend_in", { seconds: left }) : t("resend")}
        </button>
      </Form>
      <p className="mt-4 px-4 text-xs text-muted">{t("code_help")}</p>
    </div>
  );
}
