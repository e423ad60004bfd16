import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Link } from "react-router";
import type { PaymentMethodView } from "../../../../platform/contract/security.ts";
import { ErrorList } from "../../../components/form.tsx";
import { useTranslation } from "../../../components/translation.ts";

/** Where the fiat goes: one of the customer's bank cards or e-wallets (radios), and a link to add one. */
export function PayoutMethods({
  methods,
  field,
  addAt,
}: {
  methods: PaymentMethodView[];
  field: FieldMetadata<string>;
  addAt: string;
}) {
  const { t } = useTranslation("wallet");
  return (
    <fieldset className="mt-4">
      <legend className="mb-1 text-sm text-muted">{t("payout_to")}</legend>
      <div className="grid gap-2">
        {methods.map((m) => (
          <label
            key={m.id}
            className="flex min-h-11 items-center gap-2 rounded-lg border border-line px-3 py-2 has-[:checked]:border-accent"
          >
            <input
              {...getInputProps(field, { type: "radio", value: String(m.id) })}
              key={`${field.key}-${m.id}`}
              className="accent-[var(--accent)]"
            />
            <span className="min-w-0">
              <span className="block truncate">
                {m.provider} {m.account}
              </span>
              <span className="block truncate text-xs text-muted">
                {t(`fiat_methods.${m.kind}`)} · {m.holder}
              </span>
            </span>
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
      <Link to={addAt} className="mt-2 inline-block text-sm text-accent">
        {t("add_payment_method")}
      </Link>
    </fieldset>
  );
}
