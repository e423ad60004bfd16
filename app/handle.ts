import type { Namespace } from "./locales/index.ts";

/** What a route tells the shell (spec: each route has a title and header and tab-bar flags). */
export type RouteHandle = {
  /** Translation namespaces the screen uses besides `common`. */
  i18n?: Namespace[];
  /** i18n key of the header title and <title>, e.g. "common:titles.language". */
  title?: string;
  /** Where the header's back arrow goes (default "/"); false hides it. */
  back?: string | false;
  /** Hide the bottom tab bar (spec: hideNav). */
  hideNav?: boolean;
  /** Hide the header (screens that draw their own). */
  hideHeader?: boolean;
  /** No app shell at all: neither header, tab bar nor the phone-width frame (the operator console). */
  bare?: boolean;
};
