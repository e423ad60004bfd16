import type { Submission } from "@conform-to/react";
import type { Envelope } from "../../platform/contract/envelope.ts";

/**
 * The platform refused a form's data: its per-field messages go under the fields, anything else
 * above the form. Both arrive already in the user's language.
 */
export function replyWithEnvelope(submission: Submission<unknown>, envelope: Envelope<unknown>) {
  const fieldErrors = envelope.errors ?? {};
  const shown = Object.keys(fieldErrors).length > 0;
  return submission.reply({
    fieldErrors,
    formErrors: shown ? [] : [envelope.message],
    hideFields: SECRET_FIELDS,
  });
}

/** Never echoed back into a page. */
export const SECRET_FIELDS = [
  "password",
  "password_confirmation",
  "old_password",
  "payment_password",
  "new_pay_pwd",
  "new_pay_pwd_confirmation",
  "old_login_pwd",
  "new_login_pwd",
  "new_login_pwd_confirmation",
  "google_code",
];
