import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// React Router ships a production build (its development warnings and checks compiled out), but
// its package exports name only the development one (remix-run/react-router#14102): both builds
// take the production one (the server bundles it; nothing the server imports from node_modules
// imports react-router itself, so there is one copy).
const productionRouter = [
  { find: /^react-router$/, replacement: here("./node_modules/react-router/dist/production/index.mjs") },
];

// The browser bundle's own resolutions:
// - react-i18next reaches React's useSyncExternalStore through a shim for React < 18, which on
//   React 19 only hands over React's own: take it from React directly.
const browserOnly = [
  { find: /^use-sync-external-store\/shim$/, replacement: "react" },
  {
    find: /^react-router\/dom$/,
    replacement: here("./node_modules/react-router/dist/production/dom-export.mjs"),
  },
];

/** The libraries every page runs. */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)\//;

/**
 * Modules that go together on the pages that use them, in one file each rather than three or four
 * small ones (each file compresses apart and carries its own import/export glue):
 * - "forms": Conform (its DOM and React halves) and the fields bound to it. A screen with a form
 *   needs all of it; a screen that only shows a submit button or an error list takes
 *   form-parts.tsx instead and none of it.
 * - "decimal": the browser-safe decimal arithmetic and the money helpers built on it.
 */
const GROUPS: [RegExp, string][] = [
  [/\/node_modules\/@conform-to\/(dom|react)\/|\/app\/components\/form\.tsx$/, "forms"],
  [/\/platform\/contract\/decimal\.ts$|\/app\/money\.ts$/, "decimal"],
];

/**
 * Number formatting (the contract's formatters, the screens' hook) and what a form shows its
 * messages with go with the shell: nearly every screen writes numbers, every form page both, and
 * the few that do not (language, area codes) are the lightest.
 */
const WITH_SHELL =
  /\/platform\/contract\/(numbers|precision|message-key)\.ts$|\/app\/components\/(numbers|form-parts)\.tsx$/;

/**
 * What every page loads comes in two files rather than a dozen small ones (each file costs its own
 * import/export glue and compresses apart from the rest): "framework", the libraries above, and
 * "shell", the root route with everything it and the client entry import (header, tab bar,
 * icons…). The entry itself stays apart (it hydrates once the route modules are in), and each
 * screen's own code is split by route as before.
 */
function sharedChunks(): Rollup.ManualChunksOption {
  let everyPage: Set<string> | undefined;
  return (id, { getModuleInfo }) => {
    if (FRAMEWORK.test(id)) return "framework";
    if (!everyPage) {
      const entry = here("./app/entry.client.tsx");
      everyPage = new Set();
      const queue = [here("./app/root.tsx"), ...(getModuleInfo(entry)?.importedIds ?? [])];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        // The libraries' own helpers go with them.
        if (everyPage.has(next) || FRAMEWORK.test(next)) continue;
        everyPage.add(next);
        queue.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    if (everyPage.has(id) || WITH_SHELL.test(id)) return "shell";
    return GROUPS.find(([pattern]) => pattern.test(id))?.[1];
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: [
      { find: /^~(?=\/|$)/, replacement: here("./app") },
      ...(command === "build" ? productionRouter : []),
      ...(command === "build" && !isSsrBuild ? browserOnly : []),
    ],
  },
  // The server bundle's entry is the web handler (Web APIs only), which wraps React Router's build.
  // (Giving the client build an `output` replaces React Router's, whose only addition is a file
  // name suffix for split route modules, a future flag this app leaves off.)
  build: {
    target: "es2022",
    rollupOptions: isSsrBuild
      ? { input: "./app/.server/web.ts" }
      : { output: { manualChunks: sharedChunks() } },
  },
}));
