import { type FormEvent, useState } from "react";
import { compare, isAmount, minus } from "../../../../platform/contract/decimal.ts";
import { decimalInput } from "../../../forms/decimal-input.ts";
import { usePageLanguage } from "../../../hooks.ts";

/**
 * What arrives after the fee: on the server from the posted amount, then live as the amount is
 * typed (a new posted amount replaces what was typed). The form hands its input events to
 * onInput; only the amount field's count.
 */
export function useReceive(initial: string, fee: string) {
  const lang = usePageLanguage();
  const [typed, setAmount] = useState(initial);
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    setSeen(initial);
    setAmount(initial);
  }
  // Read as the page's language writes numbers ("0,5" in Spanish), as the form's action reads it.
  const amount = decimalInput(typed, lang);
  const receive = isAmount(amount) && compare(amount, fee) > 0 ? minus(amount, fee) : undefined;
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "amount") setAmount(target.value);
  };
  return { receive, onInput };
}
