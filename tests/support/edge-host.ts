// Serves an edge bundle (build/edge/index.js) from inside Vercel's edge-runtime, over HTTP.
// The bundle is evaluated verbatim as an ES module in the runtime's own realm, whose globals are
// the Web primitives an edge platform offers (no process, require, Buffer), and it is given no
// module loader: a bundle that still imports anything — `node:crypto`, a package — fails to link.
//
//   node --experimental-vm-modules --import tsx tests/support/edge-host.ts BUNDLE
//
// The worker's env comes as JSON in EDGE_ENV. Prints one line, `ready {"url":…}`, once it serves.
import { readFileSync } from "node:fs";
import { SourceTextModule } from "node:vm";
import { EdgeRuntime, runServer } from "edge-runtime";

const bundle = process.argv[2];
if (!bundle) throw new Error("usage: edge-host.ts BUNDLE");
const env = JSON.parse(process.env.EDGE_ENV ?? "{}") as Record<string, string>;

const runtime = new EdgeRuntime();
const nodeGlobals = ["process", "require", "Buffer", "setImmediate", "global"].filter(
  (name) => runtime.evaluate(`typeof ${name}`) !== "undefined",
);
if (nodeGlobals.length) throw new Error(`the runtime exposes Node globals: ${nodeGlobals.join(", ")}`);

const worker = new SourceTextModule(readFileSync(bundle, "utf8"), {
  identifier: bundle,
  context: runtime.context,
});
const imports = worker.dependencySpecifiers;
await worker.link((specifier) => {
  throw new Error(`the edge bundle imports "${specifier}"; an edge runtime cannot load it`);
});
await worker.evaluate();
const exported = (worker.namespace as { default?: { fetch?: unknown } }).default;
if (typeof exported?.fetch !== "function") throw new Error("the edge bundle has no default export { fetch }");

// What an edge platform does for a module worker: each request goes to `fetch(request, env)`.
runtime.context.__edgeWorker = exported;
runtime.context.__edgeEnv = runtime.evaluate(`(${JSON.stringify(env)})`);
runtime.evaluate(`addEventListener("fetch", (event) => {
  event.respondWith(__edgeWorker.fetch(event.request, __edgeEnv));
})`);

const server = await runServer({ runtime, host: "127.0.0.1", port: 0 });
console.log(
  `ready ${JSON.stringify({ url: server.url, imports, edgeRuntime: runtime.context.EdgeRuntime })}`,
);
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
