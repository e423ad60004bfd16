import { isbot } from "isbot";
import type { ReactNode } from "react";
import * as reactServer from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { requestInfoContext } from "./.server/context.ts";
import { concat, deferBoot, deferBootInPage } from "./.server/deferred-boot.ts";
import { getI18n } from "./.server/i18n.ts";
import { NonceContext } from "./components/shell/nonce.ts";

export const streamTimeout = 5_000;

/**
 * Renders a page with Web streams only (no Node APIs), so the same entry runs under Node and on
 * an edge runtime. Bots and error pages wait for the whole document.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  context: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const i18n = getI18n(context);
  let statusCode = status;
  // Every inline script of the page carries the nonce the response's CSP allows (web.ts).
  const { nonce } = context.get(requestInfoContext);
  const page = (
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceContext.Provider>
  );
  const onError = (error: unknown, aborted: boolean) => {
    statusCode = 500;
    if (!aborted) console.error(error);
  };
  headers.set("Content-Type", "text/html; charset=utf-8");
  if (renderToPipeableStream && import.meta.env.PROD) {
    const html = await renderWhole(renderToPipeableStream, page, nonce, onError);
    return new Response(deferBootInPage(html), { headers, status: statusCode });
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1000);
  const stream = await reactServer.renderToReadableStream(page, {
    nonce,
    signal: controller.signal,
    onError: (error) => onError(error, controller.signal.aborted),
  });
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await stream.allReady;
  stream.allReady.finally(() => clearTimeout(timer));
  // Production pages paint before their scripts download (deferred-boot.ts); Vite's dev client
  // must load as it comes.
  const body = import.meta.env.PROD ? stream.pipeThrough(deferBoot()) : stream;
  return new Response(body, { headers, status: statusCode });
}

/**
 * Node's own render (absent from the edge runtime's react-dom/server). Our loaders resolve before
 * the render and no screen streams data, so a page is whole as soon as React has rendered it:
 * rendered into memory through Node's stream API, it skips the Web streams (React's, the boot
 * rewrite's, compression's), which cost more of the server's time than rendering the page.
 */
const renderToPipeableStream = (reactServer as Partial<typeof import("react-dom/server.node")>)
  .renderToPipeableStream;

function renderWhole(
  render: NonNullable<typeof renderToPipeableStream>,
  page: ReactNode,
  nonce: string | undefined,
  onError: (error: unknown, aborted: boolean) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const encoder = new TextEncoder();
    const chunks: Uint8Array[] = [];
    let aborted = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // What React writes to: a Node writable in all it uses (write, end, on).
    const sink = {
      write(chunk: Uint8Array | string) {
        chunks.push(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
        return true;
      },
      end() {
        clearTimeout(timer);
        resolve(new TextDecoder().decode(concat(chunks)));
      },
      on() {
        return sink;
      },
    };
    const stream = render(page, {
      nonce,
      onAllReady: () => stream.pipe(sink as unknown as NodeJS.WritableStream),
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
      onError: (error) => onError(error, aborted),
    });
    // As the stream's render: what has not rendered by then renders its fallback (client-side).
    timer = setTimeout(() => {
      aborted = true;
      stream.abort();
    }, streamTimeout + 1000);
  });
}

/** Server errors worth a log line; refused forged posts and aborted requests are not errors. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (error instanceof Error && /does not match `origin` header/.test(error.message)) return;
  console.error(error);
}
