import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import "../../platform/contract/validation.ts";

/** A form validator for Conform from a zod schema (the same one the action uses). */
export const validator =
  <S extends z.ZodType>(schema: S) =>
  (formData: FormData) =>
    parseWithZod(formData, { schema });
