import { describe, expect, it } from "vitest";
import { bettingRound, periodNo, resultOf, roundAt } from "./service.ts";

describe("rounds", () => {
  const at = (iso: string) => Date.parse(iso);
  it("run back to back, numbered by their start (YYYYMMDDHHmm, UTC)", () => {
    const round = roundAt(60, at("2026-11-21T09:35:42Z"));
    expect([new Date(round.start).toISOString(), new Date(round.end).toISOString(), round.periodNo]).toEqual([
      "2026-11-21T09:35:00.000Z",
      "2026-11-21T09:36:00.000Z",
      "202611210935",
    ]);
    expect(roundAt(300, at("2026-11-21T09:38:00Z")).periodNo).toBe("202611210935");
    expect(periodNo(at("2026-01-02T03:04:00Z"))).toBe("202601020304");
  });

  it("take a bet for the next round, never one already running — also exactly on a boundary", () => {
    expect(bettingRound(60, at("2026-11-21T09:35:59.999Z")).periodNo).toBe("202611210936");
    expect(bettingRound(60, at("2026-11-21T09:36:00.000Z")).periodNo).toBe("202611210937");
    expect(bettingRound(120, at("2026-11-21T09:35:10Z")).periodNo).toBe("202611210936");
  });

  it("end up, down or level", () => {
    expect(resultOf("100.5", "100.51")).toBe("up");
    expect(resultOf("100.5", "100.49")).toBe("down");
    expect(resultOf("100.50", "100.5")).toBe("level");
  });
});
