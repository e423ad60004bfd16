import { ApiError } from "./errors.ts";

/** Form fields into an object: repeated names become arrays, empty strings are dropped (spec §7). */
export function formToObject(form: FormData | URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (value === "") continue;
    if (typeof value !== "string" && value.size === 0 && value.name === "") continue;
    const existing = out[name];
    if (existing === undefined) out[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else out[name] = [existing, value];
  }
  return out;
}

/**
 * Reads a request body whatever its encoding (JSON, form-encoded or multipart) into one plain
 * object, so every route validates the same way however the client sent it.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const length = request.headers.get("content-length");
  if (!request.body || length === "0") return {};
  if (type.startsWith("application/json") || type.endsWith("+json")) {
    const text = await request.text();
    if (text.trim() === "") return {};
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError(400, "errors.bad_request");
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new ApiError(400, "errors.bad_request");
    }
    // Empty strings count as missing in JSON too, as in forms.
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== "" && v !== null));
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return formToObject(new URLSearchParams(await request.text()));
  }
  if (type.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new ApiError(400, "errors.bad_request");
    }
    return formToObject(form);
  }
  if (type === "") {
    const text = await request.text();
    if (text.length === 0) return {};
  }
  throw new ApiError(415, "errors.unsupported_media_type");
}
