import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { parseMessageKey } from "../../platform/contract/message-key.ts";
import { localizeParams } from "../../platform/contract/numbers.ts";
import { useTranslation } from "./translation.ts";

// The parts of a form that need nothing of Conform: a screen that only shows a submit button or
// an error list (a faucet button, a trade screen's refusals, the console's sign-in) downloads
// these and not Conform's form state. The fields bound to Conform are in form.tsx, which
// re-exports these.

/**
 * Shows a message from a form's validation: a message key from the shared zod schemas
 * (`validation.required`, `identity.password_rule?…`) is translated here; a message the platform
 * already localized is shown as it is.
 */
export function useMessage() {
  const { t, i18n } = useTranslation();
  return (message: string) => {
    const { key, params } = parseMessageKey(message);
    return /^[a-z_]+\.[a-z_]+$/.test(key)
      ? t(`messages:${key}`, localizeParams(i18n.language, params))
      : message;
  };
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] }) {
  const message = useMessage();
  if (!errors?.length) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {errors.map((e) => (
        <p key={e}>{message(e)}</p>
      ))}
    </div>
  );
}

/** The submit button, showing progress while the post is on its way (with JS). */
export function Submit({ children, name, value }: { children: ReactNode; name?: string; value?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className="btn btn-primary btn-block mt-6"
      aria-busy={busy}
      disabled={busy}
    >
      {children}
    </button>
  );
}

/** Bots fill the hidden field; the root middleware refuses their posts. */
export { HoneypotInputs };
