import { describe, expect, it } from "vitest";
import { alertInput } from "../../platform/contract/alerts.ts";
import { transferBody } from "../../platform/contract/wallet.ts";
import { spotOrderForm } from "../features/trade/forms.ts";
import { transferForm, validators } from "./funds.ts";
import { parseForm } from "./validate.ts";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};
const transfer = (amount: string) => form({ coin: "USDT", from: "spot", to: "contract", amount });

describe("a form's amount, typed as the customer's language writes numbers", () => {
  it("takes a Spanish 0,5 as 0.5 in the transfer form's action, and shows back what was typed", () => {
    const submission = parseForm(transfer("0,5"), { schema: transferForm, lang: "es" });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      coin: "USDT",
      from: "spot",
      to: "contract",
      amount: "0.5",
    });
    expect(submission.reply().initialValue).toMatchObject({ amount: "0,5" });
    const grouped = parseForm(transfer(" 10.000,25 "), { schema: transferForm, lang: "es" });
    expect(grouped.status === "success" && grouped.value.amount).toBe("10000.25");
  });

  it("is read the same way by the browser's validator", () => {
    const submission = validators.transfer(transfer("0,5"), "pt");
    expect(submission.status === "success" && submission.value.amount).toBe("0.5");
  });

  it("keeps a refused amount as typed, with the language's own message key", () => {
    const refused = parseForm(transfer("0,5,1"), { schema: transferForm, lang: "es" });
    expect(refused.status).toBe("error");
    expect(refused.reply().error).toMatchObject({ amount: ["wallet.amount_invalid"] });
    expect(refused.reply().initialValue).toMatchObject({ amount: "0,5,1" });
    expect(parseForm(transfer(""), { schema: transferForm, lang: "es" }).reply().error).toMatchObject({
      amount: ["validation.required"],
    });
  });

  it("refuses a lone comma in English: 1,000 is never read as 1", () => {
    for (const amount of ["1,000", "0,5"]) {
      const submission = parseForm(transfer(amount), { schema: transferForm, lang: "en" });
      expect(submission.reply().error).toMatchObject({ amount: ["wallet.amount_invalid"] });
    }
    const grouped = parseForm(transfer("1,000.5"), { schema: transferForm, lang: "en" });
    expect(grouped.status === "success" && grouped.value.amount).toBe("1000.5");
  });

  it("reads the trade and alert forms' decimals too", () => {
    const order = parseForm(
      form({ code: "btc/usdt", type: "limit", side: "buy", quantity: "0,001", price: "95.000,5" }),
      {
        schema: spotOrderForm,
        lang: "es",
      },
    );
    expect(order.status === "success" && order.value).toMatchObject({ quantity: "0.001", price: "95000.5" });
    const alert = parseForm(form({ code: "btc/usdt", kind: "above", price: "1 234,5" }), {
      schema: alertInput,
      lang: "ru",
    });
    expect(alert.status === "success" && alert.value).toMatchObject({ price: "1234.5" });
  });

  it("leaves the /api's contract as it is: canonical decimals only", () => {
    const body = { coin: "USDT", from: "spot", to: "contract" };
    expect(transferBody.safeParse({ ...body, amount: "0,5" }).success).toBe(false);
    expect(transferBody.safeParse({ ...body, amount: "0.5" }).success).toBe(true);
  });
});
