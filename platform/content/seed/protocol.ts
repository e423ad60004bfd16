import type { Lang } from "../../contract/languages.ts";
import * as en from "./protocol.en.ts";
import * as es from "./protocol.es.ts";
import * as id from "./protocol.id.ts";
import * as ja from "./protocol.ja.ts";
import * as kr from "./protocol.kr.ts";
import * as pt from "./protocol.pt.ts";
import * as ru from "./protocol.ru.ts";
import * as tw from "./protocol.tw.ts";
import * as vn from "./protocol.vn.ts";
import * as zh from "./protocol.zh.ts";

type Page = { title: string; summary: string; body: string };
const all: Record<Lang, { terms: Page; privacy: Page }> = { en, zh, tw, ja, es, ru, kr, vn, id, pt };

/** The terms and privacy pages (route /protocol), seeded in all ten languages. */
export const protocolPages = (["terms", "privacy"] as const).map((slug, i) => ({
  slug,
  sort: i + 1,
  translations: Object.fromEntries(Object.entries(all).map(([lang, pages]) => [lang, pages[slug]])),
}));
