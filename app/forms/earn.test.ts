import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { EXIT_BACK, exitForm, joinLimitsForm } from "./earn.ts";

const limits = { remaining: "4000", minimum: "100", maximum: "50000", available: "1000" };
const join = (amount: string) => {
  const formData = new FormData();
  formData.set("id", "1");
  formData.set("kind", "mining");
  formData.set("amount", amount);
  const result = parseWithZod(formData, { schema: joinLimitsForm(limits) });
  return result.status === "success" ? "ok" : result.error?.amount;
};

describe("the join form in the browser", () => {
  it("refuses each limit with the platform's own message, in the platform's order", () => {
    expect(join("5000")).toEqual(["earn.exceeds_pool?remaining=4000"]);
    expect(join("99.99")).toEqual(["earn.below_minimum?minimum=100"]);
    expect(join("60000")).toEqual(["earn.exceeds_pool?remaining=4000"]);
    expect(join("1000.5")).toEqual(["wallet.insufficient"]);
    expect(join("1000")).toBe("ok");
    expect(join("abc")).toContain("wallet.amount_invalid");
    expect(join("")).toEqual(["validation.required"]);
  });

  it("checks the maximum purchase when the pool has room", () => {
    const formData = new FormData();
    formData.set("id", "1");
    formData.set("amount", "60000");
    const result = parseWithZod(formData, {
      schema: joinLimitsForm({ ...limits, remaining: "1000000", available: "90000" }),
    });
    expect(result.status === "success" ? "ok" : result.error?.amount).toEqual([
      "earn.above_maximum?maximum=50000",
    ]);
  });
});

describe("the exit form", () => {
  it("goes back only to the earn screens", () => {
    for (const back of ["/mininglist", "/mystaking", "/lockup", "/mininglist?id=12"])
      expect(EXIT_BACK.test(back)).toBe(true);
    for (const back of ["https://evil.example", "//evil.example", "/mininglist?id=1&x=2", "/asset"])
      expect(EXIT_BACK.test(back)).toBe(false);
    expect(exitForm.parse({ id: "3", back: "//evil.example" })).toEqual({ id: 3, back: "/mininglist" });
  });
});
