import { describe, expect, it } from "vitest";
import { deferBoot, deferBootInPage, loaderScript } from "./deferred-boot.ts";

const encoder = new TextEncoder();

const PAGE =
  '<html><head><title>Beacon · 比特币</title><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n1"/></head><body><main>Hi</main>' +
  '<script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>' +
  '<script nonce="n1">window.__reactRouterContext.streamController.close();</script></body></html>';

/** Streams `html` through the rewrite in chunks of `size` characters. */
async function rewrite(html: string, size: number): Promise<string> {
  const bytes = encoder.encode(html);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const parts: Uint8Array[] = [];
  const reader = source.pipeThrough(deferBoot()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return new TextDecoder().decode(Buffer.concat(parts));
    parts.push(value);
  }
}

describe("the deferred boot", () => {
  it("drops the preloads, makes the module script inert and puts the loader before it", async () => {
    const out = await rewrite(PAGE, PAGE.length);
    expect(out).not.toContain('modulepreload" href');
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).toContain(
      '<script nonce="n1" type="text/x-deferred-module" id="rr-boot">import * as route0 from "/assets/root-C.js";',
    );
    const loader = `<script nonce="n1">${loaderScript(["/assets/entry.client-A.js", "/assets/framework-B.js"])}</script>`;
    expect(out).toContain(loader);
    expect(out.indexOf(loader)).toBeLessThan(out.indexOf('id="rr-boot"'));
    // Everything else passes through untouched.
    expect(out).toContain("<main>Hi</main>");
    expect(out).toContain("streamController.close();</script></body></html>");
  });

  it("gives the same page whatever the chunk boundaries, or rendered whole", async () => {
    const whole = await rewrite(PAGE, PAGE.length);
    for (const size of [1, 2, 3, 7, 16, 50, 101]) expect(await rewrite(PAGE, size)).toBe(whole);
    expect(deferBootInPage(PAGE)).toBe(whole);
  });

  it("leaves a page without scripts (lite mode) as it is", async () => {
    const lite = "<html><head></head><body><p>1 < 2 and 3 > 2, 価格</p></body></html>";
    expect(await rewrite(lite, 5)).toBe(lite);
    expect(deferBootInPage(lite)).toBe(lite);
  });

  it("keeps a preload URL from closing the loader's script", () => {
    expect(loaderScript(["/a</script><script>x.js"])).not.toContain("</script>");
  });
});
