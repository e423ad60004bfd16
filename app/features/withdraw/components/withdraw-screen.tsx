import { useTranslation } from "../../../components/translation.ts";
import { Tabs } from "../../../components/wallet.tsx";
import type { WithdrawActionResult, WithdrawData } from "../types.ts";
import { Blocked } from "./blocked.tsx";
import { CryptoWithdrawForm } from "./crypto-form.tsx";
import { FiatWithdrawForm } from "./fiat-form.tsx";

/** /withdraw: crypto or fiat (tabs), each form once every precondition is met, else what is missing. */
export function WithdrawScreen({
  loaderData,
  actionData,
}: {
  loaderData: WithdrawData;
  actionData: WithdrawActionResult | undefined;
}) {
  const { t } = useTranslation("wallet");
  const { tab, readiness, fixAt, form, fiat } = loaderData;
  // A new coin, network, picked address or "all" starts the form afresh with its values.
  const key = form ? [form.coin, form.network, form.address, form.amount].join(":") : "";
  return (
    <div>
      <Tabs
        label={t("withdraw_ways")}
        options={[
          { value: "crypto", label: t("recharge_crypto") },
          { value: "fiat", label: t("recharge_fiat") },
        ]}
        current={tab}
        href={(value) => (value === "fiat" ? "?tab=fiat" : "?")}
      />
      {form ? (
        <CryptoWithdrawForm
          key={key}
          data={form}
          googleBound={readiness.google_bound}
          lastResult={actionData}
        />
      ) : fiat ? (
        <FiatWithdrawForm
          key={fiat.amount}
          data={fiat}
          googleBound={readiness.google_bound}
          lastResult={actionData}
        />
      ) : (
        <Blocked readiness={readiness} fixAt={fixAt} />
      )}
    </div>
  );
}
