import { resources } from "../../app/locales/index.ts";
import { LANGUAGE_INFO, type Lang } from "../../platform/contract/languages.ts";

/**
 * What the screens say in a language, from the same resources the app renders with: a journey
 * written once walks the product in any of the ten languages. Keys are `namespace.path`
 * (`trade.buy_long`, `messages.trading.order_placed`); `{{name}}` is filled from `vars`.
 */
export function say(lang: Lang) {
  const text = (key: string, vars: Record<string, string | number> = {}): string => {
    let node: unknown = resources[lang];
    const parts = key.split(".");
    for (const part of parts.slice(0, -1)) node = (node as Record<string, unknown> | undefined)?.[part];
    const last = parts.at(-1) ?? "";
    const family = node as Record<string, unknown> | undefined;
    // A plural family (`lock_days_one`, `lock_days_other`…): the form the language uses for `count`.
    const form =
      typeof vars.count === "number" ? new Intl.PluralRules(LANGUAGE_INFO[lang].tag).select(vars.count) : "";
    node = family?.[last] ?? family?.[`${last}_${form}`] ?? family?.[`${last}_other`];
    if (typeof node !== "string") throw new Error(`no text for ${key} in ${lang}`);
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
      if (!(name in vars)) throw new Error(`${key} in ${lang} needs {{${name}}}`);
      return String(vars[name]);
    });
  };
  // The language goes with it, for helpers that format or match more than a key.
  return Object.assign(text, { lang });
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

/**
 * A number as a language writes it ("95 123,45", "95.123,45", "95,123.45") read back as a number:
 * the language's grouping taken out, its decimal mark made a point. Anything else (a coin, a
 * sign's space) is dropped.
 */
export function readNumber(lang: Lang, text: string | null): number {
  const parts = new Intl.NumberFormat(LANGUAGE_INFO[lang].tag).formatToParts(12345.6);
  const group = parts.find((p) => p.type === "group")?.value ?? ",";
  const point = parts.find((p) => p.type === "decimal")?.value ?? ".";
  const plain = (text ?? "").split(group).join("").split(point).join(".");
  return Number(plain.replace(/[^\d.-]/g, ""));
}
