import { useTranslation } from "react-i18next";
import { type Numbers, numbers } from "../../platform/contract/numbers.ts";

// The formatters live in the contract (platform/contract/numbers.ts): the platform words its own
// messages with the same ones. The screens reach them here, bound to the page's language.
export * from "../../platform/contract/numbers.ts";

/** The formatters bound to the page's language. */
export function useNumbers(): Numbers {
  const { i18n } = useTranslation();
  return numbers(i18n.language);
}
