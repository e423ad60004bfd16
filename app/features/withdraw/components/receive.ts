import { type FormEvent, useState } from "react";
import { compare, isAmount, minus } from "../../../../platform/contract/decimal.ts";

/**
 * What arrives after the fee: on the server from the posted amount, then live as the amount is
 * typed (a new posted amount replaces what was typed). The form hands its input events to
 * onInput; only the amount field's count.
 */
export function useReceive(initial: string, fee: string) {
  const [amount, setAmount] = useState(initial);
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    setSeen(initial);
    setAmount(initial);
  }
  const receive = isAmount(amount) && compare(amount, fee) > 0 ? minus(amount, fee) : undefined;
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "amount") setAmount(target.value);
  };
  return { receive, onInput };
}
