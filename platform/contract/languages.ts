/**
 * The ten languages of the spec, by the spec's own codes. `zh` is Simplified and `tw` Traditional
 * Chinese; `kr` is Korean and `vn` Vietnamese. `tag` is the BCP 47 tag for <html lang> and Intl;
 * `header` is what the spec's clients send in the `lang` header (zh → zh-CN, tw → zh-HT).
 */
export const LANGUAGES = ["en", "zh", "tw", "ja", "es", "ru", "kr", "vn", "id", "pt"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "en";

export const LANGUAGE_INFO: Record<Lang, { tag: string; header: string; name: string }> = {
  en: { tag: "en", header: "en", name: "English" },
  zh: { tag: "zh-CN", header: "zh-CN", name: "简体中文" },
  tw: { tag: "zh-TW", header: "zh-HT", name: "繁體中文" },
  ja: { tag: "ja", header: "ja", name: "日本語" },
  es: { tag: "es", header: "es", name: "Español" },
  ru: { tag: "ru", header: "ru", name: "Русский" },
  kr: { tag: "ko", header: "kr", name: "한국어" },
  vn: { tag: "vi", header: "vn", name: "Tiếng Việt" },
  id: { tag: "id", header: "id", name: "Bahasa Indonesia" },
  pt: { tag: "pt", header: "pt", name: "Português" },
};

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

const aliases: Record<string, Lang> = {
  "zh-cn": "zh",
  "zh-hans": "zh",
  "zh-sg": "zh",
  "zh-ht": "tw",
  "zh-tw": "tw",
  "zh-hk": "tw",
  "zh-hant": "tw",
  ko: "kr",
  vi: "vn",
  in: "id",
};

/** Reads a `lang` header as the spec's clients send it (or a BCP 47 tag); unknown means English. */
export function langFromHeader(value: string | null | undefined): Lang {
  if (!value) return DEFAULT_LANG;
  const v = value.trim().toLowerCase();
  if (isLang(v)) return v;
  if (aliases[v]) return aliases[v];
  const primary = v.split(/[-_]/)[0] ?? "";
  if (primary === "zh") return "zh";
  return isLang(primary) ? primary : (aliases[primary] ?? DEFAULT_LANG);
}
