import { LANGUAGES, type Lang } from "../../platform/contract/languages.ts";
import { messages } from "../../platform/contract/messages/index.ts";
import en from "./en.ts";
import es from "./es.ts";
import id from "./id.ts";
import ja from "./ja.ts";
import kr from "./kr.ts";
import pt from "./pt.ts";
import ru from "./ru.ts";
import tw from "./tw.ts";
import vn from "./vn.ts";
import zh from "./zh.ts";

/** Same keys as English in every language: the type makes a missing key a compile error. */
type PluralForm = "zero" | "one" | "two" | "few" | "many" | "other";
/** `key` when K is one of a plural family's forms in T (T has `key_other`), never otherwise. */
type PluralBase<T, K> = K extends `${infer B}_${PluralForm}`
  ? `${B}_other` extends keyof T
    ? B
    : never
  : never;
/**
 * Every key English has, as strings; a plural family (`key_one`, `key_other`, …) in whichever
 * forms the language needs (locales.test.ts checks them against Intl's plural rules).
 */
export type DeepStrings<T> = {
  [K in keyof T as [PluralBase<T, K>] extends [never] ? K : never]: T[K] extends string
    ? string
    : DeepStrings<T[K]>;
} & { [K in keyof T as K extends `${infer B}_other` ? `${B}_${PluralForm}` : never]?: string };
export type UiResources = DeepStrings<typeof en>;

const ui: Record<Lang, UiResources> = { en, zh, tw, ja, es, ru, kr, vn, id, pt };

/** All resources: the UI namespaces plus the platform's `messages` (validation, API errors). */
export const resources = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, { ...ui[lang], messages: messages[lang] }]),
) as Record<Lang, UiResources & { messages: (typeof messages)["en"] }>;

export type Namespace = keyof (typeof resources)["en"];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];
