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
    const t = i18n.getFixedT(language, namespace);
    translation = { t: ON_SERVER ? remembered(t, i18n, key) : t, i18n };
    shared.translations.set(key, translation);
  }
  return translation;
}

const ON_SERVER = typeof document === "undefined";

/** Phrases kept, every language's and namespace's together: the bound on the memory for them. */
const REMEMBERED = 5_000;
const kept = new Map<string, string>();
/** Each instance's number, so two instances' words never mix (tests make several). */
const numbered = new WeakMap<I18n, number>();
let instances = 0;

/**
 * A translation function that keeps each phrase it made. On the server one instance per
 * language serves every request and its words never change, yet i18next looked each phrase up
 * again (resolving the key, the fallbacks, the plural and the interpolation) on every render:
 * ~6 % of a page's CPU. Kept: a key alone, or with flat options (numbers, text); anything else
 * (objects, arrays of keys, returned objects) is asked of i18next each time. Words added to the
 * instance afterwards (a namespace loaded later) forget what was kept.
 */
function remembered(t: TFunction, i18n: I18n, languageAndNamespace: string): TFunction {
  let number = numbered.get(i18n);
  if (number === undefined) {
    number = instances++;
    numbered.set(i18n, number);
    i18n.store?.on("added", () => kept.clear());
    i18n.store?.on("removed", () => kept.clear());
  }
  const scope = `${number}|${languageAndNamespace}`;
  const ask = t as unknown as (...args: unknown[]) => unknown;
  const keep = (...args: unknown[]): unknown => {
    const [key, options] = args;
    if (typeof key !== "string" || args.length > 2) return ask(...args);
    const id =
      options === undefined
        ? `${scope}|${key}`
        : flat(options)
          ? `${scope}|${key}\u0000${JSON.stringify(options)}`
          : undefined;
    if (id === undefined) return ask(...args);
    const known = kept.get(id);
    if (known !== undefined) return known;
    const text = ask(key, options);
    if (typeof text === "string") {
      if (kept.size >= REMEMBERED) kept.clear();
      kept.set(id, text);
    }
    return text;
  };
  // getFixedT's own fields (its language, namespace and key prefix) stay readable.
  return Object.assign(keep, t) as unknown as TFunction;
}

/** A default text, or options whose values are all plain text, numbers or booleans. */
function flat(options: unknown): boolean {
  if (typeof options === "string") return true;
  if (typeof options !== "object" || options === null || Array.isArray(options)) return false;
  for (const value of Object.values(options)) {
    const kind = typeof value;
    if (
      value !== null &&
      kind !== "string" &&
      kind !== "number" &&
      kind !== "boolean" &&
      kind !== "undefined"
    )
      return false;
  }
  return true;
}
