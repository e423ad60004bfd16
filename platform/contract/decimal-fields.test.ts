import { describe, expect, it } from "vitest";
import { decimalField, optionalDecimal } from "./trading.ts";
import { amountField } from "./wallet.ts";

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.message);

describe("decimal fields", () => {
  // "abc" was answered with two messages at once: "Enter a number such as 0.5" and "Must be
  // more than zero", the second about a number that was never there.
  it("say one thing about a text that is not a number", () => {
    for (const typed of ["abc", "NaN", "Infinity", "1e30", "-1", "0.5.1"]) {
      expect(messages(decimalField("validation.required").safeParse(typed))).toEqual([
        "trading.number_invalid",
      ]);
      expect(messages(optionalDecimal.safeParse(typed))).toEqual(["trading.number_invalid"]);
      expect(messages(amountField.safeParse(typed))).toEqual(["wallet.amount_invalid"]);
    }
  });
  it("still say zero is not enough, and take a positive number", () => {
    expect(messages(decimalField("validation.required").safeParse("0.00"))).toEqual([
      "trading.number_positive",
    ]);
    expect(messages(amountField.safeParse("0"))).toEqual(["wallet.amount_positive"]);
    expect(messages(amountField.safeParse(""))).toEqual(["validation.required"]);
    expect(amountField.safeParse(" 0.5 ").data).toBe("0.5");
  });
});
