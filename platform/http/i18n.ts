import { createInstance, type TFunction } from "i18next";
import { LANGUAGES, type Lang } from "../contract/languages.ts";
import { messages } from "../contract/messages/index.ts";
import { localizeParams } from "../contract/numbers.ts";
import { parseMessageKey } from "../contract/validation.ts";

const i18n = createInstance();
i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { messages: messages[lang] }])),
  ns: ["messages"],
  defaultNS: "messages",
  fallbackLng: "en",
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

export type Translate = (message: string, params?: Record<string, unknown>) => string;

const cache = new Map<Lang, Translate>();

/**
 * A translator for one language that also reads encoded keys (`validation.too_short?minimum=6`).
 * Amounts, prices and percentages among the parameters are written as the language writes them.
 */
export function translator(lang: Lang): Translate {
  let t = cache.get(lang);
  if (!t) {
    const fixed: TFunction = i18n.getFixedT(lang, "messages");
    // A message without parameters ("ok" on every success) reads the same every time.
    const plain = new Map<string, string>();
    t = (message, params) => {
      if (!params && !message.includes("?")) {
        let text = plain.get(message);
        if (text === undefined) {
          text = fixed(message, localizeParams(lang, {})) as string;
          if (plain.size < 1000) plain.set(message, text);
        }
        return text;
      }
      const { key, params: encoded } = parseMessageKey(message);
      return fixed(key, localizeParams(lang, { ...encoded, ...params })) as string;
    };
    cache.set(lang, t);
  }
  return t;
}
