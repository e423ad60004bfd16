/**
 * The contract's decimal fields (amounts, prices, quantities), marked so that the web forms read
 * them as the customer's language writes numbers ("0,5" in Spanish) before the schema validates
 * (app/forms/validate.ts). The mark changes nothing in the schema itself: the /api takes
 * canonical decimals ("0.5") only. A schema derived from a marked one by a method that clones it
 * (.refine, .check…) is not marked: its forms then take canonical decimals only.
 */
const marked = new WeakSet<object>();

export function formDecimal<T extends object>(schema: T): T {
  marked.add(schema);
  return schema;
}

export const isFormDecimal = (schema: unknown): boolean =>
  typeof schema === "object" && schema !== null && marked.has(schema);
