import { useMatches, useRouteLoaderData } from "react-router";
import type { SiteContent } from "../platform/contract/content.ts";
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

/** The matched routes' shell flags merged, the deepest winning (title, back, tab bar, header). */
export function useShellHandle(): RouteHandle {
  const matches = useMatches();
  const handle: RouteHandle = {};
  for (const match of matches) Object.assign(handle, match.handle as RouteHandle | undefined);
  return handle;
}
