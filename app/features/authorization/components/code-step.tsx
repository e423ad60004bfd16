import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { ErrorList, Field, Submit, useLazyValidator } from "../../../components/form.tsx";
import { useTranslation } from "../../../components/translation.ts";
import type { Result } from "../types.ts";
import { WalletAddressButton } from "./browser-wallet.tsx";

const loadMessageValidator = () => import("../forms.ts").then((m) => m.validators.message);

/** Step 1: the operator's code and the wallet address to prove (a browser wallet can fill it in). */
export function CodeStep({ result }: { result?: Result }) {
  const { t } = useTranslation("referral");
  const validate = useLazyValidator(loadMessageValidator);
  const [form, fields] = useForm<{ code: string; address: string }>({
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="px-4">
      <input type="hidden" name="intent" value="message" />
      <Field
        field={fields.code}
        label={t("code")}
        autoComplete="off"
        placeholder="XXXX-XXXX-XXXX"
        hint={t("code_hint")}
      />
      <Field
        field={fields.address}
        label={t("address")}
        autoComplete="off"
        placeholder="0x…"
        hint={t("address_hint")}
      />
      <WalletAddressButton inputId={fields.address.id} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Submit>{t("get_message")}</Submit>
    </Form>
  );
}
