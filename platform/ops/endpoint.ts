import { randomBytes, timingSafeEqual } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Deps } from "../http/context.ts";
import { ENDPOINT_FILE } from "./endpoint-file.ts";
import { runOps } from "./registry.ts";

/**
 * The operator endpoint of a running server: loopback only, on a port of its own, with a fresh
 * secret written (mode 600) to DATA_DIR. The operator CLI finds it there, so that with the
 * embedded database — which only one process may open — commands run inside the server.
 */
export async function startOpsEndpoint(deps: Deps, dataDir: string) {
  const secret = randomBytes(32).toString("base64url");
  const server = createServer((req, res) => {
    const auth = Buffer.from(req.headers.authorization ?? "");
    const expected = Buffer.from(`Bearer ${secret}`);
    if (
      req.method !== "POST" ||
      req.url !== "/ops" ||
      auth.length !== expected.length ||
      !timingSafeEqual(auth, expected)
    ) {
      res.writeHead(403).end();
      return;
    }
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
      if (body.length > 100_000) req.destroy();
    });
    req.on("end", async () => {
      let words: string[] = [];
      let operator = "cli";
      try {
        const parsed = JSON.parse(body) as { words?: unknown; operator?: unknown };
        if (Array.isArray(parsed.words)) words = parsed.words.map(String);
        if (typeof parsed.operator === "string") operator = parsed.operator.slice(0, 100);
      } catch {
        res.writeHead(400).end();
        return;
      }
      const result = await runOps(deps, words, operator);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const file = join(dataDir, ENDPOINT_FILE);
  writeFileSync(file, JSON.stringify({ port, secret, pid: process.pid }), { mode: 0o600 });
  return {
    port,
    async close() {
      rmSync(file, { force: true });
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
