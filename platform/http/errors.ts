import { messageKey as encode } from "../contract/validation.ts";

/**
 * A failure the caller can act on: an HTTP status, a message key (localized by the `lang`
 * header) and, for validation, per-field message keys. Anything else thrown is a bug → 500.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 503,
    readonly messageKey: string,
    readonly options: {
      params?: Record<string, string | number>;
      /** Overrides status_code in the envelope (401 → 50008/50012/50014). */
      statusCode?: number;
      errors?: Record<string, string[]>;
      data?: unknown;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(messageKey);
  }
}

/** Shorthand for a 422 on one field, the most common business-rule refusal. */
export function fieldError(field: string, messageKey: string, params?: Record<string, string | number>) {
  return new ApiError(422, messageKey, { params, errors: { [field]: [encode(messageKey, params)] } });
}
