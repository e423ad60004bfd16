import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { requestInfoContext } from "./.server/context.ts";
import { deferBoot } from "./.server/deferred-boot.ts";
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
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1000);
  let statusCode = status;
  // Every inline script of the page carries the nonce the response's CSP allows (web.ts).
  const { nonce } = context.get(requestInfoContext);
  const stream = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error) {
        statusCode = 500;
        if (!controller.signal.aborted) console.error(error);
      },
    },
  );
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await stream.allReady;
  stream.allReady.finally(() => clearTimeout(timer));
  headers.set("Content-Type", "text/html; charset=utf-8");
  // Production pages paint before their scripts download (deferred-boot.ts); Vite's dev client
  // must load as it comes.
  const body = import.meta.env.PROD ? stream.pipeThrough(deferBoot()) : stream;
  return new Response(body, { headers, status: statusCode });
}

/** Server errors worth a log line; refused forged posts and aborted requests are not errors. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (error instanceof Error && /does not match `origin` header/.test(error.message)) return;
  console.error(error);
}
