import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { fundChangeForm, paymentMethodForm } from "./security.ts";
import "./validate.ts";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe("the security forms", () => {
  // The platform refused markup in a payment method's names while the form let it through.
  it("refuse markup in a payment method's holder and branch, as the platform does", () => {
    const result = parseWithZod(
      form({
        kind: "bank",
        holder: "<b>Ann</b>",
        provider: "Bank",
        account: "12345678",
        branch: "<i>x</i>",
        payment_password: "secret",
      }),
      { schema: paymentMethodForm },
    );
    expect(result.reply().error).toMatchObject({
      holder: ["validation.invalid_format"],
      branch: ["validation.invalid_format"],
    });
  });

  it("ask for the old fund password or for the code, whichever way was chosen", () => {
    const byCode = parseWithZod(
      form({ by: "code", channel: "email", new_pay_pwd: "abc12345", new_pay_pwd_confirmation: "abc12345" }),
      { schema: fundChangeForm },
    );
    expect(Object.keys(byCode.reply().error ?? {})).toEqual(["code"]);
    const byOld = parseWithZod(
      form({ by: "old", old_password: "old1", new_pay_pwd: "abc12345", new_pay_pwd_confirmation: "abc1234" }),
      { schema: fundChangeForm },
    );
    expect(byOld.reply().error).toMatchObject({
      new_pay_pwd_confirmation: ["security.fund_password_differ"],
    });
  });
});
