// `npm run build`, second half: the Node server (server.ts) and the operator CLI
// (platform/ops/cli.ts) compiled to JavaScript in BUILD_DIR/node, beside React Router's build.
// Our own code (server.ts, platform/, app/.server) is bundled; every package stays an import
// resolved from node_modules at run time, so a production install (`npm ci --omit=dev`) runs it:
// a package the compiled code imports must be a dependency, not a devDependency.
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";

const out = join(resolve(process.env.BUILD_DIR || "build"), "node");
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { "server-main": "server.ts", "ops-main": "platform/ops/cli.ts" },
  outdir: out,
  bundle: true,
  // The two share the platform: one copy of it in a chunk both import.
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
// The entries. A bundle's package imports are evaluated before any of its own code, so React
// would choose its development build before server.ts's first import (platform/node-env.ts) set
// NODE_ENV: each entry sets it, then loads the bundle. `node build/node/server.js` is then the
// same as `npm start` on a build.
// Source maps (stacks naming the TypeScript files and lines): always for the operator CLI; for the
// server only when asked, with NODE_OPTIONS=--enable-source-maps: Node then reads the map of every
// module it loads (ours and the packages'), about 0.1 s of a restart's CPU. Without them a stack
// names build/node's chunks, with our functions' own names.
for (const [name, sourceMaps] of [
  ["server", false],
  ["ops", true],
]) {
  writeFileSync(
    join(out, `${name}.js`),
    `// Made by scripts/build-server.mjs.
process.env.NODE_ENV ||= "production";
${sourceMaps ? "process.setSourceMapsEnabled(true);\n" : ""}await import("./${name}-main.js");
`,
  );
}
// The database's migrations, read at run time beside the compiled code (platform/db/client.ts
// looks for ./migrations next to itself).
cpSync("platform/db/migrations", join(out, "migrations"), { recursive: true });
// The embedded database's thread (platform/db/pglite-thread.ts starts ./pglite-worker.mjs
// beside itself): plain JavaScript, copied as it is.
cpSync("platform/db/pglite-worker.mjs", join(out, "pglite-worker.mjs"));
