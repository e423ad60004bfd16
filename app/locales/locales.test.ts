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

describe.each(LANGUAGES.filter((l) => l !== "en"))("translations: %s", (lang) => {
  const strings = flatten(resources[lang]);

  it("has every key English has, and no other", () => {
    const missing = [...english.keys()].filter((k) => !strings.has(k));
    const extra = [...strings.keys()].filter((k) => !english.has(k));
    expect(missing, `missing in ${lang}`).toEqual([]);
    expect(extra, `unknown in ${lang}`).toEqual([]);
  });

  it("keeps every {{placeholder}} and leaves nothing empty", () => {
    for (const [key, en] of english) {
      const value = strings.get(key) ?? "";
      expect(value.trim(), `${lang} ${key}`).not.toBe("");
      expect(placeholders(value), `${lang} ${key}`).toEqual(placeholders(en));
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
