import { EventEmitter } from "node:events";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { FairShare, fairShareGate } from "./fair-share.ts";

const options = { concurrency: 4, perKey: 2, waitingPerKey: 3, halfLifeMs: 10_000, maxHoldMs: 60_000 };

function gate(extra: Partial<typeof options> = {}) {
  let clock = 0;
  const share = new FairShare({ ...options, ...extra, now: () => clock });
  const order: string[] = [];
  /** Asks for a slot; the returned handle tells whether it was granted yet and gives it back. */
  const ask = (key: string) => {
    const handle: { release?: () => void; refused?: boolean } = {};
    const got = share.acquire(key);
    const take = (release: (() => void) | undefined | null) => {
      if (!release) handle.refused = true;
      else {
        order.push(key);
        handle.release = release;
      }
    };
    if (got instanceof Promise) void got.then(take);
    else take(got);
    return handle;
  };
  return { share, ask, order, tick: (ms: number) => (clock += ms) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("fair shares between addresses", () => {
  it("admits everything from one address while nobody else is there", async () => {
    const { ask, share } = gate();
    const handles = [ask("a"), ask("a"), ask("a"), ask("a")];
    await settle();
    expect(handles.every((h) => h.release)).toBe(true);
    expect(share.stats.inFlight).toBe(4);
  });

  it("holds an address to its share while another runs, and the other's request goes at once", async () => {
    const { ask } = gate();
    const b = ask("b");
    const a = [ask("a"), ask("a"), ask("a")];
    await settle();
    expect(b.release).toBeDefined();
    expect(a.filter((h) => h.release)).toHaveLength(2); // b is running: a gets 2 of the 4
    const c = ask("c");
    await settle();
    expect(c.release).toBeDefined(); // a free slot, and c is within its share
  });

  it("gives a freed slot to the address that used the server least, not the first that waited", async () => {
    const { ask, order, tick } = gate({ concurrency: 1, perKey: 1 });
    // The flooder has used the server a lot lately.
    for (let i = 0; i < 5; i++) {
      const h = ask("flood");
      await settle();
      tick(100);
      h.release?.();
    }
    const running = ask("flood");
    await settle();
    const floodWaiting = ask("flood");
    const customer = ask("customer");
    await settle();
    expect(floodWaiting.release).toBeUndefined();
    expect(customer.release).toBeUndefined();
    running.release?.();
    await settle();
    expect(customer.release).toBeDefined();
    expect(floodWaiting.release).toBeUndefined();
    customer.release?.();
    await settle();
    expect(floodWaiting.release).toBeDefined();
    expect(order.slice(-3)).toEqual(["flood", "customer", "flood"]);
  });

  it("refuses an address at once when it already has its limit waiting, and no one else", async () => {
    const { ask } = gate({ concurrency: 1, perKey: 1 });
    ask("x");
    const waiting = [ask("a"), ask("a"), ask("a")];
    const fourth = ask("a");
    const other = ask("b");
    await settle();
    expect(fourth.refused).toBe(true);
    expect(waiting.some((h) => h.refused)).toBe(false);
    expect(other.refused).toBeUndefined();
  });

  it("gives a slot back by itself after the longest hold, so a slow request cannot keep it", async () => {
    const share = new FairShare({ ...options, concurrency: 1, maxHoldMs: 20 });
    const first = share.acquire("slow");
    expect(typeof first).toBe("function");
    const second = share.acquire("other");
    expect(second).toBeInstanceOf(Promise);
    const release = await second;
    expect(typeof release).toBe("function");
    (first as () => void)();
    (release as () => void)();
    expect(share.stats).toMatchObject({ inFlight: 0, waiting: 0 });
  });

  it("drops a waiting request whose client went away: it never runs, and no longer counts as waiting", async () => {
    const { share } = gate({ concurrency: 1, perKey: 1, waitingPerKey: 1 });
    const running = share.acquire("a") as () => void;
    let leave: () => void = () => {};
    const abandoned = share.acquire("b", (gone) => {
      leave = gone;
    });
    expect(share.stats.waiting).toBe(1);
    // Its address may wait with one request only: a reload is refused while the first waits…
    expect(share.acquire("b")).toBeUndefined();
    leave();
    expect(await abandoned).toBeNull();
    expect(share.stats.waiting).toBe(0);
    // …and queues once the client has gone; it is the one that runs when the slot frees.
    const reload = share.acquire("b");
    expect(reload).toBeInstanceOf(Promise);
    running();
    const release = await reload;
    expect(release).toBeTypeOf("function");
    expect(share.stats.inFlight).toBe(1);
    // Leaving after being admitted changes nothing: the slot is given back by its release.
    leave();
    expect(share.stats.inFlight).toBe(1);
  });

  it("forgets use with its half-life", () => {
    const { share, ask, tick } = gate();
    const h = ask("a");
    tick(999);
    h.release?.();
    expect(share.usage("a")).toBeCloseTo(1000, 0);
    tick(10_000);
    expect(share.usage("a")).toBeCloseTo(500, 0);
  });
});

describe("the gate in front of the server", () => {
  // A server with one slot, whose every answer takes a while: a flooding address and a customer.
  function server() {
    const app = new Hono();
    const share = new FairShare({ ...options, concurrency: 1, perKey: 1, waitingPerKey: 4 });
    app.use(
      "*",
      fairShareGate(share, (c) => c.req.header("x-client") ?? "?"),
    );
    const answered: string[] = [];
    app.all("*", async (c) => {
      await new Promise((r) => setTimeout(r, 5));
      answered.push(c.req.path === "/api/health" ? "health" : (c.req.header("x-client") ?? "?"));
      return c.json({ ok: true });
    });
    const call = (client: string, path = "/api/market/tickers", lang = "en") =>
      app.request(path, { headers: { "x-client": client, lang } });
    return { call, answered, app };
  }

  it("answers a customer before the flood waiting ahead of it, and refuses the flood's overflow in its language", async () => {
    const { call, answered } = server();
    const flood = Array.from({ length: 10 }, () => call("flood"));
    const customer = call("customer");
    const [floodAnswers, mine] = [await Promise.all(flood), await customer];
    expect(mine.status).toBe(200);
    // One running, four waiting, the other five refused at once, in the flood's language.
    expect(floodAnswers.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = floodAnswers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.headers.get("retry-after")).toBe("1");
    expect(await refused[0]?.json()).toMatchObject({
      status_code: 429,
      message: "The service is busy, please try again shortly",
    });
    // The customer came after the flood's five, yet was answered second.
    expect(answered.indexOf("customer")).toBe(1);
  });

  it("does no work for a request whose client hung up while it waited", async () => {
    const { call, answered, app } = server();
    const first = call("flood");
    const outgoing = new EventEmitter();
    const abandoned = app.request("/markets", { headers: { "x-client": "flood" } }, { outgoing });
    await new Promise((r) => setImmediate(r));
    outgoing.emit("close");
    expect((await abandoned).status).toBe(499);
    expect((await first).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toEqual(["flood"]);
  });

  it("refuses a page in the visitor's language, and never queues the health check", async () => {
    const { call, answered } = server();
    const flood = Array.from({ length: 6 }, () => call("flood", "/markets", "zh-CN"));
    const health = await call("flood", "/api/health");
    expect(health.status).toBe(200);
    // Answered beside the one page in hand, not after the four waiting.
    expect(answered.indexOf("health")).toBeLessThan(2);
    const answers = await Promise.all(flood);
    const refused = answers.find((r) => r.status === 429);
    expect(await refused?.text()).toBe("服务繁忙，请稍后重试");
  });
});
