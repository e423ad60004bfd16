import { type FieldMetadata, getInputProps, parse, type Submission } from "@conform-to/react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { usePageLanguage } from "../hooks.ts";
import { ErrorList } from "./form-parts.tsx";

export { ErrorList, HoneypotInputs, Submit, useMessage } from "./form-parts.tsx";

type InputType = "text" | "email" | "password" | "tel" | "number" | "search";

/** A labelled input bound to a Conform field, with its errors under it. */
export function Field({
  field,
  label,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  prefix,
  hint,
  readOnly,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text" | "decimal";
  placeholder?: string;
  /** Something drawn inside the field on the left (e.g. the dial-code button). */
  prefix?: ReactNode;
  hint?: string;
  readOnly?: boolean;
}) {
  const props = getInputProps(field, { type, ariaAttributes: true });
  return (
    <div className="mt-4">
      <label htmlFor={field.id} className="mb-1 block text-sm text-muted">
        {label}
      </label>
      <div className="flex gap-2">
        {prefix}
        <input
          {...props}
          key={props.key}
          className="input"
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
          readOnly={readOnly}
        />
      </div>
      {hint && !field.errors?.length && <p className="mt-1 text-xs text-muted">{hint}</p>}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A submission that checks nothing, for a button that posts only part of a form ("Send code",
 * "Calculate"), whose own input the platform checks: Conform lets it through (its error is
 * null), and its reply keeps what was typed without flagging fields the button does not need.
 * (Here rather than beside the zod forms: it must not pull zod into the first download.)
 */
export const unvalidated = (formData: FormData) =>
  parse<unknown, string[]>(formData, { resolve: () => ({ error: null }) });

/** The field Conform's own control buttons submit (`INTENT` in @conform-to/dom). */
const CONFORM_INTENT = "__intent__";

// A form validator is typed by the form that uses it; numbers are read in the page's language.
type Validate = (formData: FormData, lang: string) => Submission<any>;
/** What Conform's `onValidate` is given. */
type ValidateContext = { formData: FormData; submitter?: HTMLInputElement | HTMLButtonElement | null };

/**
 * Client-side validation, loaded after the page is up: the zod schemas stay out of the first
 * download (a slow phone gets a working form sooner) and join once the browser is idle. Until
 * then, and without JavaScript, the server validates what is submitted.
 *
 * Pass the result as Conform's `onValidate`. A button marked `formNoValidate` ("Send code",
 * "Calculate") posts only part of the form, so the other fields' rules must not hold it back, as
 * the browser itself does for such a button. And until the rules arrive, leaving a field checks
 * nothing: without an `onValidate` Conform would post the whole form to the server to check one
 * field, a round trip that reloads the screen on a slow phone.
 */
export function useLazyValidator(
  load: () => Promise<Validate>,
): (input: ValidateContext | FormData) => Submission<any> {
  const [validate, setValidate] = useState<Validate>();
  const lang = usePageLanguage();
  useEffect(() => {
    let live = true;
    const start = () =>
      load().then((fn) => {
        if (live) setValidate(() => fn);
      });
    const idle = window.requestIdleCallback?.(start) ?? window.setTimeout(start, 200);
    return () => {
      live = false;
      window.cancelIdleCallback?.(idle);
    };
  }, [load]);
  return useMemo(
    () => (input: ValidateContext | FormData) => {
      const { formData, submitter } =
        input instanceof FormData ? { formData: input, submitter: null } : input;
      // Conform's own intents (check a field as it is left) come by a formNoValidate button too.
      const leaving = formData.has(CONFORM_INTENT);
      if (!validate) return leaving ? nothingFound(formData) : unvalidated(formData);
      return submitter?.formNoValidate && !leaving ? unvalidated(formData) : validate(formData, lang);
    },
    [validate, lang],
  );
}

/** A field checked and nothing found: Conform stays on the page (its error is not null). */
const nothingFound = (formData: FormData) =>
  parse<unknown, string[]>(formData, { resolve: () => ({ error: {} }) });
