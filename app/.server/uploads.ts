import type { Submission } from "@conform-to/react";
import { messageKey } from "../../platform/contract/message-key.ts";

/** Three images of 2 MB and the form around them: a larger post is refused before it is read. */
export const UPLOAD_POST_LIMIT = 3 * 2 * 1024 * 1024 + 256 * 1024;

/** Whether a post announces more than the upload forms ever need (spec: "File exceeds 2M"). */
export function postTooLarge(request: Request) {
  const length = Number(request.headers.get("content-length") ?? "0");
  return Number.isFinite(length) && length > UPLOAD_POST_LIMIT;
}

/** A reply that puts "File exceeds 2M" above the form, for a post refused before it was read. */
export function tooLargeReply(submission: Submission<unknown>) {
  return submission.reply({ formErrors: [messageKey("uploads.too_large")] });
}

/**
 * An uploaded image relayed from the platform (`fetch` there decides who may read it): only
 * the headers that describe the file pass, and anything but a found file is a plain 404.
 */
export async function relayUpload(id: string, fetch: (id: string) => Promise<Response>) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return new Response("Not found", { status: 404 });
  const response = await fetch(id);
  if (!response.ok) return new Response("Not found", { status: 404 });
  const headers = new Headers();
  for (const name of [
    "content-type",
    "content-length",
    "cache-control",
    "x-content-type-options",
    "content-security-policy",
  ]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}
