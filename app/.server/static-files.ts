// The built client files (build/client: hashed assets, icons, banners, the service worker), held
// in memory by server.ts: a page costs no disk `stat` to learn it is not a file, and an asset is
// compressed once (gzip and brotli, on libuv's thread pool) instead of on every response.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function brotliAt(body: Buffer, quality: number) {
  return brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

type Entry = {
  body: Buffer;
  type: string;
  cacheControl: string;
  compressible: boolean;
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
};

export const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
/** Below this size compression saves less than a packet. */
export const MIN_COMPRESS = 1024;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
  );
}

/**
 * Serves the files under `root` from memory. Fingerprinted files (under /assets/) never change
 * and are cached a year; the others an hour. Anything else goes on to the next handler.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const files = new Map<string, Entry>();
  for (const file of walk(root)) {
    const path = `/${relative(root, file).split(sep).join("/")}`;
    const type = getMimeType(path) ?? "application/octet-stream";
    const body = readFileSync(file);
    files.set(path, {
      body,
      type,
      cacheControl: path.startsWith("/assets/")
        ? "public, max-age=31536000, immutable"
        : "public, max-age=3600",
      compressible: COMPRESSIBLE.test(type) && body.length >= MIN_COMPRESS,
    });
  }
  let smallest = Promise.resolve();
  return async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    const file = files.get(path);
    if (!file) return next();
    const headers: Record<string, string> = {
      "Content-Type": file.type,
      "Cache-Control": file.cacheControl,
    };
    let body = file.body;
    if (file.compressible) {
      headers.Vary = "Accept-Encoding";
      const accepted = c.req.header("accept-encoding") ?? "";
      if (/\bbr\b/.test(accepted)) {
        if (!file.br) {
          // Quickly first (a first visitor does not wait seconds for it), then the smallest for
          // every later visitor, made on the thread pool one file at a time (never more than one
          // of its threads, so quick ones are not held up).
          const entry = file;
          const quick = brotliAt(entry.body, 5);
          entry.br = quick;
          smallest = smallest
            .then(() => brotliAt(entry.body, constants.BROTLI_MAX_QUALITY))
            .then((best) => {
              entry.br = Promise.resolve(best);
            })
            .catch(() => {});
        }
        body = (await file.br) as Buffer;
        headers["Content-Encoding"] = "br";
      } else if (/\bgzip\b/.test(accepted)) {
        file.gzip ??= gz(file.body, { level: 9 });
        body = await file.gzip;
        headers["Content-Encoding"] = "gzip";
      }
    }
    headers["Content-Length"] = String(body.length);
    if (method === "HEAD") return c.body(null, 200, headers);
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), 200, headers);
  };
}
