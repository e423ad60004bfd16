import type { ComponentProps } from "react";
import { Link } from "react-router";
import { compare } from "../../../../platform/contract/decimal.ts";
import { Field } from "../../../components/form.tsx";
import { useNumbers } from "../../../components/numbers.tsx";
import { useTranslation } from "../../../components/translation.ts";
import { InfoRow } from "../../../components/wallet.tsx";

/** The amount, and under it what is available with "All" (a link that fills it in) when there is any. */
export function AmountField({
  field,
  coin,
  available,
  all,
}: {
  field: ComponentProps<typeof Field>["field"];
  coin: string;
  available: string;
  all: string;
}) {
  const n = useNumbers();
  const { t } = useTranslation("wallet");
  return (
    <>
      <Field field={field} label={t("amount_coin", { coin })} inputMode="decimal" autoComplete="off" />
      <p className="mt-1 flex justify-between text-xs text-muted">
        <span>{t("available_amount", { amount: n.amount(available), coin })}</span>
        {compare(available, "0") > 0 && (
          <Link to={all} replace preventScrollReset className="text-accent">
            {t("all")}
          </Link>
        )}
      </p>
    </>
  );
}

/** The minimum, the fee and what arrives (live as the amount is typed; see useReceive). */
export function WhatArrives({
  coin,
  minimum,
  fee,
  feeLabel,
  receive,
}: {
  coin: string;
  minimum: string;
  fee: string;
  feeLabel: string;
  receive: string | undefined;
}) {
  const n = useNumbers();
  const { t } = useTranslation("wallet");
  return (
    <dl className="card mt-4 text-sm">
      <InfoRow label={t("min_withdraw")}>
        {n.qty(minimum)} {coin}
      </InfoRow>
      <InfoRow label={feeLabel}>
        {n.qty(fee)} {coin}
      </InfoRow>
      <InfoRow label={t("receive")} strong>
        <output aria-live="polite" data-testid="receive">
          {receive ? `${n.qty(receive)} ${coin}` : "—"}
        </output>
      </InfoRow>
    </dl>
  );
}
