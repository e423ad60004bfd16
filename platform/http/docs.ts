import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "./context.ts";

const require = createRequire(import.meta.url);
// The package's folder only: its index evaluates the 1.4 MB viewer bundle, about 0.3 s of every
// start and memory the server never uses (it only serves those files to the docs page).
const swaggerDir: string = require("swagger-ui-dist/absolute-path.js")();
const ASSETS = new Set(["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"]);

const description = `The exchange platform's HTTP API.

**Envelope.** Every answer, failures included, is \`{"status_code": 200, "message": "…", "data": …}\`.
Failures carry the HTTP status in \`status_code\` (422 adds per-field \`errors\`; a 500 adds a
\`request_id\` to quote to support). A 401 may carry \`status_code\` 50008 (token invalid),
50012 (signed in elsewhere) or 50014 (expired): the user must log in again.

**Headers.** \`Authorization: Bearer <token>\` on calls that need a session; \`lang\` (en, zh or zh-CN,
tw or zh-HT, ja, es, ru, kr, vn, id, pt) localizes \`message\`; \`from\` is \`mobile\` or \`pc\`.

**Bodies.** POST bodies may be JSON, form-encoded (empty fields are dropped) or multipart (uploads).
Amounts are decimal strings, never floats.

**Live data.** A websocket at \`/ws\`: send \`{"op":"ping"}\` every 5 s (answered \`{"op":"pong"}\`),
\`{"op":"subscribe","channel":"price","code":"btc/usdt"}\` to receive the channel's snapshot and
then every update as \`{"channel","code","data"}\`; sockets silent for 30 s are closed. Market channels:
\`price\`, \`depth\` (the spot market's book; with \`"contract_type":"perpetual"\`, \`"weekly"\` or
\`"quarterly"\` the book of that contract trading now, which its orders fill against), \`trades\` and
\`kline\` (with \`"interval"\`).`;

/** GET /api/openapi.json (generated from the route schemas) and a readable page at /api/docs. */
export function mountDocs(app: OpenAPIHono<ApiEnv>, version: string) {
  let document: unknown;
  app.get("/openapi.json", (c) => {
    document ??= app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "Exchange platform API", version, description },
      servers: [{ url: "/" }],
    });
    return c.json(document);
  });

  app.get("/docs", (c) =>
    c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API documentation</title><link rel="icon" href="/api/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div><script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`),
  );

  // A file, not an inline script: the Content-Security-Policy runs no inline script without a nonce.
  app.get("/docs/init.js", (c) =>
    c.body(
      'SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#docs", deepLinking: true, tryItOutEnabled: true });',
      200,
      { "content-type": "text/javascript", "cache-control": "public, max-age=86400" },
    ),
  );

  // The viewer's own files come from the installed package: the page works with no network.
  app.get("/docs/assets/:file", async (c) => {
    const file = c.req.param("file");
    if (!ASSETS.has(file)) return c.notFound();
    const body = await readFile(join(swaggerDir, file));
    const type = file.endsWith(".css") ? "text/css" : file.endsWith(".js") ? "text/javascript" : "image/png";
    return c.body(body, 200, { "content-type": type, "cache-control": "public, max-age=86400" });
  });
}
