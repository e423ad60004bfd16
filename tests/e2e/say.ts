import { resources } from "../../app/locales/index.ts";
import type { Lang } from "../../platform/contract/languages.ts";

/**
 * What the screens say in a language, from the same resources the app renders with: a journey
 * written once walks the product in any of the ten languages. Keys are `namespace.path`
 * (`trade.buy_long`, `messages.trading.order_placed`); `{{name}}` is filled from `vars`.
 */
export function say(lang: Lang) {
  return (key: string, vars: Record<string, string | number> = {}): string => {
    let node: unknown = resources[lang];
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== "string") throw new Error(`no text for ${key} in ${lang}`);
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
      if (!(name in vars)) throw new Error(`${key} in ${lang} needs {{${name}}}`);
      return String(vars[name]);
    });
  };
}

/** A text as a pattern that matches it literally (for a label that goes on, like a checkbox's). */
export const literally = (text: string, anchored = false) =>
  new RegExp(`${anchored ? "^" : ""}${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

/**
 * A text with parts not known in advance (an order's id) as a whole-text pattern: `vars` given as
 * patterns stand for those parts, the rest of the text is matched literally.
 */
export function sayPattern(lang: Lang) {
  const text = say(lang);
  return (key: string, vars: Record<string, string | number | RegExp> = {}): RegExp => {
    const marks: Record<string, string> = {};
    const plain: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(vars)) {
      if (value instanceof RegExp) {
        marks[`\u0000${name}\u0000`] = value.source;
        plain[name] = `\u0000${name}\u0000`;
      } else plain[name] = value;
    }
    let source = text(key, plain).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    for (const [mark, pattern] of Object.entries(marks)) source = source.split(mark).join(`(?:${pattern})`);
    return new RegExp(`^${source}$`);
  };
}
