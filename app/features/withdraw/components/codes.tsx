import type { ComponentProps } from "react";
import { Field } from "../../../components/form.tsx";
import { useTranslation } from "../../../components/translation.ts";

type FieldOf = ComponentProps<typeof Field>["field"];

/** What confirms a withdrawal: the fund password, and the Google code once Google is bound. */
export function Codes({
  password,
  googleCode,
  googleBound,
}: {
  password: FieldOf;
  googleCode: FieldOf;
  googleBound: boolean;
}) {
  const { t } = useTranslation("wallet");
  return (
    <>
      <Field field={password} label={t("fund_password")} type="password" autoComplete="off" />
      {googleBound && (
        <Field field={googleCode} label={t("google_code")} inputMode="numeric" autoComplete="one-time-code" />
      )}
    </>
  );
}
