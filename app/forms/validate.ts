import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import type { z } from "zod";
import { isFormDecimal } from "../../platform/contract/form-decimal.ts";
import "../../platform/contract/validation.ts";
import { decimalInput } from "./decimal-input.ts";

/**
 * Conform's coercion of form values (empty → undefined, "3" → 3…), one per language, with the
 * contract's decimal fields read as the language writes numbers ("0,5" → "0.5" in Spanish; see
 * decimalInput) before their schema validates. Only the value validated changes: the
 * submission's payload, which a reply shows back in the fields, keeps what was typed.
 */
const coercions = new Map<string, ReturnType<typeof configureCoercion>>();
function coercionFor(lang: string) {
  let coercion = coercions.get(lang);
  if (!coercion) {
    const read = (value: unknown) =>
      typeof value !== "string" ? value : value === "" ? undefined : decimalInput(value, lang);
    coercion = configureCoercion({ customize: (type) => (isFormDecimal(type) ? read : null) });
    coercions.set(lang, coercion);
  }
  return coercion;
}

/**
 * A web form's submission checked by its zod schema, numbers read in the page's language: the
 * one parse of every form, in the route's action (the language from getLocale) and in the
 * browser (see `validator`).
 */
export function parseForm<S extends z.ZodType>(formData: FormData, options: { schema: S; lang: string }) {
  return parseWithZod(formData, {
    schema: formSchema(options.schema, options.lang),
    disableAutoCoercion: true,
  });
}

/** The schema as parseForm applies it, for a form read without Conform (an object of its fields). */
export const formSchema = <S extends z.ZodType>(schema: S, lang: string): S =>
  coercionFor(lang).coerceFormValue(schema) as unknown as S;

/** A form validator for Conform from a zod schema (the same one the action uses). */
export const validator =
  <S extends z.ZodType>(schema: S) =>
  (formData: FormData, lang: string) =>
    parseForm(formData, { schema, lang });
