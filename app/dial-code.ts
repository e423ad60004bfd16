import type { Lang } from "../platform/contract/languages.ts";

/**
 * The dial code a phone field starts with, by the reader's language: the country most of its
 * readers phone from (the picker changes it). English keeps +1.
 */
export const DIAL_CODE_BY_LANG: Record<Lang, string> = {
  en: "1",
  zh: "86",
  tw: "886",
  ja: "81",
  es: "34",
  ru: "7",
  kr: "82",
  vn: "84",
  id: "62",
  pt: "55",
};

export const defaultDialCode = (lang: string): string => DIAL_CODE_BY_LANG[lang as Lang] ?? "1";
