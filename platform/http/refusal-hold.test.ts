import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RefusalHold } from "./refusal-hold.ts";

describe("refusals kept waiting", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("answers after the delay, not before", () => {
    const hold = new RefusalHold({ delayMs: 1000 });
    const answer = vi.fn();
    expect(hold.hold("a", answer)).not.toBe(false);
    vi.advanceTimersByTime(999);
    expect(answer).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(answer).toHaveBeenCalledOnce();
    expect(hold.stats).toEqual({ waiting: 0, addresses: 0 });
  });

  it("keeps at most perKey waiting for one address and total for all; others still wait", () => {
    const hold = new RefusalHold({ delayMs: 1000, perKey: 2, total: 3 });
    expect(hold.hold("a", () => {})).not.toBe(false);
    expect(hold.hold("a", () => {})).not.toBe(false);
    expect(hold.hold("a", () => {})).toBe(false);
    expect(hold.hold("b", () => {})).not.toBe(false);
    expect(hold.hold("c", () => {})).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(hold.hold("a", () => {})).not.toBe(false);
  });

  it("gives the place back without answering when cancelled, once", () => {
    const hold = new RefusalHold({ delayMs: 1000, perKey: 1 });
    const answer = vi.fn();
    const cancel = hold.hold("a", answer);
    if (cancel === false) throw new Error("not held");
    cancel();
    cancel();
    expect(hold.stats).toEqual({ waiting: 0, addresses: 0 });
    vi.advanceTimersByTime(1000);
    expect(answer).not.toHaveBeenCalled();
    expect(hold.hold("a", () => {})).not.toBe(false);
  });

  it("wait() resolves at once with no delay or when the address may not wait more", async () => {
    const none = new RefusalHold({ delayMs: 0 });
    await none.wait("a");
    const full = new RefusalHold({ delayMs: 1000, perKey: 1 });
    let first = false;
    void full.wait("a").then(() => {
      first = true;
    });
    await full.wait("a");
    expect(first).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(first).toBe(true);
  });
});
