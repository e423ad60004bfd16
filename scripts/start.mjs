// `npm start`: the compiled server (BUILD_DIR/node/server.js, made by `npm run build`). Plain
// JavaScript, so it runs on a production install (`npm ci --omit=dev`). On a fresh checkout with
// the dev dependencies installed it builds first, so `npm ci && npm start` is all a newcomer types.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = resolve(process.env.BUILD_DIR || "build");
const server = join(buildDir, "node", "server.js");
const built = () => existsSync(server) && existsSync(join(buildDir, "server", "index.js"));

if (!built()) {
  if (!existsSync(new URL("../node_modules/@react-router/dev", import.meta.url))) {
    console.error(
      `No build in ${buildDir}: run \`npm run build\` where the dev dependencies are installed, then start again.`,
    );
    process.exit(1);
  }
  console.log("No production build yet: building it first (npm run build).");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0 || !built()) {
    console.error("The build failed.");
    process.exit(1);
  }
}

await import(pathToFileURL(server).href);
