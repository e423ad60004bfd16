// The web tier's way to the platform when it runs elsewhere (API_URL, server.ts): /api requests
// and /ws sockets are handed on to it as a reverse proxy would, saying who the visitor is in the
// X-Forwarded-* headers (the platform takes them with TRUST_PROXY=1, as behind any proxy).
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Duplex } from "node:stream";

/** Headers that describe one connection, not the message: never handed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
];

export type Visitor = {
  /** The visitor's address as this server determined it (never a value the visitor sent). */
  clientIp: string;
  /** The URL as the visitor used it (with the proxy's scheme and host when TRUST_PROXY is on). */
  publicUrl: string;
  requestId?: string;
};

function forwardedHeaders(headers: Headers, visitor: Visitor) {
  const url = new URL(visitor.publicUrl);
  // The whole chain is replaced, not appended to: this server has already decided which
  // address to believe, and a value the visitor wrote must not reach the platform as the first.
  headers.set("x-forwarded-for", visitor.clientIp);
  headers.set("x-forwarded-proto", url.protocol.slice(0, -1));
  headers.set("x-forwarded-host", url.host);
  if (visitor.requestId) headers.set("x-request-id", visitor.requestId);
}

/** Sends an /api request on to the platform at `base` and gives back its answer as it came. */
export function forwardRequest(request: Request, base: URL, visitor: Visitor): Promise<Response> {
  const url = new URL(request.url);
  const target = new URL(url.pathname + url.search, base);
  const headers = new Headers(request.headers);
  for (const name of [...HOP_BY_HOP, "host"]) headers.delete(name);
  // fetch would unpack a compressed answer but keep its Content-Encoding: ask for it plain; this
  // server compresses what it sends (compressDynamic).
  headers.delete("accept-encoding");
  forwardedHeaders(headers, visitor);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return fetch(target, {
    method: request.method,
    headers,
    body: hasBody ? request.body : undefined,
    redirect: "manual",
    signal: request.signal,
    // @ts-expect-error Node's fetch needs this for a streamed request body
    duplex: "half",
  }).then(
    (response) => {
      const answer = new Headers(response.headers);
      for (const name of HOP_BY_HOP) answer.delete(name);
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers: answer,
      });
    },
    // The platform is down or unreachable: a gateway's answer, in the API's envelope.
    () => Response.json({ status_code: 502, message: "the platform is unreachable" }, { status: 502 }),
  );
}

function rawHead(statusLine: string, rawHeaders: string[]): string {
  let head = `${statusLine}\r\n`;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) head += `${rawHeaders[i]}: ${rawHeaders[i + 1]}\r\n`;
  return `${head}\r\n`;
}

/**
 * Hands a websocket upgrade (/ws) on to the platform: the platform does the handshake and from
 * then on the two sockets are joined byte for byte. A refusal (429, 4xx) reaches the visitor as
 * the platform gave it; a platform that cannot be reached is a 502.
 */
export function forwardUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  base: URL,
  visitor: Visitor,
): void {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === "host") continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  forwardedHeaders(headers, visitor);
  const target = new URL(request.url ?? "/", base);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const outgoing = send(target, { method: "GET", headers: Object.fromEntries(headers) });

  const refuse = () => {
    if (!socket.destroyed)
      socket.end("HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  };
  socket.on("error", () => outgoing.destroy());
  outgoing.on("error", refuse);
  outgoing.on("response", (response) => {
    // The platform said no (429 with Retry-After, 400…): its status, then the connection ends.
    const retryAfter = response.headers["retry-after"];
    socket.end(
      rawHead(`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`, [
        ...(retryAfter ? ["Retry-After", retryAfter] : []),
        "Connection",
        "close",
        "Content-Length",
        "0",
      ]),
    );
    response.resume();
  });
  outgoing.on("upgrade", (response, upstream, upstreamHead) => {
    if (socket.destroyed) {
      upstream.destroy();
      return;
    }
    upstream.setNoDelay(true);
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
    upstream.on("close", () => socket.destroy());
    socket.on("close", () => upstream.destroy());
    socket.write(
      rawHead(`HTTP/1.1 101 ${response.statusMessage ?? "Switching Protocols"}`, response.rawHeaders),
    );
    if (upstreamHead.length > 0) socket.write(upstreamHead);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  outgoing.end();
}
