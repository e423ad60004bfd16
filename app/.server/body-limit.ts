/**
 * Reading a request body with a ceiling: the bytes actually read are counted (Content-Length is
 * only a claim, and a chunked post has none), and reading stops at the limit, so a client can
 * make the server hold at most `limit` bytes of its post however much it sends.
 */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/**
 * After refusing a post, this much more of it is read and dropped (never kept) in the background
 * before reading stops: a client still sending a little more then gets the 413 instead of a
 * connection closed under it (nginx's "lingering close"). Beyond it, the HTTP layer closes the
 * connection once the answer is written.
 */
export const LINGER_BYTES = 1024 * 1024;

async function linger(reader: ReadableStreamDefaultReader<Uint8Array>) {
  let dropped = 0;
  try {
    while (dropped < LINGER_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
    }
  } catch {
    return;
  }
  reader.releaseLock();
}

/**
 * The body, whole, or a BodyTooLargeError as soon as it passes `limit` bytes. `rest`: what
 * happens to the unread rest: "linger" (see LINGER_BYTES), or "cancel" for a clone whose twin
 * is still to be read (a tee's branch left open would keep a copy of everything its twin reads).
 */
export async function readBodyWithin(
  request: Request,
  limit: number,
  rest: "linger" | "cancel" = "linger",
): Promise<Uint8Array<ArrayBuffer>> {
  const announced = Number(request.headers.get("content-length") ?? "0");
  // Refused unread. The request's own body is never cancelled (on Node that destroys the socket
  // before the answer is written): the HTTP layer drops what it still sends after answering.
  if (Number.isFinite(announced) && announced > limit) {
    if (rest === "cancel") void request.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(limit);
  }
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      if (rest === "cancel") void reader.cancel().catch(() => {});
      else void linger(reader);
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The same request with its body read (within `limit`) into memory: read again as often as needed. */
export async function bufferedRequest(request: Request, limit: number): Promise<Request> {
  const body = await readBodyWithin(request, limit);
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: body.byteLength > 0 ? body : null,
    signal: request.signal,
  });
}
