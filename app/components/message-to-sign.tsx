import type { FieldMetadata } from "@conform-to/react";
import { ErrorList } from "./form-parts.tsx";

/**
 * The message a wallet signs (Sign-In with Ethereum), read-only so it can be copied into a wallet
 * app, with what to do with it: the wallet sign-in and the agent authorization show the same one.
 */
export function MessageToSign({
  field,
  message,
  label,
  help,
}: {
  field: FieldMetadata<string>;
  message: string;
  label: string;
  help: string;
}) {
  return (
    <div className="mt-4">
      <label htmlFor={field.id} className="mb-1 block text-sm text-muted">
        {label}
      </label>
      <textarea
        id={field.id}
        name="message"
        readOnly
        defaultValue={message}
        rows={11}
        className="input py-2 font-mono text-xs"
        aria-describedby={`${field.id}-help`}
      />
      <p id={`${field.id}-help`} className="mt-1 text-xs text-muted">
        {help}
      </p>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
