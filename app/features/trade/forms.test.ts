import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { contractOrderForm, spotOrderForm } from "./forms.ts";
import "../../forms/validate.ts";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe("the order forms", () => {
  it("says price, quantity and leverage must not be empty, each with its own message, all at once", () => {
    const result = parseWithZod(
      form({
        code: "btc/usdt",
        contract_type: "perpetual",
        type: "limit",
        side: "buy",
        price: "",
        quantity: "",
        leverage: "",
      }),
      { schema: contractOrderForm },
    );
    expect(result.status).toBe("error");
    expect(result.reply().error).toMatchObject({
      price: ["trading.price_required"],
      quantity: ["trading.quantity_required"],
      leverage: ["trading.leverage_required"],
    });
  });

  it("needs no price for a market order, and refuses numbers that are not plain decimals", () => {
    const ok = parseWithZod(
      form({
        code: "BTC/USDT",
        contract_type: "weekly",
        type: "market",
        side: "sell",
        quantity: "0.5",
        leverage: "20",
      }),
      {
        schema: contractOrderForm,
      },
    );
    expect(ok.status === "success" && ok.value).toMatchObject({
      code: "btc/usdt",
      quantity: "0.5",
      leverage: 20,
      contract_type: "weekly",
    });
    const bad = parseWithZod(form({ code: "btc/usdt", type: "market", side: "buy", quantity: "1e3" }), {
      schema: spotOrderForm,
    });
    expect(bad.reply().error).toMatchObject({ quantity: ["trading.number_invalid"] });
    const zero = parseWithZod(
      form({ code: "btc/usdt", type: "limit", side: "buy", quantity: "1", price: "0" }),
      { schema: spotOrderForm },
    );
    expect(zero.reply().error).toMatchObject({ price: ["trading.number_positive"] });
  });

  it("refuses a leverage over 1000 as the platform does (the form once let it through)", () => {
    const over = parseWithZod(
      form({
        code: "btc/usdt",
        contract_type: "perpetual",
        type: "market",
        side: "buy",
        quantity: "1",
        leverage: "1001",
      }),
      { schema: contractOrderForm },
    );
    expect(over.reply().error).toMatchObject({ leverage: ["trading.leverage_required"] });
  });
});
