import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../platform/contract/languages.ts";
import { JOURNEYS } from "./e2e/journeys.ts";

// Issue 19: the suite walks every function the spec lists. The spec's own words are the list:
// each phrase of section 2's "What the screens let a user do" (and the tab bar) must be in the
// map, and each journey the map names must exist in its file, so a function added to the spec, a
// renamed journey or a deleted one fails here rather than going untested.

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const spec = readFileSync(here("../../shared/spec/product-spec.md"), "utf8");

function section(heading: string) {
  const start = spec.indexOf(heading);
  if (start < 0) throw new Error(`the spec has no "${heading}"`);
  const rest = spec.slice(start + heading.length);
  const end = rest.search(/\n#{2,3} /);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The spec's lines about what a user can do: the tab bar's first sentence and each bullet. */
const lines = [
  (section("### Tab bar").trim().split(". ")[0] ?? "").trim(),
  ...section("### What the screens let a user do")
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .map((line) => line.slice(2).trim()),
];

/** A line's phrases: its parts between commas, semicolons and full stops, less a "Label: " lead. */
const phrases = (line: string) =>
  line
    .split(/[,;]|\.(?:\s|$)/)
    .map((part) => part.replace(/^[A-Z][\w ]+: /, "").trim())
    .filter((part) => part.length > 0);

/**
 * Journeys that choose their own language in both projects, so the rotation gives them none:
 * cheap-phone.spec.ts walks its five in ten languages over the two projects, and the academy
 * journey reads the seeded Japanese articles (its words are content, not locale keys).
 */
const OWN_LANGUAGE = [
  "cheap-phone.spec.ts",
  "content.spec.ts: a user reads notices, news and academy articles in Japanese",
];

/** Journeys that need JavaScript: the nojs project, which walks the second language, skips them. */
const JS_ONLY = ["sign-in.spec.ts: a browser wallet signs in with one button"];

describe("the journey map", () => {
  it("reads the spec's list", () => {
    expect(lines.length).toBeGreaterThanOrEqual(10);
  });

  it("quotes the spec word for word", () => {
    const text = lines.join("\n");
    for (const { spec: words } of JOURNEYS) expect(text, words).toContain(words);
  });

  it("covers every phrase of every line", () => {
    const uncovered = lines.flatMap((line) =>
      phrases(line).filter((phrase) => !JOURNEYS.some((f) => f.spec.includes(phrase))),
    );
    expect(uncovered).toEqual([]);
  });

  it("names journeys that exist", () => {
    const missing: string[] = [];
    for (const { journeys } of JOURNEYS) {
      expect(journeys.length).toBeGreaterThan(0);
      for (const { file, test } of journeys) {
        const source = readFileSync(here(`./e2e/${file}`), "utf8");
        const named = new RegExp(
          `(?:test|journey)\\(\\s*(?:\\d+,\\s*)?"${test.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`,
        );
        if (!named.test(source)) missing.push(`${file}: ${test}`);
      }
    }
    expect(missing).toEqual([]);
  });

  // "In English and one more language per journey (rotate through all ten)": the js project walks
  // each journey in English, the nojs project in the journey's `lang`. Only journeys whose file
  // reads its screens through the `t` fixture have one; those must rotate through all nine others.
  const journeys = JOURNEYS.flatMap((f) => f.journeys);
  const withLang = journeys.filter((journey) => journey.lang);

  it("gives one language to a journey however often it is named", () => {
    const seen = new Map<string, string | undefined>();
    const differ: string[] = [];
    for (const { file, test, lang } of journeys) {
      const key = `${file}: ${test}`;
      if (seen.has(key) && seen.get(key) !== lang) differ.push(key);
      seen.set(key, lang);
    }
    expect(differ).toEqual([]);
  });

  it("walks the languages of the converted journeys through all nine besides English", () => {
    expect(withLang.every((journey) => journey.lang !== "en")).toBe(true);
    const used = new Set(withLang.map((journey) => journey.lang));
    expect([...used].sort()).toEqual(LANGUAGES.filter((lang) => lang !== "en").sort());
  });

  it("gives a language only to journeys that read their screens in it", () => {
    const english: string[] = [];
    for (const { file, test } of withLang) {
      const source = readFileSync(here(`./e2e/${file}`), "utf8");
      const start = source.indexOf(`"${test}"`);
      // The test's fixtures, between its title and the body: `t` (or `lang`) must be among them.
      const head = source.slice(start, source.indexOf("=>", start));
      if (!/\b(t|lang)\b/.test(head)) english.push(`${file}: ${test}`);
    }
    expect(english).toEqual([]);
  });

  it("gives every other journey a language of its own", () => {
    const own = (journey: { file: string; test: string }) =>
      OWN_LANGUAGE.includes(journey.file) || OWN_LANGUAGE.includes(`${journey.file}: ${journey.test}`);
    const without = journeys
      .filter(
        (journey) => !journey.lang && !own(journey) && !JS_ONLY.includes(`${journey.file}: ${journey.test}`),
      )
      .map((journey) => `${journey.file}: ${journey.test}`);
    expect(without).toEqual([]);
  });

  it("says which journeys choose their own language, and they do", () => {
    for (const entry of OWN_LANGUAGE) {
      const [file = "", test] = entry.split(": ");
      const source = readFileSync(here(`./e2e/${file}`), "utf8");
      const from = test ? source.indexOf(`"${test}"`) : 0;
      expect(from, entry).toBeGreaterThanOrEqual(0);
      // It sets the language cookie itself (speak, or the content spec's useLanguage).
      expect(source.slice(from), entry).toMatch(/\b(speak|useLanguage)\(/);
    }
  });

  it("leaves English only the journeys that need JavaScript (the nojs project skips them)", () => {
    for (const key of JS_ONLY) {
      const [file = "", test = ""] = key.split(": ");
      const source = readFileSync(here(`./e2e/${file}`), "utf8");
      const start = source.indexOf(`"${test}"`);
      expect(start, key).toBeGreaterThan(0);
      const next = source.indexOf("\n  test(", start);
      expect(source.slice(start, next < 0 ? undefined : next), key).toMatch(
        /test\.skip\(info\.project\.name === "nojs"/,
      );
    }
  });
});
