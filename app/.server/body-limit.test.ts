import { describe, expect, it } from "vitest";
import { BodyTooLargeError, bufferedRequest, LINGER_BYTES, readBodyWithin } from "./body-limit.ts";

/** A chunked post of `total` bytes (no Content-Length) that counts what the server pulled. */
function chunkedPost(total: number, chunkSize = 1024) {
  const pulled = { bytes: 0 };
  const chunk = new Uint8Array(chunkSize).fill(97);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close();
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  // @ts-expect-error Node's fetch needs this for a streamed request body
  const request = new Request("http://site.test/login", { method: "POST", body, duplex: "half" });
  return { request, pulled };
}

describe("readBodyWithin", () => {
  it("stops reading a chunked post at the limit: the rest is never pulled", async () => {
    const { request, pulled } = chunkedPost(10 * 1024 * 1024);
    await expect(readBodyWithin(request, 8 * 1024, "cancel")).rejects.toBeInstanceOf(BodyTooLargeError);
    // What was read: the limit and the chunk that crossed it (plus the stream's one-chunk queue).
    expect(pulled.bytes).toBeLessThanOrEqual(8 * 1024 + 3 * 1024);
  });

  it("after refusing, drops at most LINGER_BYTES more, then stops pulling", async () => {
    const { request, pulled } = chunkedPost(10 * 1024 * 1024);
    await expect(readBodyWithin(request, 8 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
    for (let i = 0; i < 2000 && pulled.bytes < LINGER_BYTES; i++) await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    expect(pulled.bytes).toBeGreaterThanOrEqual(LINGER_BYTES);
    expect(pulled.bytes).toBeLessThanOrEqual(8 * 1024 + LINGER_BYTES + 3 * 1024);
  });

  it("refuses an announced length over the limit without reading a byte", async () => {
    const { request, pulled } = chunkedPost(1024 * 1024);
    const announced = new Request(request, { headers: { "content-length": String(1024 * 1024) } });
    await expect(readBodyWithin(announced, 1000)).rejects.toBeInstanceOf(BodyTooLargeError);
    // Only what the stream queues by itself, never the body.
    expect(pulled.bytes).toBeLessThanOrEqual(4 * 1024);
  });

  it("passes a body within the limit whole, readable again", async () => {
    const form = new URLSearchParams({ account: "a@b.test", password: "x".repeat(500) });
    const request = new Request("http://site.test/login", { method: "POST", body: form });
    const copy = await bufferedRequest(request, 4096);
    expect(Object.fromEntries(await copy.formData())).toEqual(Object.fromEntries(form));
  });

  it("counts exactly: a body of the limit passes, one byte more does not", async () => {
    const exact = chunkedPost(4096, 512);
    expect((await readBodyWithin(exact.request, 4096)).byteLength).toBe(4096);
    const over = chunkedPost(4097, 4097);
    await expect(readBodyWithin(over.request, 4096)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});
