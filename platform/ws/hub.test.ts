import { createServer, type Server } from "node:http";
import { type AddressInfo, Socket } from "node:net";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { createMemoryBus } from "../bus/memory.ts";
import { createLogger } from "../logger.ts";
import { CLOSE, createHub, type Hub, type HubOptions } from "./hub.ts";

type Running = { hub: Hub; server: Server; url: string; bus: ReturnType<typeof createMemoryBus> };
const running: Running[] = [];

async function start(options: Partial<HubOptions> = {}): Promise<Running> {
  const bus = createMemoryBus();
  const hub = createHub({ bus, logger: createLogger("silent"), ...options });
  hub.registerChannel("price", {
    accepts: (code) => code === "btc/usdt" || code === "eth/usdt",
    snapshot: (code) => ({ code, price: "100.00" }),
  });
  const server = createServer();
  server.on("upgrade", (req, socket, head) => hub.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  const r = { hub, server, url, bus };
  running.push(r);
  return r;
}

afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.hub.close();
    await new Promise((done) => r.server.close(done));
  }
});

/** A client that queues every frame it receives. */
async function connect(url: string) {
  const ws = new WebSocket(url);
  const frames: any[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (data) => {
    frames.push(JSON.parse(data.toString()));
    for (const w of waiters.splice(0)) w();
  });
  await new Promise((r, e) => {
    ws.once("open", r);
    ws.once("error", e);
  });
  return {
    ws,
    send: (frame: unknown) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    async next(): Promise<any> {
      while (frames.length === 0) await new Promise<void>((r) => waiters.push(r));
      return frames.shift();
    },
    frames,
  };
}

describe("the /ws hub", () => {
  it("answers ping with pong", async () => {
    const { url } = await start();
    const c = await connect(url);
    c.send({ op: "ping" });
    expect(await c.next()).toEqual({ op: "pong" });
    c.send("ping");
    expect(await c.next()).toEqual({ op: "pong" });
  });

  it("sends the snapshot on subscribe, then every update, until unsubscribed", async () => {
    const { url, bus, hub } = await start();
    const c = await connect(url);
    c.send({ op: "subscribe", channel: "price", code: "BTC/USDT" });
    expect(await c.next()).toEqual({ op: "subscribed", channel: "price", code: "btc/usdt" });
    expect(await c.next()).toEqual({
      channel: "price",
      code: "btc/usdt",
      data: { code: "btc/usdt", price: "100.00" },
    });
    await bus.publish("price:btc/usdt", { price: "101.00" });
    expect(await c.next()).toEqual({ channel: "price", code: "btc/usdt", data: { price: "101.00" } });
    expect(hub.stats().topics).toBe(1);
    c.send({ op: "unsubscribe", channel: "price", code: "btc/usdt" });
    expect(await c.next()).toMatchObject({ op: "unsubscribed" });
    expect(hub.stats().topics).toBe(0);
    await bus.publish("price:btc/usdt", { price: "102.00" });
    c.send({ op: "ping" });
    expect(await c.next()).toEqual({ op: "pong" }); // nothing in between
  });

  it("fans one bus subscription out to many sockets", async () => {
    const { url, bus, hub } = await start();
    const clients = await Promise.all(Array.from({ length: 20 }, () => connect(url)));
    for (const c of clients) {
      c.send({ op: "subscribe", channel: "price", code: "eth/usdt" });
      await c.next();
      await c.next();
    }
    expect(hub.stats()).toEqual({ clients: 20, topics: 1, tooSlow: 0 });
    await bus.publish("price:eth/usdt", { price: "1" });
    for (const c of clients) expect(await c.next()).toMatchObject({ data: { price: "1" } });
  });

  it("survives malformed frames with an error message and keeps the socket", async () => {
    const { url } = await start();
    const c = await connect(url);
    for (const bad of ["{not json", "[1,2]", "42", JSON.stringify({ op: "dance" })]) {
      c.send(bad);
      expect(await c.next()).toMatchObject({ op: "error" });
    }
    c.send({ op: "subscribe", channel: "nope", code: "x" });
    expect(await c.next()).toMatchObject({
      op: "error",
      message: expect.stringContaining("unknown channel"),
    });
    c.send({ op: "subscribe", channel: "price", code: "doge/usdt" });
    expect(await c.next()).toMatchObject({ op: "error", message: expect.stringContaining("unknown code") });
    c.send({ op: "subscribe", channel: "price" });
    expect(await c.next()).toMatchObject({ op: "error" });
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await c.next()).toMatchObject({ op: "error" });
    c.send({ op: "ping" });
    expect(await c.next()).toEqual({ op: "pong" });
  });

  it("closes a socket that stays silent past the idle timeout, not one that pings", async () => {
    const { url, hub } = await start({ idleTimeoutMs: 300 });
    const silent = await connect(url);
    const chatty = await connect(url);
    const keepAlive = setInterval(() => chatty.send({ op: "ping" }), 100);
    const code = await new Promise<number>((r) => silent.ws.once("close", (c) => r(c)));
    clearInterval(keepAlive);
    expect(code).toBe(4000);
    expect(chatty.ws.readyState).toBe(WebSocket.OPEN);
    await vi.waitFor(() => expect(hub.stats().clients).toBe(1));
  });

  it("refuses frames over 4 KB by closing (1009)", async () => {
    const { url } = await start();
    const c = await connect(url);
    const code = await new Promise<number>((r) => {
      c.ws.once("close", (c2) => r(c2));
      c.send({ op: "ping", pad: "x".repeat(5000) });
    });
    expect(code).toBe(1009);
  });

  const closed = (ws: WebSocket) =>
    new Promise<{ code: number; reason: string }>((r) =>
      ws.once("close", (code, reason) => r({ code, reason: reason.toString() })),
    );

  it("closes a socket that floods frames past its budget (4008), not one within it", async () => {
    const { url } = await start({ framesPerSecond: 5 });
    const calm = await connect(url);
    for (let i = 0; i < 5; i++) {
      calm.send({ op: "ping" });
      expect(await calm.next()).toEqual({ op: "pong" });
    }
    const flood = await connect(url);
    const done = closed(flood.ws);
    for (let i = 0; i < 100; i++) flood.send({ op: "ping" });
    expect(await done).toEqual({ code: CLOSE.frames[0], reason: "too many frames" });
    // Fewer answers than frames: the budget (a burst of twice the rate) ran out.
    expect(flood.frames.length).toBeLessThan(100);
    expect(calm.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("reads nothing more from a socket it closed for flooding, however much the client still sends", async () => {
    const { url, server } = await start({ framesPerSecond: 5 });
    let serverSide: Socket | undefined;
    server.prependListener("upgrade", (_request, socket) => {
      serverSide = socket as Socket;
    });
    // A client writing frames straight onto its socket (text frames, masked with a zero key).
    const payload = Buffer.from('{"op":"ping"}');
    const frame = Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
    const client = new Socket();
    const received: Buffer[] = [];
    client.on("data", (chunk) => received.push(chunk));
    client.on("error", () => {});
    await new Promise<void>((resolve) => client.connect(Number(new URL(url).port), "127.0.0.1", resolve));
    client.write(
      "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
    );
    await vi.waitFor(() => expect(String(Buffer.concat(received))).toContain("101 Switching Protocols"));
    // Past the budget (a burst of 10): the server says 4008…
    for (let i = 0; i < 20; i++) client.write(frame);
    const closeFrame = Buffer.from([0x88]);
    await vi.waitFor(() => expect(Buffer.concat(received).includes(closeFrame)).toBe(true));
    const socket = serverSide as Socket;
    const readAtClose = socket.bytesRead;
    // …and the client, not having read it yet, goes on: about 1 MB of frames. The server takes
    // in at most a read or two (64 KB each) and handles none of it.
    client.write(Buffer.concat(Array.from({ length: 50_000 }, () => frame)));
    await vi.waitFor(() => expect(socket.destroyed).toBe(true), { timeout: 5000 });
    expect(socket.bytesRead - readAtClose).toBeLessThanOrEqual(128 * 1024);
    client.destroy();
  });

  it("admits at most WS_HANDSHAKES_PER_MINUTE new sockets per address a minute, each address on its own", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { hub } = await start({ handshakesPerMinute: 3 });
      const tries = Array.from({ length: 4 }, () => hub.admit("10.9.0.1"));
      expect(tries).toEqual([true, true, true, false]);
      expect(hub.admit("10.9.0.2")).toBe(true);
      vi.setSystemTime(Date.now() + 60_000);
      expect(hub.admit("10.9.0.1")).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers a socket refused at the door only after WS_REFUSAL_DELAY_MS, keeping few waiting per address", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { hub } = await start({ refusalDelayMs: 5000 });
      const said = (socket: PassThrough) => String(socket.read() ?? "");
      const first = new PassThrough();
      hub.refuse(first, "10.9.0.1");
      // A client reopening sockets in a loop gets nothing for a while…
      vi.advanceTimersByTime(4999);
      expect(said(first)).toBe("");
      expect(first.destroyed).toBe(false);
      // …then the refusal.
      vi.advanceTimersByTime(1);
      expect(said(first)).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);

      // At most 64 wait per address; the next is closed at once, another address still waits.
      const held = Array.from({ length: 64 }, () => new PassThrough());
      for (const socket of held) hub.refuse(socket, "10.9.0.1");
      const over = new PassThrough();
      hub.refuse(over, "10.9.0.1");
      expect(over.destroyed).toBe(true);
      const other = new PassThrough();
      hub.refuse(other, "10.9.0.2");
      expect(other.destroyed).toBe(false);
      // One that goes away frees its place.
      held[0]?.destroy();
      await new Promise((resolve) => setImmediate(resolve));
      const next = new PassThrough();
      hub.refuse(next, "10.9.0.1");
      expect(next.destroyed).toBe(false);
      // Shutting down does not wait for them.
      await hub.close();
      expect(next.destroyed && other.destroyed && held.every((socket) => socket.destroyed)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses at once when WS_REFUSAL_DELAY_MS is 0", async () => {
    const { hub } = await start({ refusalDelayMs: 0 });
    const socket = new PassThrough();
    hub.refuse(socket, "10.9.0.1");
    expect(String(socket.read() ?? "")).toMatch(/^HTTP\/1\.1 429 /);
  });

  it("says when an address already holds its sockets", async () => {
    const { url, hub } = await start({ connectionsPerIp: 1 });
    expect(hub.full("127.0.0.1")).toBe(false);
    const a = await connect(url);
    await vi.waitFor(() => expect(hub.full("127.0.0.1")).toBe(true));
    a.ws.close();
    await vi.waitFor(() => expect(hub.full("127.0.0.1")).toBe(false));
  });

  it("caps sockets per address (4029); a closed one frees its place", async () => {
    const { url, hub } = await start({ connectionsPerIp: 2 });
    const [a, b] = [await connect(url), await connect(url)];
    const third = await connect(url);
    expect(await closed(third.ws)).toEqual({ code: 4029, reason: "too many connections from this address" });
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
    a.ws.close();
    await vi.waitFor(() => expect(hub.stats().clients).toBe(1));
    const again = await connect(url);
    again.send({ op: "ping" });
    expect(await again.next()).toEqual({ op: "pong" });
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("throttles auth frames per socket (4010) and asks about a refused token once", async () => {
    let lookups = 0;
    const { url } = await start({
      authPerMinute: 3,
      authenticate: async () => {
        lookups++;
        throw new Error("no such session");
      },
    });
    const c = await connect(url);
    for (let i = 0; i < 3; i++) {
      c.send({ op: "auth", token: "stolen-or-guessed" });
      expect(await c.next()).toMatchObject({ op: "error", message: "invalid or expired token" });
    }
    expect(lookups).toBe(1);
    const done = closed(c.ws);
    c.send({ op: "auth", token: "another-guess" });
    expect(await done).toEqual({ code: 4010, reason: "too many auth attempts" });
  });

  it("sends each client exactly the text and order of every message, however many are due in one turn", async () => {
    const { url, bus, hub } = await start({ maxSubscriptionsPerSocket: 10 });
    hub.registerChannel("kline", {
      accepts: (code) => code === "btc/usdt",
      key: { name: "interval", of: (params) => String(params.interval) },
    });
    const both = await connect(url);
    const one = await connect(url);
    const texts = (c: Awaited<ReturnType<typeof connect>>) => {
      const seen: string[] = [];
      c.ws.on("message", (data) => seen.push(data.toString()));
      return seen;
    };
    for (const [c, channels] of [
      [both, ["btc/usdt", "eth/usdt"]],
      [one, ["eth/usdt"]],
    ] as const) {
      for (const code of channels) {
        c.send({ op: "subscribe", channel: "price", code });
        await c.next();
        await c.next(); // the snapshot
      }
    }
    both.send({ op: "subscribe", channel: "kline", code: "btc/usdt", interval: "1m" });
    expect(await both.next()).toMatchObject({ op: "subscribed", interval: "1m" });
    const got = { both: texts(both), one: texts(one) };
    // One turn: interleaved channels, several messages each, text of every length class of a
    // frame (≤ 125 bytes, 16-bit and 64-bit lengths) and characters of more than one byte.
    const published: { topic: string; head: Record<string, string>; data: unknown }[] = [];
    for (let i = 0; i < 4; i++) {
      for (const code of ["btc/usdt", "eth/usdt"])
        published.push({ topic: `price:${code}`, head: { channel: "price", code }, data: { i, p: "1.5" } });
      published.push({
        topic: "kline:btc/usdt:1m",
        head: { channel: "kline", code: "btc/usdt", interval: "1m" },
        data: { i, note: "价格 ".repeat(i === 3 ? 30_000 : i * 40) },
      });
    }
    for (const m of published) void bus.publish(m.topic, m.data);
    const text = (m: (typeof published)[number]) => JSON.stringify({ ...m.head, data: m.data });
    const forBoth = published.map(text);
    const forOne = published.filter((m) => m.topic === "price:eth/usdt").map(text);
    await vi.waitFor(() => expect(got.both.length + got.one.length).toBe(forBoth.length + forOne.length));
    expect(got.both).toEqual(forBoth);
    expect(got.one).toEqual(forOne);
    // Replies still come after what was published before them.
    void bus.publish("price:eth/usdt", { last: true });
    one.send({ op: "ping" });
    await vi.waitFor(() => expect(got.one.length).toBe(forOne.length + 2));
    expect(got.one.slice(-2)).toEqual([
      JSON.stringify({ channel: "price", code: "eth/usdt", data: { last: true } }),
      JSON.stringify({ op: "pong" }),
    ]);
  });

  it("cuts a client that reads nothing once 1 MB waits for it, and counts it, while the others get everything", async () => {
    const { url, bus, hub, server } = await start();
    let stalledSide: Socket | undefined;
    server.prependListener("upgrade", (_request, socket) => {
      stalledSide ??= socket as Socket;
    });
    // A client that subscribes and then never reads: its kernel buffers fill, then the hub's.
    const stalled = new Socket();
    stalled.on("error", () => {});
    const heard: Buffer[] = [];
    stalled.on("data", (chunk) => heard.push(chunk));
    await new Promise<void>((resolve) => stalled.connect(Number(new URL(url).port), "127.0.0.1", resolve));
    stalled.write(
      "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
    );
    const subscribe = Buffer.from(JSON.stringify({ op: "subscribe", channel: "price", code: "btc/usdt" }));
    stalled.write(Buffer.concat([Buffer.from([0x81, 0x80 | subscribe.length, 0, 0, 0, 0]), subscribe]));
    await vi.waitFor(() => expect(String(Buffer.concat(heard))).toContain('"op":"subscribed"'));
    stalled.pause();
    const reader = await connect(url);
    reader.send({ op: "subscribe", channel: "price", code: "btc/usdt" });
    await reader.next();
    await reader.next();
    const big = "x".repeat(256 * 1024);
    let sent = 0;
    while (hub.stats().tooSlow === 0 && sent < 1000) {
      await bus.publish("price:btc/usdt", { n: sent++, big });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(hub.stats().tooSlow).toBe(1);
    await vi.waitFor(() => expect(stalledSide?.destroyed).toBe(true));
    // The reader got every message, in order.
    const ns: number[] = [];
    for (let i = 0; i < sent; i++) ns.push((await reader.next()).data.n);
    expect(ns).toEqual(Array.from({ length: sent }, (_, i) => i));
    stalled.destroy();
  });

  it("closes a socket asking for more channels than allowed (4009)", async () => {
    const { url } = await start({ maxSubscriptionsPerSocket: 1 });
    const c = await connect(url);
    c.send({ op: "subscribe", channel: "price", code: "btc/usdt" });
    expect(await c.next()).toMatchObject({ op: "subscribed" });
    const done = closed(c.ws);
    c.send({ op: "subscribe", channel: "price", code: "eth/usdt" });
    expect(await done).toEqual({ code: 4009, reason: "too many subscriptions" });
  });
});
