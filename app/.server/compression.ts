// Compression of what is made per request (pages, /api answers). Hono's `compress()` wraps every
// answer without a Content-Length in a gzip stream — and a JSON answer has none — so each small
// refusal (a 429 to a flood of requests) paid for a zlib stream on the main thread: 14 % of the
// server's CPU under a code-sending flood (issue 20). Here an /api answer (always whole) is
// measured first: under a packet it goes as it is, larger it is gzipped in one go on libuv's
// thread pool. Pages stream as React renders them and keep a gzip stream.
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
    const init = { status: res.status, statusText: res.statusText, headers };
    if (type.startsWith("application/json")) {
      const body = Buffer.from(await res.arrayBuffer());
      const sent = zipped && body.length >= MIN_COMPRESS ? await gz(body) : body;
      if (sent !== body) headers.set("content-encoding", "gzip");
      headers.set("content-length", String(sent.length));
      c.res = new Response(new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.length), init);
      return;
    }
    if (!zipped) return;
    headers.delete("content-length");
    headers.set("content-encoding", "gzip");
    c.res = new Response(res.body.pipeThrough(new CompressionStream("gzip")), init);
  };
}
