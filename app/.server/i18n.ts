import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { initReactI18next } from "react-i18next";
import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { DEFAULT_LANG, LANGUAGES } from "../../platform/contract/languages.ts";
import { resources } from "../locales/index.ts";

/** The chosen language, kept a year; the spec: the stored language is used, else English. */
export const langCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANG,
    cookie: langCookie,
    // Only what the user chose: no guessing from Accept-Language (spec §1).
    order: ["cookie"],
  },
  i18next: {
    resources,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGUAGES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});

/**
 * A short hash of every translation: locale URLs carry it so browsers may cache them forever.
 * Pure-JS SHA-256 (Web APIs only, synchronous), so this module also runs on an edge runtime.
 */
export const localesVersion = encodeBase64urlNoPadding(
  sha256(new TextEncoder().encode(JSON.stringify(resources))),
).slice(0, 10);
