// A bench client process: opens `count` websockets to a server (our hub or the plain baseline),
// subscribes each to every code's price channel and to the depth channel of `depthPerClient`
// markets, and records how long each message took from publish to receipt. It stays connected
// across measuring phases ("start" … "stop"), so one set of sockets serves several publish rates.
//
// The clients share the machine with the server they measure, so they are a minimal RFC 6455
// client on a bare TCP socket: they split frames and read each message's publish time, without
// a websocket library's per-message work (events, UTF-8 checks, copies). Remote browsers have
// their own CPUs; here every client's CPU is taken from the server's.
import { connect, type Socket } from "node:net";

export type ClientsArgs = {
  url: string;
  count: number;
  /** Index of this process's first client among all: spreads the depth markets evenly. */
  offset: number;
  prices: string[];
  depth: string[];
  depthPerClient: number;
};
export type ClientsResult = {
  type: "result";
  received: number;
  bytes: number;
  /** Sockets the server closed (or cut) during the phase: what they missed counts as lost. */
  closed: number;
  /** CPU time this process spent in the phase (its share of the machine is not the server's). */
  cpuMs: number;
  sample: number[];
};

const args = JSON.parse(process.argv[2] ?? "{}") as ClientsArgs;
const url = new URL(args.url);
let delays: number[] = [];
let received = 0;
let bytes = 0;
let closed = 0;
let measuring = false;
let cpuAtStart = process.cpuUsage();
const sockets: Socket[] = [];
const now = () => performance.timeOrigin + performance.now();
const SENT_AT = Buffer.from('"sentAt":');
const SUBSCRIBED = Buffer.from('{"op":"subscribed"');
const PING = Buffer.from([0x89, 0x80, 0, 0, 0, 0]);
const READ_BUFFER = Buffer.alloc(256 * 1024);

/** A masked text frame (a client must mask; an all-zero key leaves the payload as is). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error("frame too long for this client");
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

function subscriptions(index: number): { channel: string; code: string }[] {
  const list = args.prices.map((code) => ({ channel: "price", code }));
  for (let j = 0; j < Math.min(args.depthPerClient, args.depth.length); j++)
    list.push({ channel: "depth", code: args.depth[(index + j) % args.depth.length] as string });
  return list;
}

async function open(index: number): Promise<void> {
  // Reads land in one buffer shared by every socket (each read is parsed before the next).
  const socket = connect({
    port: Number(url.port),
    host: url.hostname,
    onread: {
      buffer: READ_BUFFER,
      callback(n: number, buf: Uint8Array) {
        onData(buf as Buffer, n);
        return true;
      },
    },
  });
  socket.setNoDelay(true);
  sockets.push(socket);
  const wanted = subscriptions(index);
  let subscribed = 0;
  let ready: () => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    ready = resolve;
    socket.once("error", reject);
    // Refused (e.g. 4029, sockets per address): say so rather than wait for ever.
    socket.once("close", () => reject(new Error(`socket ${index} closed before it was subscribed`)));
  });
  let upgraded = false;
  let rest: Buffer | undefined;

  /** One text frame's payload, buf[start, end). */
  function onText(buf: Buffer, start: number, end: number) {
    if (!measuring) {
      if (buf.indexOf(SUBSCRIBED, start) === start && ++subscribed === wanted.length) ready();
      return;
    }
    // Every published message carries its publish time last: `…,"sentAt":1234.5}}`.
    const at = buf.lastIndexOf(SENT_AT, end - SENT_AT.length);
    if (at < start) return;
    received++;
    bytes += end - start;
    delays.push(now() - Number.parseFloat(buf.toString("latin1", at + SENT_AT.length, end - 2)));
  }

  function onData(read: Buffer, n: number) {
    const buf = rest ? Buffer.concat([rest, read.subarray(0, n)]) : read.subarray(0, n);
    rest = undefined;
    let at = 0;
    if (!upgraded) {
      const end = buf.indexOf("\r\n\r\n");
      if (end < 0) {
        rest = Buffer.from(buf);
        return;
      }
      if (!buf.toString("latin1", 0, 12).startsWith("HTTP/1.1 101")) {
        socket.destroy(new Error(buf.toString("latin1", 0, end)));
        return;
      }
      upgraded = true;
      for (const s of wanted) socket.write(textFrame(JSON.stringify({ op: "subscribe", ...s })));
      at = end + 4;
    }
    // Server frames: unmasked, unfragmented (neither server splits a message).
    while (buf.length - at >= 2) {
      const opcode = (buf[at] as number) & 0x0f;
      let length = (buf[at + 1] as number) & 0x7f;
      let head = 2;
      if (length === 126) {
        if (buf.length - at < 4) break;
        length = buf.readUInt16BE(at + 2);
        head = 4;
      } else if (length === 127) {
        if (buf.length - at < 10) break;
        length = Number(buf.readBigUInt64BE(at + 2));
        head = 10;
      }
      if (buf.length - at < head + length) break;
      if (opcode === 1) onText(buf, at + head, at + head + length);
      else if (opcode === 8) socket.end();
      at += head + length;
    }
    // Kept beyond this read: a copy, since the read buffer is reused.
    if (at < buf.length) rest = Buffer.from(buf.subarray(at));
  }
  socket.on("close", () => {
    if (measuring) closed++;
  });
  socket.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.write(
    `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
  );
  await done;
}

for (let i = 0; i < args.count; i += 50) {
  await Promise.all(
    Array.from({ length: Math.min(50, args.count - i) }, (_, j) => open(args.offset + i + j)),
  );
}
// The hub closes a socket it has not heard from in 30 s; a live client pings.
setInterval(() => {
  for (const socket of sockets) if (!socket.destroyed) socket.write(PING);
}, 10_000).unref();
process.send?.({ type: "ready" });
process.on("message", (message: { type: string }) => {
  if (message.type === "start") {
    delays = [];
    received = 0;
    bytes = 0;
    closed = 0;
    cpuAtStart = process.cpuUsage();
    measuring = true;
    process.send?.({ type: "started" });
  }
  if (message.type === "stop") {
    measuring = false;
    // Up to 200k delays sampled evenly, enough for the percentiles.
    const step = Math.max(1, Math.floor(delays.length / 200_000));
    const sample = delays.filter((_, i) => i % step === 0);
    delays = [];
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    const result: ClientsResult = { type: "result", received, bytes, closed, cpuMs, sample };
    process.send?.(result);
  }
  if (message.type === "exit") {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});
