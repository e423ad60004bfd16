import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { ErrorList, Field } from "./form.tsx";
import { useTranslation } from "./translation.ts";

export { Badge, Notice, SettingRow, type Tone } from "./security-status.tsx";

/** Once Google Authenticator is bound, security changes ask for its code. */
export function GoogleCodeField({
  field,
  bound,
}: {
  field: FieldMetadata<string | undefined>;
  bound: boolean;
}) {
  const { t } = useTranslation("security");
  if (!bound) return null;
  return (
    <Field
      field={field}
      label={t("google_code")}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      hint={t("google_code_hint")}
    />
  );
}

/** A labelled <select> bound to a Conform field. */
export function SelectField({
  field,
  label,
  options,
  placeholder,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  options: { value: string; label: string }[];
  placeholder?: string;
}) {
  const props = getSelectProps(field, { ariaAttributes: true });
  return (
    <div className="mt-4">
      <label htmlFor={field.id} className="mb-1 block text-sm text-muted">
        {label}
      </label>
      <select {...props} key={props.key} className="input">
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled image picker (JPEG, PNG, WebP), with the size rule under it. */
export function ImageField({
  field,
  label,
  hint,
}: {
  field: FieldMetadata<File | undefined>;
  label: string;
  hint?: string;
}) {
  const { t } = useTranslation("kyc");
  const props = getInputProps(field, { type: "file", ariaAttributes: true });
  return (
    <div className="mt-4">
      <label htmlFor={field.id} className="mb-1 block text-sm text-muted">
        {label}
      </label>
      <input
        {...props}
        key={props.key}
        accept="image/jpeg,image/png,image/webp"
        className="input py-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-line file:px-3 file:py-1 file:text-fg"
      />
      {!field.errors?.length && <p className="mt-1 text-xs text-muted">{hint ?? t("image_hint")}</p>}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
