import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The web app's request handler, as the server gives it each request. */
export type WebHandler = (
  request: Request,
  info: { clientIp: string; requestId: string },
) => Promise<Response>;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  return newest;
}

/**
 * The web app in this process, on a test's platform: the production build at BUILD_DIR when it is
 * newer than app/ and platform/contract (CI builds first), else app/ compiled by Vite here.
 * `close` stops Vite when it was started.
 */
export async function loadWebApp(
  options: Record<string, unknown>,
): Promise<{ handle: WebHandler; from: string; close: () => Promise<void> }> {
  type WebModule = { createWebHandler(o: Record<string, unknown>): WebHandler };
  const serverBuild = resolve(process.env.BUILD_DIR || "build", "server", "index.js");
  const fresh =
    existsSync(serverBuild) &&
    statSync(serverBuild).mtimeMs >= Math.max(newestMtime("app"), newestMtime("platform/contract"));
  if (fresh) {
    const mod = (await import(pathToFileURL(serverBuild).href)) as WebModule;
    return { handle: mod.createWebHandler(options), from: serverBuild, close: async () => {} };
  }
  const { createServer } = await import("vite");
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
  const mod = (await vite.ssrLoadModule("./app/.server/web.ts")) as WebModule;
  return { handle: mod.createWebHandler(options), from: "app/ (Vite)", close: () => vite.close() };
}
