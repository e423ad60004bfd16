import { LANGUAGE_INFO, type Lang } from "../../platform/contract/languages.ts";

/**
 * A number typed into a web form, read as the customer's language writes numbers (the way every
 * number on the screens is shown, platform/contract/numbers.ts) and turned into the canonical
 * decimal the contract's schemas and the /api take ("0.5"). The /api itself takes canonical
 * decimals only; this is for the pages' forms (app/forms/validate.ts), before the shared schema
 * validates, and for the figures the screens work out as the customer types.
 *
 * Money safety first: a text is rewritten only when one reading is possible; anything else is
 * returned as typed (trimmed), for the schema to refuse (or to read as a dot decimal, as always).
 * - Comma-decimal languages (es, pt, id, ru, vn): a single comma and no dot is the decimal
 *   point ("0,5" → "0.5"); dots as proper thousands groups before one comma ("10.000,5" →
 *   "10000.5"); in a language that groups with a space (ru: "10 000,5"), the space groups too,
 *   with or without a decimal comma.
 * - Dot-decimal languages (en, zh, tw, ja, kr): commas as proper thousands groups, before a dot
 *   or more than one of them ("1,000.5", "1,000,000"); a lone comma stays as typed and is refused
 *   ("1,000" could be a thousand or, as typed elsewhere, 1).
 */
export function decimalInput(text: string, lang: string): string {
  const typed = text.trim();
  const { decimal, groups } = separatorsOf(lang);
  if (decimal === ",") {
    // "0,5", "1234,56": the comma is the decimal point.
    if (!typed.includes(".") && countOf(typed, ",") === 1 && !SPACES.test(typed))
      return typed.replace(",", ".");
    // Thousands groups before one comma ("10.000,5"); without a comma only a space groups ("10 000").
    const [whole = "", fraction, more] = typed.split(",");
    if (more !== undefined || (fraction !== undefined && !/^\d+$/.test(fraction))) return typed;
    const digits = ungrouped(whole, fraction === undefined ? groups.filter((g) => g !== ".") : groups);
    if (digits === undefined) return typed;
    return fraction === undefined ? digits : `${digits}.${fraction}`;
  }
  const [whole = "", fraction, more] = typed.split(".");
  if (more !== undefined || (fraction !== undefined && !/^\d+$/.test(fraction))) return typed;
  // A lone comma ("1,000", "0,5") stays as typed, for the schema to refuse.
  if (fraction === undefined && countOf(whole, ",") < 2) return typed;
  const digits = ungrouped(whole, groups);
  if (digits === undefined) return typed;
  return fraction === undefined ? digits : `${digits}.${fraction}`;
}

/** The values of a form as canonical decimals where they read as numbers (see decimalInput). */
export function decimalInputs<T extends Record<string, string>>(values: T, lang: string): T {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) out[name] = decimalInput(value, lang);
  return out as T;
}

const SPACES = /[ \u00a0\u202f]/;

const countOf = (text: string, char: string) => text.split(char).length - 1;

/** Digits grouped by threes with one of the separators (one kind throughout), without them. */
function ungrouped(whole: string, separators: readonly string[]): string | undefined {
  for (const separator of separators) {
    const parts = whole.split(separator);
    if (parts.length < 2) continue;
    const [first = "", ...rest] = parts;
    if (/^\d{1,3}$/.test(first) && rest.every((part) => /^\d{3}$/.test(part))) return parts.join("");
    return undefined;
  }
  return undefined;
}

type Separators = { decimal: "." | ","; groups: readonly string[] };
const known = new Map<string, Separators>();

/**
 * The language's decimal separator and the thousands separators it is read with, from Intl (the
 * formatters' own source): a language that groups with a space is read with any space (the
 * screens write a no-break space; a keyboard types a plain one), and a comma-decimal language
 * also with dots.
 */
function separatorsOf(lang: string): Separators {
  let found = known.get(lang);
  if (!found) {
    const tag = LANGUAGE_INFO[lang as Lang]?.tag ?? "en";
    const parts = new Intl.NumberFormat(tag, { useGrouping: true }).formatToParts(10000.5);
    const decimal = parts.find((p) => p.type === "decimal")?.value === "," ? "," : ".";
    const group = parts.find((p) => p.type === "group")?.value ?? (decimal === "," ? "." : ",");
    const groups = new Set<string>(decimal === "," ? ["."] : [","]);
    if (SPACES.test(group)) for (const space of [" ", "\u00a0", "\u202f"]) groups.add(space);
    else if (group !== decimal) groups.add(group);
    found = { decimal, groups: [...groups] };
    known.set(lang, found);
  }
  return found;
}

/** Whether a language writes its decimal point as a comma ("0,5"). */
export const commaDecimal = (lang: string) => separatorsOf(lang).decimal === ",";
