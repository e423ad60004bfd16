import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

// The web app for an edge runtime (`npm run build:edge`, after `npm run build`): a second Vite SSR
// build that takes React Router's server build (build/server/index.js, from app/.server/web.ts)
// and edge/worker.ts and bundles them with every dependency into one ES module,
// build/edge/index.js, resolved with the Web-worker export conditions (react-dom/server's
// Web-streams renderer and so on). It carries the same asset manifest as the Node server, so the
// hashed files of build/client serve both.
const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * An edge runtime has no module loader to speak of and no Node built-ins: anything left as an
 * import (Vite leaves `node:*` modules external for a webworker target) fails the build here.
 */
const selfContained: Plugin = {
  name: "edge:self-contained",
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== "chunk") continue;
      const left = [...chunk.imports, ...chunk.dynamicImports];
      if (left.length)
        this.error(
          `the edge bundle must not import anything, but ${chunk.fileName} imports ${left.join(", ")}`,
        );
    }
  },
};

export default defineConfig({
  publicDir: false,
  logLevel: "warn",
  plugins: [selfContained],
  // EDGE_SERVER_BUILD: another copy of the server build (the edge test builds from a private one).
  resolve: {
    alias: { "virtual:beacon/web-build": process.env.EDGE_SERVER_BUILD || path("./build/server/index.js") },
  },
  // Dead branches of libraries (React's development builds) go away; nothing reads `process`.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: {
      conditions: ["workerd", "worker", "edge-light", "browser", "module", "import", "production"],
      externalConditions: ["workerd", "worker", "edge-light", "browser"],
    },
  },
  build: {
    ssr: path("./edge/worker.ts"),
    outDir: path("./build/edge"),
    emptyOutDir: true,
    target: "es2022",
    minify: true,
    copyPublicDir: false,
    rollupOptions: {
      output: { format: "es", entryFileNames: "index.js", inlineDynamicImports: true },
    },
  },
});
