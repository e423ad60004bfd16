// The baseline the ws fan-out goal is measured against (issue 23): a plain `ws` server written
// the obvious way. Each published message is serialised once (one JSON.stringify) and handed to
// `client.send(text)` for every subscribed client; `ws` frames and writes it per client.
import type { Server } from "node:http";
import { type WebSocket, WebSocketServer } from "ws";

export function createPlainServer(server: Server) {
  const topics = new Map<string, Set<WebSocket>>();
  const wss = new WebSocketServer({ server });
  wss.on("connection", (ws) => {
    const mine = new Set<string>();
    ws.on("message", (raw) => {
      let frame: { op?: string; channel?: string; code?: string };
      try {
        frame = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (frame.op !== "subscribe" || !frame.channel || !frame.code) return;
      const topic = `${frame.channel}:${frame.code}`;
      let members = topics.get(topic);
      if (!members) {
        members = new Set();
        topics.set(topic, members);
      }
      members.add(ws);
      mine.add(topic);
      ws.send(JSON.stringify({ op: "subscribed", channel: frame.channel, code: frame.code }));
    });
    ws.on("close", () => {
      for (const topic of mine) topics.get(topic)?.delete(ws);
    });
    ws.on("error", () => ws.terminate());
  });
  return {
    /** The same message our hub sends for a bus message on `channel:code`. */
    publish(channel: string, code: string, data: unknown) {
      const members = topics.get(`${channel}:${code}`);
      if (!members) return;
      const text = JSON.stringify({ channel, code, data });
      for (const ws of members) if (ws.readyState === ws.OPEN) ws.send(text);
    },
    close() {
      for (const ws of wss.clients) ws.terminate();
      return new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
