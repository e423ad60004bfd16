import type { i18n as I18n, TFunction } from "i18next";
import { useContext, useSyncExternalStore } from "react";
import { getI18n, I18nContext } from "react-i18next";

/**
 * The screens' words: `const { t } = useTranslation("trade")`, as react-i18next's hook is called.
 *
 * react-i18next's hook builds, for every component that calls it, a copy of the i18next instance
 * (all its properties), a translation function and a dozen hooks' state: a screen of rows paid
 * for it on every render, on the server (~7 % of a page's CPU) and on the phone as it
 * hydrates. Here one translation function per instance, language and namespace is made once and
 * shared; a component re-renders when the language changes, and a namespace not yet loaded (a
 * screen reached without a reload) is fetched while the screen waits (Suspense), as with
 * react-i18next's hook.
 */
export type Translation = { t: TFunction; i18n: I18n };

type Shared = {
  subscribe: (onChange: () => void) => () => void;
  translations: Map<string, Translation>;
  loading: Map<string, Promise<unknown>>;
};

const sharedByInstance = new WeakMap<I18n, Shared>();

function sharedOf(i18n: I18n): Shared {
  let shared = sharedByInstance.get(i18n);
  if (!shared) {
    shared = {
      subscribe(onChange) {
        i18n.on("languageChanged", onChange);
        return () => i18n.off("languageChanged", onChange);
      },
      translations: new Map(),
      loading: new Map(),
    };
    sharedByInstance.set(i18n, shared);
  }
  return shared;
}

/** The page's i18next instance: the provider's, else the one initReactI18next registered. */
export function useI18nInstance(): I18n {
  return useContext(I18nContext)?.i18n ?? getI18n();
}

export function useTranslation(ns?: string): Translation {
  const i18n = useI18nInstance();
  const shared = sharedOf(i18n);
  const language = useSyncExternalStore(
    shared.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  const namespace = ns ?? String(i18n.options.defaultNS ?? "translation");
  const key = `${language}|${namespace}`;
  let translation = shared.translations.get(key);
  if (!translation) {
    if (!i18n.hasLoadedNamespace(namespace)) {
      let loading = shared.loading.get(key);
      if (!loading) {
        loading = i18n.loadNamespaces(namespace).finally(() => shared.loading.delete(key));
        shared.loading.set(key, loading);
      }
      throw loading;
    }
    translation = { t: i18n.getFixedT(language, namespace), i18n };
    shared.translations.set(key, translation);
  }
  return translation;
}
