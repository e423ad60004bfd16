import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { ErrorList, Field, Submit, useLazyValidator } from "../../../components/form.tsx";
import { FundsNotice } from "../../../components/funds-notice.tsx";
import { useTranslation } from "../../../components/translation.ts";
import { Chips, Notice } from "../../../components/wallet.tsx";
import { useHydrated } from "../../../hooks.ts";
import type { CryptoWithdrawData, WithdrawActionResult, WithdrawFields } from "../types.ts";
import { AmountField, WhatArrives } from "./amount.tsx";
import { Codes } from "./codes.tsx";
import { useReceive } from "./receive.ts";
import { SavedAddresses } from "./saved-addresses.tsx";

const loadValidator = () => import("../forms.ts").then((m) => m.validators.withdraw);

/** A coin sent to an address on one network: coin and network chips (links), then the form. */
export function CryptoWithdrawForm({
  data,
  googleBound,
  lastResult,
}: {
  data: CryptoWithdrawData;
  googleBound: boolean;
  lastResult: WithdrawActionResult | undefined;
}) {
  const { t } = useTranslation("wallet");
  const hydrated = useHydrated();
  const { coin, network, fee, minimum, available } = data;
  const validate = useLazyValidator(loadValidator);
  const [form, fields] = useForm<WithdrawFields>({
    lastResult,
    defaultValue: { coin, network, address: data.address, amount: data.amount },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const { onInput, receive } = useReceive(String(fields.amount.initialValue ?? data.amount ?? ""), fee);
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ coin, network, ...extra }).toString()}`;
  return (
    <div className="px-4 pb-6">
      <h2 className="mt-4 mb-2 text-sm text-muted">{t("coin")}</h2>
      <Chips
        label={t("coin")}
        options={data.coins.map((c) => ({ value: c, label: c }))}
        current={coin}
        href={(c) => `?coin=${c}`}
      />
      <h2 className="mt-4 mb-2 text-sm text-muted">{t("network")}</h2>
      <Chips
        label={t("network")}
        options={data.networks.map((n) => ({ value: n, label: n }))}
        current={network}
        href={(n) => `?coin=${coin}&network=${n}`}
      />
      <Form method="post" {...getFormProps(form)} onInput={onInput}>
        <input type="hidden" name="coin" value={coin} />
        <input type="hidden" name="network" value={network} />
        <Field field={fields.address} label={t("address", { network })} autoComplete="off" />
        <SavedAddresses saved={data.saved} book={data.book} pickHref={(address) => query({ address })} />
        {data.memo && (
          <Field field={fields.memo} label={t("memo")} autoComplete="off" hint={t("memo_withdraw_hint")} />
        )}
        <AmountField
          field={fields.amount}
          coin={coin}
          available={available}
          all={query({ amount: available, ...(data.address ? { address: data.address } : {}) })}
        />
        <FundsNotice
          coin={coin}
          available={available}
          needed={fields.amount.value}
          transferTo={coin === "USDT" ? "spot" : undefined}
          className="mt-2"
        />
        <WhatArrives coin={coin} minimum={minimum} fee={fee} feeLabel={t("network_fee")} receive={receive} />
        {!hydrated && (
          <button type="submit" name="intent" value="preview" className="btn btn-secondary btn-block mt-3">
            {t("calculate")}
          </button>
        )}
        <Codes password={fields.payment_password} googleCode={fields.google_code} googleBound={googleBound} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Notice kind="info">{t("withdraw_note", { network })}</Notice>
        <Submit name="intent" value="withdraw">
          {t("withdraw_submit")}
        </Submit>
      </Form>
    </div>
  );
}
