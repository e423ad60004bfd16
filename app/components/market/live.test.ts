import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The page's socket hands frames on once per animation frame, all of them and in order: a
 * second's ticker, book and candle render the screen once, not once each (a long task apiece on
 * a slow phone).
 */
class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | undefined;
  readyState = 1;
  sent: string[] = [];
  onopen?: () => void;
  onmessage?: (event: { data: string }) => void;
  onerror?: () => void;
  onclose?: () => void;
  constructor() {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function page() {
  vi.resetModules();
  const frames: (() => void)[] = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("document", { hidden: false, addEventListener: () => {} });
  vi.stubGlobal("location", { protocol: "http:", host: "localhost" });
  vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
  vi.stubGlobal("cancelAnimationFrame", () => {});
  const live = await import("./live.ts");
  return { live, frames };
}

describe("the page's socket", () => {
  it("hands frames on together once per animation frame, in order, each to its channel", async () => {
    vi.useFakeTimers();
    const { live, frames } = await page();
    const heard: string[] = [];
    live.subscribe({ channel: "price", code: "btc/usdt" }, (d) => heard.push(`price ${d}`));
    live.subscribe({ channel: "depth", code: "btc/usdt" }, (d) => heard.push(`depth ${d}`));
    const socket = FakeSocket.last as FakeSocket;
    const send = (message: unknown) => socket.onmessage?.({ data: JSON.stringify(message) });
    send({ channel: "price", code: "btc/usdt", data: "1" });
    send({ channel: "depth", code: "btc/usdt", data: "a" });
    send({ channel: "price", code: "btc/usdt", data: "2" });
    send({ channel: "price", code: "eth/usdt", data: "x" }); // nobody follows it
    expect(heard).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(heard).toEqual(["price 1", "depth a", "price 2"]);
    // Nothing is handed on twice: the fallback timer finds the queue empty.
    vi.advanceTimersByTime(1000);
    expect(heard).toHaveLength(3);
  });

  it("still hands them on when no frame is drawn (a hidden tab)", async () => {
    vi.useFakeTimers();
    const { live } = await page();
    const heard: unknown[] = [];
    live.subscribe({ channel: "price", code: "btc/usdt" }, (d) => heard.push(d));
    (FakeSocket.last as FakeSocket).onmessage?.({
      data: JSON.stringify({ channel: "price", code: "btc/usdt", data: 7 }),
    });
    vi.advanceTimersByTime(300);
    expect(heard).toEqual([7]);
  });
});
