import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import type { Bus, Subscription } from "../bus/bus.ts";
import type { Logger } from "../logger.ts";

/** A channel clients may subscribe to; its bus topic is `${name}:${code}`. */
export type ChannelDefinition = {
  /**
   * A private channel carries one signed-in user's events (fills, balances): the socket must
   * have sent `{"op":"auth","token":…}`, the code is "me", and the bus topic is the user's.
   */
  private?: boolean;
  /** Whether `code` names something this channel serves (e.g. a listed instrument). */
  accepts(code: string, params: Record<string, unknown>): boolean | Promise<boolean>;
  /** The current state sent right after subscribing, so a client never waits for the next tick. */
  snapshot?(code: string, params: Record<string, unknown>): Promise<unknown> | unknown;
  /**
   * A second key of the subscription (a K-line's interval): folded into the bus topic and sent
   * back in every message under `name`, so a client watching several can tell them apart.
   */
  key?: { name: string; of(params: Record<string, unknown>): string };
};

export type HubOptions = {
  bus: Bus;
  logger: Logger;
  /** Connections silent for longer are closed (spec: clients ping every 5 s). */
  idleTimeoutMs?: number;
  maxSubscriptionsPerSocket?: number;
  /** Resolves a session token for private channels (the identity domain's). */
  authenticate?: (token: string) => Promise<{ id: number }>;
};

type Client = { socket: WebSocket; lastSeen: number; topics: Set<string>; userId?: number };
type Topic = { clients: Set<Client>; subscription: Subscription };

const MAX_BUFFERED = 1 << 20; // a client this far behind is too slow to keep

export function topicOf(channel: string, code: string, key?: string): string {
  return key ? `${channel}:${code}:${key}` : `${channel}:${code}`;
}

/**
 * The /ws hub: keep-alive, subscriptions and fan-out from the bus. Each bus topic is subscribed
 * once however many sockets watch it, and each message is serialised once for all of them.
 */
export function createHub(options: HubOptions) {
  const { bus, logger } = options;
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const maxSubscriptions = options.maxSubscriptionsPerSocket ?? 100;
  const channels = new Map<string, ChannelDefinition>();
  const topics = new Map<string, Topic>();
  const clients = new Set<Client>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, perMessageDeflate: false });

  const sweep = setInterval(
    () => {
      const deadline = Date.now() - idleTimeoutMs;
      for (const client of clients) {
        if (client.lastSeen < deadline) client.socket.close(4000, "idle");
      }
    },
    Math.min(5000, idleTimeoutMs),
  );
  sweep.unref();

  function send(client: Client, text: string | Buffer) {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED) {
      client.socket.terminate();
      return;
    }
    client.socket.send(text, { binary: false });
  }

  function reply(client: Client, message: Record<string, unknown>) {
    send(client, JSON.stringify(message));
  }

  /** Adds the client to a topic; settles once the bus delivers the topic's messages here. */
  function join(client: Client, topicName: string, head: Record<string, string>): Promise<void> {
    let topic = topics.get(topicName);
    if (!topic) {
      const members = new Set<Client>();
      const subscription = bus.subscribe(topicName, (data) => {
        // Encoded once for every watcher: a fan-out to thousands costs one JSON and one UTF-8 pass.
        const bytes = Buffer.from(JSON.stringify({ ...head, data }));
        for (const member of members) send(member, bytes);
      });
      topic = { clients: members, subscription };
      topics.set(topicName, topic);
    }
    topic.clients.add(client);
    client.topics.add(topicName);
    return topic.subscription.ready;
  }

  function leave(client: Client, topicName: string) {
    const topic = topics.get(topicName);
    client.topics.delete(topicName);
    if (!topic) return;
    topic.clients.delete(client);
    if (topic.clients.size === 0) {
      topic.subscription();
      topics.delete(topicName);
    }
  }

  async function onMessage(client: Client, raw: string) {
    let frame: unknown;
    try {
      frame = JSON.parse(raw);
    } catch {
      // Some clients send a bare "ping" text frame as keep-alive.
      if (raw.trim() === "ping") return reply(client, { op: "pong" });
      return reply(client, { op: "error", message: "frames must be JSON" });
    }
    if (typeof frame !== "object" || frame === null || Array.isArray(frame)) {
      return reply(client, { op: "error", message: "frames must be JSON objects" });
    }
    const { op, channel, code, ...params } = frame as Record<string, unknown>;
    if (op === "ping") return reply(client, { op: "pong" });
    if (op === "auth") {
      const token = (frame as { token?: unknown }).token;
      try {
        if (typeof token !== "string" || !options.authenticate) throw new Error("no token");
        client.userId = (await options.authenticate(token)).id;
        return reply(client, { op: "authed" });
      } catch {
        return reply(client, { op: "error", message: "invalid or expired token" });
      }
    }
    if (op !== "subscribe" && op !== "unsubscribe") {
      return reply(client, { op: "error", message: "op must be ping, auth, subscribe or unsubscribe" });
    }
    if (typeof channel !== "string" || !channels.has(channel)) {
      return reply(client, { op: "error", message: `unknown channel ${JSON.stringify(channel)}` });
    }
    if (typeof code !== "string" || code.length === 0 || code.length > 64) {
      return reply(client, { op: "error", channel, message: "code is required" });
    }
    const definition = channels.get(channel) as ChannelDefinition;
    if (definition.private) {
      if (client.userId === undefined)
        return reply(client, { op: "error", channel, message: "send auth first" });
      const topicName = topicOf(channel, String(client.userId));
      if (op === "unsubscribe") {
        leave(client, topicName);
        return reply(client, { op: "unsubscribed", channel, code: "me" });
      }
      // "subscribed" promises delivery: with Redis, only once the topic's SUBSCRIBE is confirmed.
      if (!client.topics.has(topicName)) await join(client, topicName, { channel, code: "me" });
      return reply(client, { op: "subscribed", channel, code: "me" });
    }
    const normalized = code.toLowerCase();
    let accepted: boolean;
    try {
      accepted = await definition.accepts(normalized, params);
    } catch {
      accepted = false;
    }
    if (!accepted) {
      return reply(client, { op: "error", channel, code, message: "unknown code for this channel" });
    }
    const keyValue = definition.key?.of(params);
    const head: Record<string, string> = { channel, code: normalized };
    if (definition.key && keyValue !== undefined) head[definition.key.name] = keyValue;
    const topicName = topicOf(channel, normalized, keyValue);
    if (op === "unsubscribe") {
      leave(client, topicName);
      return reply(client, { op: "unsubscribed", ...head });
    }
    if (!client.topics.has(topicName)) {
      if (client.topics.size >= maxSubscriptions) {
        return reply(client, { op: "error", channel, code, message: "too many subscriptions" });
      }
      await join(client, topicName, head);
    }
    reply(client, { op: "subscribed", ...head });
    if (definition.snapshot) {
      try {
        const data = await definition.snapshot(normalized, params);
        if (data !== undefined) reply(client, { ...head, data });
      } catch (error) {
        logger.warn({ err: error, channel, code }, "ws snapshot failed");
      }
    }
  }

  wss.on("connection", (socket: WebSocket, _request: IncomingMessage, userId?: number) => {
    const client: Client = { socket, lastSeen: Date.now(), topics: new Set(), userId };
    clients.add(client);
    socket.on("message", (data, isBinary) => {
      client.lastSeen = Date.now();
      if (isBinary) return reply(client, { op: "error", message: "frames must be text" });
      onMessage(client, data.toString()).catch((error) => {
        logger.error({ err: error }, "ws frame failed");
      });
    });
    socket.on("ping", () => {
      client.lastSeen = Date.now();
    });
    socket.on("pong", () => {
      client.lastSeen = Date.now();
    });
    // A socket error closes the socket (spec §8); the close handler cleans up.
    socket.on("error", () => socket.terminate());
    socket.on("close", () => {
      for (const topicName of [...client.topics]) leave(client, topicName);
      clients.delete(client);
    });
  });

  return {
    registerChannel(name: string, definition: ChannelDefinition) {
      channels.set(name, definition);
    },
    /**
     * `userId`: the user the upgrade request already proved to be (the web session's cookie, see
     * server.ts), so the page's socket reaches private channels without ever holding a token.
     */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, userId?: number) {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request, userId));
    },
    stats() {
      return { clients: clients.size, topics: topics.size };
    },
    /** Closes every socket with "going away" and stops listening to the bus. */
    async close() {
      clearInterval(sweep);
      for (const client of clients) client.socket.close(1001, "server shutting down");
      for (const topic of topics.values()) topic.subscription();
      topics.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      // Give clients a moment to answer the closing handshake, then cut the rest.
      const deadline = Date.now() + 1000;
      while (clients.size > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const client of clients) client.socket.terminate();
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
