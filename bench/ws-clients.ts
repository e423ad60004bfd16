// A bench client process: opens `count` websockets to the hub, subscribes each to every code's
// price channel, and records how long each message took from publish to receipt.
import WebSocket from "ws";

const [url = "", countArg = "100", codesArg = ""] = process.argv.slice(2);
const count = Number(countArg);
const codes = codesArg.split(",");
const delays: number[] = [];
let received = 0;
let measuring = false;
const sockets: WebSocket[] = [];
const now = () => performance.timeOrigin + performance.now();

async function open(): Promise<void> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  sockets.push(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  let subscribed = 0;
  await new Promise<void>((resolve) => {
    ws.on("message", (raw) => {
      const text = raw.toString();
      if (text.startsWith('{"op":"subscribed"')) {
        if (++subscribed === codes.length) resolve();
        return;
      }
      if (!measuring) return;
      const at = text.indexOf('"sentAt":');
      if (at < 0) return;
      received++;
      delays.push(now() - Number.parseFloat(text.slice(at + 9)));
    });
    for (const code of codes) ws.send(JSON.stringify({ op: "subscribe", channel: "price", code }));
  });
}

for (let i = 0; i < count; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => open()));
}
// The hub closes a socket it has not heard from in 30 s; a live client pings.
setInterval(() => {
  for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.ping();
}, 10_000).unref();
process.send?.({ type: "ready" });
process.on("message", (message: { type: string }) => {
  if (message.type === "start") measuring = true;
  if (message.type === "stop") {
    measuring = false;
    // Up to 200k delays sampled evenly, enough for the percentiles.
    const step = Math.max(1, Math.floor(delays.length / 200_000));
    const sample = delays.filter((_, i) => i % step === 0);
    for (const ws of sockets) ws.terminate();
    // Exit only once the (large) result has reached the parent.
    process.send?.({ type: "result", received, sample }, undefined, {}, () => process.exit(0));
  }
});
