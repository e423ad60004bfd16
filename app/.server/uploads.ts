import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { messageKey } from "../../platform/contract/message-key.ts";
import { BodyTooLargeError, readBodyWithin } from "./body-limit.ts";
import { requestInfoContext, servicesContext } from "./context.ts";

/**
 * Three images of 2 MB and the form around them (UPLOAD_BODY_LIMIT's default): a larger post is
 * refused before it is read whole.
 */
export const UPLOAD_POST_LIMIT = 3 * 2 * 1024 * 1024 + 256 * 1024;

/**
 * The posts of the forms that carry images (avatar, identity documents, a support chat's image), which may be as large
 * as uploadBodyLimit; every other web post is held to bodyLimit (web.ts). `/x.data` is a
 * client navigation's post to `/x`.
 */
export function isUploadPost(url: URL) {
  const page = url.pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  return (
    page === "/verifyinfo" ||
    page === "/customerservice" ||
    (page === "/accountsettings" && url.searchParams.get("form") === "avatar")
  );
}

/**
 * An upload form's data, read within `limit` bytes counted as they arrive (a chunked post
 * announces no length, and an announced one is only a claim); undefined once the post passes it
 * (or web.ts found it did), with the rest left unread.
 */
export async function readUploadForm(request: Request, context: Readonly<RouterContextProvider>) {
  if (context.get(requestInfoContext).bodyTooLarge) return undefined;
  const limit = context.get(servicesContext).uploadBodyLimit;
  try {
    const body = await readBodyWithin(request, limit);
    const type = request.headers.get("content-type") ?? "";
    return await new Response(body, { headers: { "content-type": type } }).formData();
  } catch (error) {
    if (error instanceof BodyTooLargeError) return undefined;
    throw error;
  }
}

/**
 * A 413 that puts "File exceeds 2M" above the form, for a post refused before it was read whole;
 * `wrap` places the form's reply in the action's data.
 */
export function tooLargeReply<T = SubmissionResult<string[]>>(
  submission: Submission<unknown>,
  wrap: (reply: SubmissionResult<string[]>) => T = (reply) => reply as T,
) {
  return data(wrap(submission.reply({ formErrors: [messageKey("uploads.too_large")] })), { status: 413 });
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
