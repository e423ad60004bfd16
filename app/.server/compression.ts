// Compression of what is made per request (pages, /api answers). Hono's `compress()` wraps every
// answer without a Content-Length in a gzip stream — and a JSON answer has none — so each small
// refusal (a 429 to a flood of requests) paid for a zlib stream on the main thread: 14 % of the
// server's CPU under a code-sending flood (issue 20). Here an /api answer (always whole) is
// measured first: under a packet it goes as it is, larger it is gzipped in one go on libuv's
// thread pool. Pages too: the Node server renders a page whole (entry.server.tsx).
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE, MIN_COMPRESS } from "./static-files.ts";

const gz = promisify(gzip);

export function compressDynamic(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === "HEAD" || res.status === 206 || res.headers.has("content-encoding"))
      return;
    const type = res.headers.get("content-type") ?? "";
    if (
      !COMPRESSIBLE.test(type) ||
      type.startsWith("text/event-stream") ||
      /no-transform/i.test(res.headers.get("cache-control") ?? "")
    )
      return;
    const declared = res.headers.get("content-length");
    if (declared && Number(declared) < MIN_COMPRESS) return;
    const zipped = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    const headers = new Headers(res.headers);
    headers.append("vary", "Accept-Encoding");
    // Whole, then gzipped in one go on the thread pool: a page is rendered whole before it is
    // sent (entry.server.tsx), and a compression stream on the main thread cost more than that.
    const body = Buffer.from(await res.arrayBuffer());
    const sent = zipped && body.length >= MIN_COMPRESS ? await gz(body) : body;
    if (sent !== body) headers.set("content-encoding", "gzip");
    headers.set("content-length", String(sent.length));
    c.res = new Response(new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.length), {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  };
}
