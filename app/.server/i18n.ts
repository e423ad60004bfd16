import { sha256 } from "@noble/hashes/sha2";
import { base64urlnopad } from "@scure/base";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import {
  createContext,
  createCookie,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { DEFAULT_LANG, isLang, LANGUAGES, type Lang } from "../../platform/contract/languages.ts";
import { resources } from "../locales/index.ts";

/** The chosen language, kept a year; the spec: the stored language is used, else English. */
export const langCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

const localeContext = createContext<Lang>(DEFAULT_LANG);
const i18nContext = createContext<i18n>();

/**
 * One i18next instance per language, made on first use and shared by every request in it (the
 * server never changes an instance's language: other languages are read with getFixedT).
 * Making one per request, as remix-i18next's middleware does, cost more than rendering the page.
 */
const instances = new Map<Lang, Promise<i18n>>();
function instanceFor(lng: Lang): Promise<i18n> {
  let instance = instances.get(lng);
  if (!instance) {
    const made = createInstance({
      resources,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: [...LANGUAGES],
      defaultNS: "common",
      interpolation: { escapeValue: false },
    }).use(initReactI18next);
    instance = made.init({ lng }).then(() => made);
    instances.set(lng, instance);
    instance.catch(() => instances.delete(lng));
  }
  return instance;
}

/** Only what the user chose (the `lng` cookie), no guessing from Accept-Language (spec §1). */
async function detect(request: Request): Promise<Lang> {
  const chosen: unknown = await langCookie.parse(request.headers.get("Cookie"));
  if (typeof chosen !== "string" || !chosen) return DEFAULT_LANG;
  if (isLang(chosen)) return chosen;
  // "en-US" and the like: the language it names, if offered.
  const base = chosen.split(/[-_]/)[0]?.toLowerCase() ?? "";
  return isLang(base) ? base : DEFAULT_LANG;
}

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const lng = await detect(request);
  context.set(localeContext, lng);
  context.set(i18nContext, await instanceFor(lng));
  return next();
};

export function getLocale(context: Readonly<RouterContextProvider>): Lang {
  return context.get(localeContext);
}

export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  return context.get(i18nContext);
}

/**
 * A short hash of every translation: locale URLs carry it so browsers may cache them forever.
 * Pure-JS SHA-256 (Web APIs only, synchronous), so this module also runs on an edge runtime.
 */
export const localesVersion = base64urlnopad
  .encode(sha256(new TextEncoder().encode(JSON.stringify(resources))))
  .slice(0, 10);
