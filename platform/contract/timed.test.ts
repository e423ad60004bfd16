import { describe, expect, it } from "vitest";
import { betAmountRefusal, roundOpen } from "./timed.ts";

// The bet amount's one rule, which the platform applies when it takes a bet and the timed screen
// before it shows the confirmation (a confirmation for a bet the platform refuses is a lie).
describe("a bet's amount", () => {
  const product = { min_amount: "10", max_amount: "10000" };
  const refusal = (amount: string) => betAmountRefusal(product, amount);

  it("is taken from the minimum to the maximum, in cents", () => {
    for (const amount of ["10", "10.00", "10.01", "123.45", "123.450", "9999.99", "10000", "0010"])
      expect(refusal(amount), amount).toBeUndefined();
  });

  it("is refused below the minimum and above the maximum, by a cent", () => {
    expect(refusal("9.99")).toEqual({ key: "options.amount_min", params: { minimum: "10" } });
    expect(refusal("5")).toEqual({ key: "options.amount_min", params: { minimum: "10" } });
    expect(refusal("10000.01")).toEqual({ key: "options.amount_max", params: { maximum: "10000" } });
  });

  it("is refused with more than 2 decimals, never cut to them", () => {
    expect(refusal("123.456")).toEqual({ key: "wallet.amount_decimals", params: { decimals: "2" } });
    expect(refusal("10.001")).toEqual({ key: "wallet.amount_decimals", params: { decimals: "2" } });
    expect(refusal("10.000000000000000001")).toEqual({
      key: "wallet.amount_decimals",
      params: { decimals: "2" },
    });
  });

  it("follows the product's own limits", () => {
    expect(betAmountRefusal({ min_amount: "50", max_amount: "500" }, "49.99")).toMatchObject({
      key: "options.amount_min",
      params: { minimum: "50" },
    });
    expect(betAmountRefusal({ min_amount: "50", max_amount: "500" }, "500")).toBeUndefined();
  });
});

describe("a confirmed round", () => {
  const at = (iso: string) => Date.parse(iso);
  it("takes the bet only while it is the round taking bets", () => {
    // At 09:35:42 the round running is 09:35; bets join 09:36.
    expect(roundOpen(60, "202611210936", at("2026-11-21T09:35:42Z"))).toBe(true);
    expect(roundOpen(60, "202611210936", at("2026-11-21T09:35:59.999Z"))).toBe(true);
    // 09:36 has started: a bet confirmed for it is not moved to 09:37.
    expect(roundOpen(60, "202611210936", at("2026-11-21T09:36:00Z"))).toBe(false);
    expect(roundOpen(60, "202611210936", at("2026-11-21T09:36:05Z"))).toBe(false);
    // Nor is one for a round that does not take bets yet.
    expect(roundOpen(60, "202611210937", at("2026-11-21T09:35:42Z"))).toBe(false);
    expect(roundOpen(300, "202611210940", at("2026-11-21T09:38:00Z"))).toBe(true);
  });
});
