// The framework's floor (issue 23): a hello-world React Router 7 app (one route, this project's
// node_modules, production build) built in a temporary directory, started beside the product,
// so every figure of the product can be printed as a ratio to what the framework alone costs
// on the same machine, in the same run.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const FILES: Record<string, string> = {
  // React Router picks its default server entry by the runtime named here.
  "package.json": JSON.stringify({
    name: "floor",
    private: true,
    type: "module",
    dependencies: {
      "@react-router/node": "*",
      react: "*",
      "react-dom": "*",
      "react-router": "*",
      isbot: "*",
    },
  }),
  "react-router.config.ts": `export default { ssr: true };\n`,
  "vite.config.ts": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
export default defineConfig({ plugins: [reactRouter()] });
`,
  "app/routes.ts": `import { index } from "@react-router/dev/routes";
export default [index("routes/home.tsx")];
`,
  "app/root.tsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
export default function App() {
  return <Outlet />;
}
`,
  "app/routes/home.tsx": `export function meta() {
  return [{ title: "Hello" }];
}
export function loader() {
  return { greeting: "Hello, world" };
}
export default function Home({ loaderData }: { loaderData: { greeting: string } }) {
  return <h1>{loaderData.greeting}</h1>;
}
`,
  // The server a React Router app gets from @react-router/node: no compression, no middleware.
  "server.mjs": `import { createServer } from "node:http";
import { createRequestListener } from "@react-router/node";
const build = await import("./build/server/index.js");
createServer(createRequestListener({ build, mode: "production" })).listen(Number(process.env.PORT), "127.0.0.1");
`,
};

export type Floor = {
  base: string;
  pid: number;
  /** Milliseconds from spawning the server to its first answer. */
  startMs: number;
  stop(): Promise<void>;
};

/** Builds the hello app (a few seconds) and starts it on `port`. */
export async function startFloor(port: number): Promise<Floor> {
  const dir = mkdtempSync(join(tmpdir(), "exchange-floor-"));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
  try {
    execFileSync(process.execPath, [resolve("node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the floor app did not build: ${(error as { stderr?: Buffer }).stderr?.toString()}`);
  }
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["server.mjs"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error("the floor app did not start");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { base, pid: child.pid as number, startMs: Math.round(performance.now() - started), stop };
}
