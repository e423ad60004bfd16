import { useTranslation } from "../../../components/translation.ts";
import { CONTRACT_TYPES, type TradeState, tradeHref } from "../state.ts";
import { Segmented } from "./ui.tsx";

/** Above the order form: the contract type (contracts) or the side (spot), and the order type; links. */
export function OrderControls({ state }: { state: TradeState }) {
  const { t } = useTranslation("trade");
  return (
    <div className="mt-3 grid gap-2 px-4">
      {state.mode === "contract" ? (
        <Segmented
          label={t("contract_type_label")}
          size="sm"
          options={CONTRACT_TYPES.map((c) => ({ value: c, label: t(`contract_types.${c}`) }))}
          current={state.contractType}
          href={(c) => tradeHref(state, { contractType: c as TradeState["contractType"] })}
        />
      ) : (
        <Segmented
          label={t("side_label")}
          size="sm"
          options={[
            { value: "buy", label: t("buy") },
            { value: "sell", label: t("sell") },
          ]}
          current={state.side}
          href={(s) => tradeHref(state, { side: s as TradeState["side"] })}
        />
      )}
      <Segmented
        label={t("order_type")}
        size="sm"
        options={[
          { value: "market", label: t("order_types.market") },
          { value: "limit", label: t("order_types.limit") },
        ]}
        current={state.type}
        href={(v) => tradeHref(state, { type: v as TradeState["type"] })}
      />
    </div>
  );
}
