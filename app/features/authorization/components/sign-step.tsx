import { getFormProps, useForm } from "@conform-to/react";
import { useRef } from "react";
import { Form, Link } from "react-router";
import { ErrorList, Field, Submit, useLazyValidator } from "../../../components/form.tsx";
import { MessageToSign } from "../../../components/message-to-sign.tsx";
import { useTranslation } from "../../../components/translation.ts";
import type { Result } from "../types.ts";
import { WalletSignButton } from "./browser-wallet.tsx";

const loadBindValidator = () => import("../forms.ts").then((m) => m.validators.bind);

/**
 * Step 2: the message to sign, and its signature: pasted from a wallet app, or signed and sent at
 * the press of a button with a browser wallet.
 */
export function SignStep({
  code,
  address,
  message,
  result,
}: {
  code: string;
  address: string;
  message: string;
  result?: Result;
}) {
  const { t } = useTranslation("referral");
  const validate = useLazyValidator(loadBindValidator);
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm<{ code: string; message: string; signature: string }>({
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <>
      <Form method="post" {...getFormProps(form)} ref={formRef} className="px-4">
        <input type="hidden" name="intent" value="bind" />
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="address" value={address} />
        <ErrorList id={fields.code.errorId} errors={fields.code.errors} />
        <MessageToSign
          field={fields.message}
          message={message}
          label={t("message")}
          help={t("message_help")}
        />
        <WalletSignButton
          message={message}
          address={address}
          formRef={formRef}
          signatureId={fields.signature.id}
        />
        <Field field={fields.signature} label={t("signature")} autoComplete="off" placeholder="0x…" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit>{t("submit")}</Submit>
      </Form>
      <p className="mt-6 px-4 text-center">
        <Link to="/authorization" className="text-accent">
          {t("start_over")}
        </Link>
      </p>
    </>
  );
}
