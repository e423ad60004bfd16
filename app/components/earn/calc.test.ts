import { describe, expect, it } from "vitest";
import { numbers } from "../numbers.tsx";
import { checkinDays, exitQuote, filled, maxJoin, percent, sum, totalsByCoin } from "./calc.ts";
import { dailyIncome, tokensFor } from "./live.ts";
import type { Participation } from "./types.ts";

describe("earn figures", () => {
  it("shows rates as percentages, a day and a year", () => {
    expect(percent("0.003")).toBe("0.30%");
    expect(percent("0.0015")).toBe("0.15%");
    expect(percent("0.01")).toBe("1.00%");
    expect(percent("0.003", 365)).toBe("109.50%");
    expect(percent("0.00123456")).toBe("0.1234%");
    expect(percent("abc")).toBe("-");
    // The sign where the language puts it, after a no-break space in Russian.
    expect(percent("0.003", 1, "ru")).toBe("0,30\u00a0%");
  });

  it("groups amounts and keeps what the platform holds", () => {
    const n = numbers("en");
    expect(n.amount("5000000", 0)).toBe("5,000,000");
    expect(n.amount("4999000.5", 0)).toBe("4,999,000.5");
    expect(n.amount("0.00100000", 0)).toBe("0.001");
    expect(n.amount("12.5", 2)).toBe("12.50");
    expect(n.amount("0.123456789", 0)).toBe("0.12345678");
  });

  it("measures how full a pool is, within 0 and 100", () => {
    expect(filled("5000000", "5000000")).toBe("0.00");
    expect(filled("5000000", "4999000")).toBe("0.02");
    expect(filled("50", "12.5")).toBe("75.00");
    expect(filled("100", "0")).toBe("100.00");
    expect(filled("100", "120")).toBe("0.00");
    expect(filled("0", "0")).toBe("0.00");
  });

  it("works out a day's income only for a real amount", () => {
    expect(dailyIncome("1000", "0.003")).toBe("3.00000000");
    expect(dailyIncome("0.5", "0.0015")).toBe("0.00075000");
    expect(dailyIncome("", "0.003")).toBeUndefined();
    expect(dailyIncome("1e3", "0.003")).toBeUndefined();
  });

  it("finds the most a join may be", () => {
    const product = { max_purchase: "50000", pool_remaining: "4999000" };
    expect(maxJoin("1000", product)).toBe("1000");
    expect(maxJoin("90000", product)).toBe("50000");
    expect(maxJoin("90000", { max_purchase: "50000", pool_remaining: "20" })).toBe("20");
  });

  it("keeps the early-exit penalty only before a lock ends, rounded up", () => {
    const now = Date.parse("2026-03-01T00:00:00Z");
    const locked = { amount: "1000", ends_at: "2026-03-10T00:00:00Z" };
    expect(exitQuote(locked, "0.02", now)).toEqual({ early: true, penalty: "20", receive: "980" });
    expect(exitQuote({ ...locked, ends_at: "2026-02-28T00:00:00Z" }, "0.02", now)).toEqual({
      early: false,
      penalty: "0",
      receive: "1000",
    });
    expect(exitQuote({ amount: "500", ends_at: null }, "0.05", now)).toEqual({
      early: false,
      penalty: "0",
      receive: "500",
    });
    expect(exitQuote({ amount: "0.12345678", ends_at: locked.ends_at }, "0.05", now)).toEqual({
      early: true,
      penalty: "0.00617284",
      receive: "0.11728394",
    });
  });

  it("works out the tokens a subscription buys, truncated", () => {
    expect(tokensFor("100", "0.05")).toBe("2000.00000000");
    expect(tokensFor("1", "0.3")).toBe("3.33333333");
    expect(tokensFor("x", "0.05")).toBeUndefined();
    expect(tokensFor("10", "0")).toBeUndefined();
  });

  it("adds amounts and totals them per coin", () => {
    expect(sum(["0.1", "0.2", "1"])).toBe("1.3");
    expect(sum([])).toBe("0");
    const p = (coin: string, amount: string, income: string, status: Participation["status"]) =>
      ({ coin, amount, income, status }) as Participation;
    expect(
      totalsByCoin([
        p("USDT", "1000", "3", "participating"),
        p("ETH", "1", "0.01", "exited"),
        p("USDT", "500", "1.5", "exited"),
      ]),
    ).toEqual([
      { coin: "USDT", held: "1000", income: "4.5" },
      { coin: "ETH", held: "0", income: "0.01" },
    ]);
  });
});

describe("the daily check-in ladder", () => {
  const rewards = ["0.1", "0.2", "0.3", "0.5", "0.5", "0.8", "1"];
  const states = (claimed_today: boolean, streak: number) =>
    checkinDays({ claimed_today, streak, rewards })
      .map((d) => d.state[0])
      .join("");

  it("marks the days claimed, today and those to come", () => {
    expect(states(false, 0)).toBe("tuuuuuu");
    expect(states(true, 1)).toBe("cuuuuuu");
    expect(states(false, 3)).toBe("ccctuuu");
    expect(states(true, 7)).toBe("ccccccc");
    // After a full week the run starts again.
    expect(states(false, 7)).toBe("tuuuuuu");
    expect(checkinDays({ claimed_today: false, streak: 2, rewards })[2]).toEqual({
      day: 3,
      reward: "0.3",
      state: "today",
    });
  });
});
