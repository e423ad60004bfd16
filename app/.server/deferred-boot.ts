// The page paints before its scripts download (production builds only).
//
// React Router's <Scripts/> asks for every module of the page at once: a modulepreload link per
// chunk and a module script that imports them. On a slow phone network that ~140 KB of JS shares
// the line with the HTML and the stylesheet the first paint is waiting for, and on a slow CPU the
// browser may start compiling it first. Our pages are complete without JS (every form posts, every
// link navigates), so the scripts can wait one frame: this rewrites the stream so that the module
// script is inert until the page has painted, then a tiny inline loader (with the page's nonce)
// adds the preloads and the module script back. Hydration starts a frame later; the first paint
// no longer waits for the framework. Web streams only, so the edge build uses it too.

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">/;
const BOOT_ID = "rr-boot";

/**
 * The loader: once the document is parsed and a frame has been painted, preload the modules and
 * run the boot script. A page opened in a background tab (no frames) starts on a timer.
 * `<html data-boot>` says where it is ("waiting", "started"); without JS it is never set.
 */
export function loaderScript(preloads: string[]): string {
  return (
    `(function(p){var d=0,r=document.documentElement;r.dataset.boot="waiting";function go(){if(d)return;d=1;r.dataset.boot="started";` +
    `p.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
    `var o=document.getElementById("${BOOT_ID}"),s=document.createElement("script");` +
    `s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;document.body.appendChild(s)}` +
    `function start(){requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)}` +
    `if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",start);else start()})` +
    `(${JSON.stringify(preloads).replace(/</g, "\\u003c")});`
  );
}

/**
 * Rewrites a page's HTML up to and including the module script's opening tag: modulepreload
 * links are dropped (their URLs go to the loader) and the module script becomes inert
 * (`type="text/x-deferred-module"`), preceded by the loader. Anything else is left as it is.
 */
export function rewriteBoot(html: string): string {
  const preloads: string[] = [];
  const out = html.replace(PRELOAD, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  return out.replace(
    MODULE_SCRIPT,
    (_, nonce: string) =>
      `<script nonce="${nonce}">${loaderScript(preloads)}</script>` +
      `<script nonce="${nonce}" type="text/x-deferred-module" id="${BOOT_ID}">`,
  );
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const MARKER = encoder.encode('type="module" async="">');

/** Where `needle` starts in `bytes`, or -1. */
function indexOfBytes(bytes: Uint8Array, needle: Uint8Array): number {
  const first = needle[0] as number;
  for (let i = bytes.indexOf(first); i >= 0; i = bytes.indexOf(first, i + 1)) {
    if (i + needle.length > bytes.length) return -1;
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** The chunks as one array of bytes. */
export function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The same rewrite of a whole page, as the Node server renders it (entry.server.tsx). */
export function deferBootInPage(html: string): string {
  const marker = 'type="module" async="">';
  const at = html.indexOf(marker);
  if (at < 0) return html;
  const cut = at + marker.length;
  return rewriteBoot(html.slice(0, cut)) + html.slice(cut);
}

/**
 * The stream version: holds the page's bytes until the module script's tag has arrived (it ends
 * the shell React renders in one go, so nothing paints later for it), rewrites that part once,
 * then passes every later chunk (streamed loader data) through untouched. The search is on bytes,
 * so most of the page is never decoded; a page with no module script (lite mode) comes out as
 * it went in.
 */
export function deferBoot(): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  // The last bytes held before this chunk: a marker may begin in them.
  let carry = new Uint8Array(0);
  let done = false;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (done) return controller.enqueue(chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      const tail = concat([carry, chunk]);
      carry = tail.slice(Math.max(0, tail.length - MARKER.length + 1));
      const found = indexOfBytes(tail, MARKER);
      // A page that never names its module script is let go rather than held whole.
      if (found < 0 && heldBytes < 4_000_000) return;
      const whole = concat(held);
      held = [];
      done = true;
      if (found < 0) return controller.enqueue(whole);
      // `tail` is the last bytes of `whole`. Up to the marker's end the text is whole characters
      // (the marker is ASCII).
      const cut = heldBytes - tail.length + found + MARKER.length;
      controller.enqueue(encoder.encode(rewriteBoot(decoder.decode(whole.subarray(0, cut)))));
      if (cut < whole.length) controller.enqueue(whole.subarray(cut));
    },
    flush(controller) {
      if (held.length) controller.enqueue(concat(held));
    },
  });
}
