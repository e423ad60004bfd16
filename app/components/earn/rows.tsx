import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { decimalInput } from "../../forms/decimal-input.ts";
import { useHydrated, usePageLanguage } from "../../hooks.ts";
import { useTranslation } from "../translation.ts";
import { InfoRow } from "../wallet.tsx";

/**
 * A label and its value in a card (the wallet screens' row), its text wrapping between words:
 * rates, limits and dates rather than addresses.
 */
export function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <InfoRow label={label} strong={strong}>
      <span className="break-normal">{children}</span>
    </InfoRow>
  );
}

/**
 * The amount being typed, for the figures worked out from it (income, tokens): live with
 * JavaScript; without it, the amount last posted (e.g. by "Calculate"). Read as the page's
 * language writes numbers ("0,5" in Spanish), as the form's action reads it.
 */
export function useAmountInput(posted: string) {
  const lang = usePageLanguage();
  const [amount, setAmount] = useState(posted);
  useEffect(() => setAmount(posted), [posted]);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.name === "amount") setAmount(input.value);
  };
  return { amount: decimalInput(amount, lang), onInput };
}

/** Without JavaScript, a button that posts the amount back to show what it gives. */
export function CalculateButton() {
  const { t } = useTranslation("earn");
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <button type="submit" name="intent" value="preview" className="btn btn-secondary btn-block mt-3">
      {t("calculate")}
    </button>
  );
}
