import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { protocolPages } from "../../platform/content/seed/protocol.ts";
import { LANGUAGES } from "../../platform/contract/languages.ts";
import { resources } from "./index.ts";

function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof v === "string") out.set(path, v);
    else for (const [k, s] of flatten(v, path)) out.set(k, s);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = flatten(resources.en);

/** A plural form's key without its suffix (i18next's `key_one`, `key_few`, … `key_other`). */
const FORM = /_(zero|one|two|few|many|other)$/;
/** The plural families: English has `key_other` (a key like `code_too_many` alone is not one). */
const pluralBases = new Set(
  [...english.keys()].filter((k) => k.endsWith("_other")).map((k) => k.replace(FORM, "")),
);
const PLURAL = { test: (key: string) => FORM.test(key) && pluralBases.has(key.replace(FORM, "")) };
const family = (key: string) => (PLURAL.test(key) ? key.replace(FORM, "") : key);
const families = (keys: Iterable<string>) => new Set([...keys].map(family));
/** The forms i18next asks for in a language: what Intl's plural rules answer for its code. */
const categories = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;

describe.each(LANGUAGES.filter((l) => l !== "en"))("translations: %s", (lang) => {
  const strings = flatten(resources[lang]);

  it("has every key English has, and no other", () => {
    // Plural forms count as one key: each language has its own set of forms (checked below).
    const own = families(strings.keys());
    const missing = [...families(english.keys())].filter((k) => !own.has(k));
    const extra = [...own].filter((k) => !families(english.keys()).has(k));
    expect(missing, `missing in ${lang}`).toEqual([]);
    expect(extra, `unknown in ${lang}`).toEqual([]);
  });

  it("keeps every {{placeholder}} and leaves nothing empty", () => {
    for (const [key, en] of english) {
      if (PLURAL.test(key)) continue;
      const value = strings.get(key) ?? "";
      expect(value.trim(), `${lang} ${key}`).not.toBe("");
      expect(placeholders(value), `${lang} ${key}`).toEqual(placeholders(en));
    }
  });

  it("has each plural key in every form the language needs, each keeping its placeholders", () => {
    for (const base of families([...english.keys()].filter((k) => PLURAL.test(k)))) {
      const forms = [...strings.keys()].filter((k) => family(k) === base && PLURAL.test(k));
      const wanted = categories(lang).map((c) => `${base}_${c}`);
      expect(forms.sort(), `${lang} ${base}`).toEqual(wanted.sort());
      for (const form of forms)
        expect(placeholders(strings.get(form) ?? ""), `${lang} ${form}`).toEqual(
          placeholders(english.get(`${base}_other`) ?? ""),
        );
    }
  });

  it("is a real translation, not English copied", () => {
    const same = [...english].filter(([key, en]) => strings.get(key) === en && /[a-z]{3}/i.test(en));
    expect(same.length / english.size, same.map(([k]) => k).join(", ")).toBeLessThan(0.1);
  });

  it("has the terms and the privacy policy", () => {
    for (const page of protocolPages) {
      const tr = page.translations[lang];
      expect(tr?.body.length ?? 0).toBeGreaterThan(500);
      expect(tr?.body).not.toBe(page.translations.en?.body);
    }
  });
});

describe("plural forms", () => {
  // Each plural key rendered at 0, 1, 2, 5 and 21 in every language: the language's own form for
  // that number (Russian: 1 день, 2 дня, 5 дней, 21 день), never another language's.
  it.each([...LANGUAGES])("render in %s at 0, 1, 2, 5 and 21", async (lang) => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: lang, fallbackLng: false, initAsync: false });
    const own = flatten(resources[lang]);
    for (const key of families([...english.keys()].filter((k) => PLURAL.test(k)))) {
      const [ns, ...rest] = key.split(".");
      for (const count of [0, 1, 2, 5, 21]) {
        const text = i18n.t(rest.join("."), { ns, count });
        const form = `${key}_${new Intl.PluralRules(lang).select(count)}`;
        expect(text, `${lang} ${key} ${count}`).toBe(
          (own.get(form) ?? "").replace("{{count}}", String(count)),
        );
        expect(text).toContain(String(count));
      }
    }
    if (lang === "ru")
      expect([1, 2, 5, 21].map((count) => i18n.t("lock_days", { ns: "earn", count }))).toEqual([
        "1 день",
        "2 дня",
        "5 дней",
        "21 день",
      ]);
    if (lang === "en") expect(i18n.t("lock_days", { ns: "earn", count: 1 })).toBe("1 day");
  });
});
