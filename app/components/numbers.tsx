import { type Numbers, numbers } from "../../platform/contract/numbers.ts";
import { usePageLanguage } from "../hooks.ts";

// The formatters live in the contract (platform/contract/numbers.ts): the platform words its own
// messages with the same ones. The screens reach them here, bound to the page's language.
export * from "../../platform/contract/numbers.ts";

/** The formatters bound to the page's language. */
export function useNumbers(): Numbers {
  return numbers(usePageLanguage());
}
