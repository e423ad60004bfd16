import { startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import type { SiteContent } from "../platform/contract/content.ts";
import { useI18nInstance } from "./components/translation.ts";
import type { RouteHandle } from "./handle.ts";
import type { RootData } from "./root.tsx";

/** The site fields (name, contacts, app link), loaded once by the root for every screen. */
export function useSite(): SiteContent {
  const root = useRouteLoaderData<RootData>("root");
  if (!root) throw new Error("useSite outside the root route");
  return root.site;
}

/** The root loader's data (language, lite mode, theme…), when the root rendered. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/**
 * The page's language, for numbers and dates: the root loader's (the same the page's words are
 * in, and new as soon as a navigation brings another), else the translations' (an error page
 * without the root's data).
 */
export function usePageLanguage(): string {
  const root = useRouteLoaderData<RootData>("root");
  const i18n = useI18nInstance();
  return root?.locale ?? i18n?.language ?? "en";
}

/** The matched routes' shell flags merged, the deepest winning (title, back, tab bar, header). */
export function useShellHandle(): RouteHandle {
  const matches = useMatches();
  const handle: RouteHandle = {};
  for (const match of matches) Object.assign(handle, match.handle as RouteHandle | undefined);
  return handle;
}

/** Set once the page's script has taken the server's HTML over (never on the server). */
let pageHydrated = false;

/**
 * Whether JavaScript runs: false on the server and in the first render after it (so the markup
 * matches), true from then on, and at once for a screen the running app renders later. The
 * switch is a transition: screens re-render in slices, not in one long task as the page hydrates
 * (useSyncExternalStore, which remix-utils' hook uses, re-renders them synchronously).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * What a customer typed before the page's script ran is in the fields, not in a controlled
 * field's state: `take` gets the element (a field, or a form to read its fields) once, as the
 * script starts, to put it in the state before the next render writes the state back into the
 * fields. A layout effect: its update renders at once, in one piece, before the page can answer
 * a tap. Returns the ref to put on the element.
 */
export function useTypedBeforeScript<T extends HTMLElement>(take: (element: T) => void) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page's script starts
  useLayoutEffect(() => {
    if (ref.current) take(ref.current);
  }, []);
  return ref;
}
