// `npm run ops -- <command>`: the operator CLI (platform/ops/cli.ts). Where the dev dependencies
// are installed it runs from the source, so it is never older than the code beside it; on a
// production install (`npm ci --omit=dev`) it runs the compiled one from `npm run build`.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const source = new URL("../platform/ops/cli.ts", import.meta.url);
if (existsSync(new URL("../node_modules/tsx", import.meta.url)) && existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(source.href);
} else {
  const compiled = join(resolve(process.env.BUILD_DIR || "build"), "node", "ops.js");
  if (!existsSync(compiled)) {
    console.error(`No ${compiled}: run \`npm run build\` where the dev dependencies are installed.`);
    process.exit(1);
  }
  await import(pathToFileURL(compiled).href);
}
