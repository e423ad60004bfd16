import { describe, expect, it } from "vitest";
import { fieldErrors, messageKey, parseMessageKey, z } from "./validation.ts";

describe("validation messages", () => {
  it("encode a key with its parameters and decode it back", () => {
    const encoded = messageKey("validation.too_short", { minimum: 6 });
    expect(encoded).toBe("validation.too_short?minimum=6");
    expect(parseMessageKey(encoded)).toEqual({ key: "validation.too_short", params: { minimum: "6" } });
    expect(parseMessageKey("validation.required")).toEqual({ key: "validation.required", params: {} });
  });

  it("map zod's issues to our keys", () => {
    const schema = z.object({
      name: z.string().min(1),
      password: z.string().min(6),
      email: z.email(),
      amount: z.coerce.number().max(10),
      side: z.enum(["buy", "sell"]),
    });
    const result = schema.safeParse({
      name: "",
      password: "abc",
      email: "no-at-sign",
      amount: "11",
      side: "x",
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      name: ["validation.required"],
      password: ["validation.too_short?minimum=6"],
      email: ["validation.invalid_email"],
      amount: ["validation.too_big?maximum=10"],
      side: ["validation.invalid_option"],
    });
    const missing = z.object({ phone: z.string() }).safeParse({});
    expect(missing.success || fieldErrors(missing.error)).toEqual({ phone: ["validation.required"] });
  });

  it("let a schema's own message win", () => {
    const r = z.string().min(8, { message: "security.fund_password_rule" }).safeParse("a");
    expect(r.success || r.error.issues[0]?.message).toBe("security.fund_password_rule");
  });
});
