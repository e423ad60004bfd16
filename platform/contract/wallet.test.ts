import { describe, expect, it } from "vitest";
import { fiatWithdrawSchema, withdrawBody } from "./wallet.ts";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("withdrawal bodies", () => {
  const crypto = { coin: "usdt", network: "trc20", address: "T9yD", amount: "10", payment_password: "x" };

  // The platform once took any six characters here while the form asked for six digits.
  it("take a Google code of six digits only, as the form and every other security call do", () => {
    expect(issues(withdrawBody.safeParse({ ...crypto, google_code: "12ab56" }))).toEqual({
      google_code: "security.google_code_format",
    });
    expect(
      issues(
        fiatWithdrawSchema.safeParse({
          payment_method_id: 1,
          amount: "10",
          payment_password: "x",
          google_code: "1",
        }),
      ),
    ).toEqual({ google_code: "security.google_code_format" });
    expect(withdrawBody.safeParse({ ...crypto, google_code: " 123456 " }).success).toBe(true);
    expect(withdrawBody.safeParse(crypto).success).toBe(true);
  });

  it("say which field is too long, with the limit", () => {
    expect(
      issues(
        withdrawBody.safeParse({ ...crypto, address: "a".repeat(121), payment_password: "p".repeat(65) }),
      ),
    ).toEqual({
      address: "validation.too_long?maximum=120",
      payment_password: "validation.too_long?maximum=64",
    });
  });
});
