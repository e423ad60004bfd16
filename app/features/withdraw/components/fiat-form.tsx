import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link } from "react-router";
import { ErrorList, Submit, useLazyValidator, useMessage } from "../../../components/form.tsx";
import { FundsNotice } from "../../../components/funds-notice.tsx";
import { useTranslation } from "../../../components/translation.ts";
import { Notice } from "../../../components/wallet.tsx";
import type { FiatWithdrawData, FiatWithdrawFields, WithdrawActionResult } from "../types.ts";
import { AmountField, WhatArrives } from "./amount.tsx";
import { Codes } from "./codes.tsx";
import { PayoutMethods } from "./payout-methods.tsx";
import { useReceive } from "./receive.ts";

const loadValidator = () => import("../forms.ts").then((m) => m.validators.fiatWithdraw);

/** USDT paid out to one of the customer's bank cards or e-wallets; reviewed like any withdrawal. */
export function FiatWithdrawForm({
  data,
  googleBound,
  lastResult,
}: {
  data: FiatWithdrawData;
  googleBound: boolean;
  lastResult: WithdrawActionResult | undefined;
}) {
  const { t } = useTranslation("wallet");
  const message = useMessage();
  const { terms, methods, available } = data;
  const coin = terms.coin;
  const fee = terms.withdraw_fee;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<FiatWithdrawFields>({
    lastResult,
    defaultValue: { payment_method_id: methods[0] ? String(methods[0].id) : "", amount: data.amount },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const { onInput, receive } = useReceive(String(fields.amount.initialValue ?? data.amount ?? ""), fee);
  if (!terms.withdraw_enabled) {
    return (
      <div className="px-4 pb-6">
        <Notice kind="info">{message("wallet.network_paused")}</Notice>
      </div>
    );
  }
  if (methods.length === 0) {
    return (
      <section className="card mx-4 mt-4" aria-labelledby="no-methods">
        <p id="no-methods">{t("no_payment_methods")}</p>
        <Link to={data.addAt} className="btn btn-primary btn-block mt-4">
          {t("add_payment_method")}
        </Link>
      </section>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="px-4 pb-6" onInput={onInput}>
      <p className="mt-4 text-sm text-muted">{t("fiat_withdraw_intro")}</p>
      <PayoutMethods methods={methods} field={fields.payment_method_id} addAt={data.addAt} />
      <AmountField
        field={fields.amount}
        coin={coin}
        available={available}
        all={`?${new URLSearchParams({ tab: "fiat", amount: available }).toString()}`}
      />
      <FundsNotice coin={coin} available={available} transferTo="spot" className="mt-2" />
      <WhatArrives coin={coin} minimum={terms.min_withdraw} fee={fee} feeLabel={t("fee")} receive={receive} />
      <Codes password={fields.payment_password} googleCode={fields.google_code} googleBound={googleBound} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Submit>{t("withdraw_submit")}</Submit>
    </Form>
  );
}
