import { z } from "zod";

import { messageKey } from "./message-key.ts";

export { messageKey, parseMessageKey } from "./message-key.ts";

/** Maps zod's built-in issues to our message keys; schema-specific messages take precedence. */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null || issue.input === "")
        return "validation.required";
      if (issue.expected === "number" || issue.expected === "bigint") return "validation.invalid_number";
      if (issue.expected === "int") return "validation.invalid_integer";
      return "validation.invalid_type";
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1
          ? "validation.required"
          : messageKey("validation.too_short", { minimum: issue.minimum });
      return messageKey("validation.too_small", { minimum: issue.minimum });
    case "too_big":
      if (issue.origin === "string") return messageKey("validation.too_long", { maximum: issue.maximum });
      return messageKey("validation.too_big", { maximum: issue.maximum });
    case "invalid_format":
      return issue.format === "email" ? "validation.invalid_email" : "validation.invalid_format";
    case "invalid_value":
      return "validation.invalid_option";
    case "unrecognized_keys":
      return messageKey("validation.unknown_field", { keys: issue.keys.join(", ") });
    default:
      return "validation.invalid_type";
  }
}

// In the browser our CSP forbids eval, and zod's probe for it (`new Function`) is reported as a
// CSP violation even though zod catches it: run without its compiled parsers there. The server
// keeps them (they make the API's object parsing faster).
z.config({ customError: issueMessage, jitless: typeof document !== "undefined" });

/** Per-field error lists keyed by the dotted path ("" for the form as a whole). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    const list = out[path] ?? [];
    list.push(issue.message);
    out[path] = list;
  }
  return out;
}

export { z };
