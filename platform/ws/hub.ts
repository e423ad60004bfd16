import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import * as ws from "ws";
import { type WebSocket, WebSocketServer } from "ws";
import type { Bus, Subscription } from "../bus/bus.ts";
import { RefusalHold } from "../http/refusal-hold.ts";
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
   * back in every message under `name`, so a client watching several can tell them apart. An
   * optional key (undefined) leaves the topic `${name}:${code}`.
   */
  key?: { name: string; of(params: Record<string, unknown>): string | undefined };
};

export type HubOptions = {
  bus: Bus;
  logger: Logger;
  /** Connections silent for longer are closed (spec: clients ping every 5 s). */
  idleTimeoutMs?: number;
  /** WS_SUBSCRIPTIONS: channels one socket may watch; asking for more closes it (4009). */
  maxSubscriptionsPerSocket?: number;
  /** WS_FRAMES_PER_SECOND: a socket's steady frame rate (bursts of twice it); past it, 4008. */
  framesPerSecond?: number;
  /** WS_CONNECTIONS_PER_IP: open sockets per client address; the next one is closed (4029). */
  connectionsPerIp?: number;
  /** WS_AUTH_PER_MINUTE: auth frames per socket a minute; past it, 4010. */
  authPerMinute?: number;
  /** WS_HANDSHAKES_PER_MINUTE: new sockets one address may open a minute (see `admit`). */
  handshakesPerMinute?: number;
  /** WS_REFUSAL_DELAY_MS: how long a socket refused at the door waits for its 429 (see `refuse`). */
  refusalDelayMs?: number;
  /** Resolves a session token for private channels (the identity domain's). */
  authenticate?: (token: string) => Promise<{ id: number }>;
};

/** Why the hub closes a socket (application close codes, 4000–4999), with the reason sent. */
export const CLOSE = {
  idle: [4000, "idle"],
  frames: [4008, "too many frames"],
  subscriptions: [4009, "too many subscriptions"],
  auth: [4010, "too many auth attempts"],
  connections: [4029, "too many connections from this address"],
} as const;

type Client = {
  socket: WebSocket;
  /** The TCP socket under `socket`: published frames are written to it directly (see `publish`). */
  raw: Duplex;
  /** The published frames due to this socket in this turn, written together at its end. */
  bundle?: Bundle;
  lastSeen: number;
  topics: Set<string>;
  userId?: number;
  address: string;
  /** The frame budget: a token bucket, refilled at framesPerSecond up to twice that. */
  tokens: number;
  refilledAt: number;
  authTimes: number[];
};

/** Tokens already refused, remembered for a while: an auth flood with one bad token reads the DB once. */
const REFUSED_TOKEN_MS = 30_000;
const REFUSED_TOKENS_MAX = 10_000;
type Topic = { clients: Set<Client>; subscription: Subscription };

const MAX_BUFFERED = 1 << 20; // a client this far behind is too slow to keep

/**
 * A sequence of frames published in one turn. Sockets watching the same channels are due the
 * same sequence, so they share one Bundle (reached by the same steps from the turn's empty one)
 * and its bytes are joined once for all of them.
 */
type Bundle = { frames: Buffer[]; next?: Map<Buffer, Bundle>; bytes?: Buffer };

/** ws's own framing: its `Sender` export (which its typings leave out). */
const Sender = (ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } }).Sender;
type FrameOptions = { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean };
if (typeof Sender?.frame !== "function") throw new Error("ws no longer exports Sender.frame");

/** A text frame, built once and written as is to every socket that should get it. */
function textFrame(text: string): Buffer {
  const framed = Sender.frame(Buffer.from(text), {
    fin: true,
    opcode: 1,
    mask: false,
    readOnly: false,
    rsv1: false,
  });
  return framed.length === 1 ? (framed[0] as Buffer) : Buffer.concat(framed);
}

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
  const framesPerSecond = options.framesPerSecond ?? 20;
  const burst = framesPerSecond * 2;
  const connectionsPerIp = options.connectionsPerIp ?? 20;
  const authPerMinute = options.authPerMinute ?? 5;
  const perAddress = new Map<string, number>();
  const handshakesPerMinute = options.handshakesPerMinute ?? 120;
  const handshakes = new Map<string, { since: number; count: number }>();
  let handshakeSweeps = 0;
  const refusalDelayMs = options.refusalDelayMs ?? 5000;
  /** Refused sockets still waiting for their answer. */
  const refusals = new RefusalHold({ delayMs: refusalDelayMs });
  const heldSockets = new Set<Duplex>();
  const refusedTokens = new Map<string, number>();
  const channels = new Map<string, ChannelDefinition>();
  const topics = new Map<string, Topic>();
  const clients = new Set<Client>();
  // No compression: a frame built once is then valid on every socket (see `publish`).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, perMessageDeflate: false });
  /** Clients with frames queued in this turn, and whether their flush is scheduled. */
  const due: Client[] = [];
  let flushScheduled = false;
  let turn: Bundle = { frames: [] };
  /** Sockets cut for being more than MAX_BUFFERED behind. */
  let tooSlow = 0;

  const sweep = setInterval(
    () => {
      const deadline = Date.now() - idleTimeoutMs;
      for (const client of clients) {
        if (client.lastSeen < deadline) client.socket.close(CLOSE.idle[0], CLOSE.idle[1]);
      }
    },
    Math.min(5000, idleTimeoutMs),
  );
  sweep.unref();

  /** Whether the socket can take more; a client too far behind is cut (and counted). */
  function writable(client: Client): boolean {
    if (client.socket.readyState !== client.socket.OPEN) return false;
    if (client.socket.bufferedAmount > MAX_BUFFERED) {
      tooSlow++;
      client.socket.terminate();
      return false;
    }
    return true;
  }

  /** A reply to this client alone, after whatever was already queued for it (order kept). */
  function send(client: Client, text: string) {
    if (client.bundle) write(client);
    if (writable(client)) client.socket.send(text, { binary: false });
  }

  /**
   * Queues a published frame for every member; at the end of the turn each socket gets all its
   * frames in one write (one syscall however many channels it watches). A bus delivers a tick's
   * messages in one turn, so a client watching 19 channels costs one write per tick, not 19
   * sends each framing and writing its own copy.
   */
  function publish(members: Set<Client>, frame: Buffer) {
    for (const member of members) {
      let from = member.bundle;
      if (!from) {
        from = turn;
        due.push(member);
      }
      from.next ??= new Map();
      let to = from.next.get(frame);
      if (!to) {
        to = { frames: [...from.frames, frame] };
        from.next.set(frame, to);
      }
      member.bundle = to;
    }
    if (!flushScheduled && due.length > 0) {
      flushScheduled = true;
      queueMicrotask(flush);
    }
  }

  function flush() {
    flushScheduled = false;
    try {
      for (let i = 0; i < due.length; i++) write(due[i] as Client);
    } finally {
      due.length = 0;
      turn = { frames: [] };
    }
  }

  function write(client: Client) {
    const bundle = client.bundle;
    if (!bundle) return;
    client.bundle = undefined;
    if (!writable(client)) return;
    bundle.bytes ??= bundle.frames.length === 1 ? bundle.frames[0] : Buffer.concat(bundle.frames);
    // Straight onto the TCP socket, as ws's own Sender writes a frame: `ws` holds nothing back
    // (no compression, no queued Blob), so the bytes go out in the order they are written.
    client.raw.write(bundle.bytes);
  }

  /** Takes one frame from the socket's budget; false (and the socket closed) when it is spent. */
  function spend(client: Client): boolean {
    const now = Date.now();
    client.tokens = Math.min(burst, client.tokens + ((now - client.refilledAt) / 1000) * framesPerSecond);
    client.refilledAt = now;
    if (client.tokens < 1) {
      closeFor(client, "frames");
      return false;
    }
    client.tokens -= 1;
    return true;
  }

  function closeFor(client: Client, why: keyof typeof CLOSE) {
    if (client.socket.readyState !== client.socket.OPEN) return;
    const [code, reason] = CLOSE[why];
    client.socket.close(code, reason);
    // Nothing more is read from it: a flooding client keeps sending frames until it sees the
    // close, and reading them (each unmasked and handed to the message handler) took the time
    // of every other socket and request. The close frame still goes out; the socket is cut a
    // moment later.
    client.socket.pause();
    setTimeout(() => client.socket.terminate(), 1000).unref();
  }

  async function authenticate(client: Client, token: unknown) {
    const now = Date.now();
    client.authTimes = client.authTimes.filter((t) => t > now - 60_000);
    if (client.authTimes.length >= authPerMinute) return closeFor(client, "auth");
    client.authTimes.push(now);
    try {
      if (typeof token !== "string" || !options.authenticate) throw new Error("no token");
      if ((refusedTokens.get(token) ?? 0) > now) throw new Error("refused before");
      try {
        client.userId = (await options.authenticate(token)).id;
      } catch (error) {
        if (refusedTokens.size >= REFUSED_TOKENS_MAX) refusedTokens.clear();
        refusedTokens.set(token, now + REFUSED_TOKEN_MS);
        throw error;
      }
      return reply(client, { op: "authed" });
    } catch {
      return reply(client, { op: "error", message: "invalid or expired token" });
    }
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
        // Encoded and framed once for every watcher: a fan-out to thousands costs one JSON, one
        // UTF-8 pass and one frame, shared by every socket's write.
        publish(members, textFrame(JSON.stringify({ ...head, data })));
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
    if (op === "auth") return authenticate(client, (frame as { token?: unknown }).token);
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
      if (!client.topics.has(topicName) && client.topics.size >= maxSubscriptions)
        return closeFor(client, "subscriptions");
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
      if (client.topics.size >= maxSubscriptions) return closeFor(client, "subscriptions");
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

  wss.on("connection", (socket: WebSocket, request: IncomingMessage, userId?: number, ip?: string) => {
    const address = ip ?? request.socket.remoteAddress ?? "";
    const now = Date.now();
    const client: Client = {
      socket,
      raw: (socket as unknown as { _socket: Duplex })._socket,
      lastSeen: now,
      topics: new Set(),
      userId,
      address,
      tokens: burst,
      refilledAt: now,
      authTimes: [],
    };
    clients.add(client);
    const open = (perAddress.get(address) ?? 0) + 1;
    perAddress.set(address, open);
    socket.on("close", () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
    if (open > connectionsPerIp) closeFor(client, "connections");
    socket.on("message", (data, isBinary) => {
      client.lastSeen = Date.now();
      if (!spend(client)) return;
      if (isBinary) return reply(client, { op: "error", message: "frames must be text" });
      onMessage(client, data.toString()).catch((error) => {
        logger.error({ err: error }, "ws frame failed");
      });
    });
    socket.on("ping", () => {
      client.lastSeen = Date.now();
      spend(client);
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
     * `ip`: the client's address as server.ts sees it (behind a proxy, X-Forwarded-For); else the
     * socket's. `userId`: the user the upgrade request already proved to be (the web session's cookie, see
     * server.ts), so the page's socket reaches private channels without ever holding a token.
     */
    /**
     * Whether an address may open another socket now: a client that reopens sockets as fast as
     * they are closed (each a handshake, a session lookup and a socket's setup) is refused before
     * any of that, once it has opened handshakesPerMinute in the current minute.
     */
    admit(ip: string): boolean {
      const now = Date.now();
      let seen = handshakes.get(ip);
      if (!seen || now - seen.since >= 60_000) {
        if (handshakes.size > 10_000 && ++handshakeSweeps % 1000 === 0)
          for (const [key, value] of handshakes) if (now - value.since >= 60_000) handshakes.delete(key);
        seen = { since: now, count: 0 };
        handshakes.set(ip, seen);
      }
      seen.count++;
      return seen.count <= handshakesPerMinute;
    },
    /**
     * Refuses a socket that `admit` turned away. The 429 comes only after refusalDelayMs: a client
     * that reopens sockets in a loop would otherwise make the server accept and answer thousands
     * of connections a second (each an HTTP parse), taking the time of everyone else's requests;
     * waiting for its answer, each of its loops makes one attempt per delay. An address already
     * kept waiting on as many sockets as RefusalHold allows (or the server) has the next one
     * closed at once, so waiting sockets cannot exhaust the server's file handles.
     */
    refuse(socket: Duplex, ip: string) {
      const answer = () =>
        socket.end(
          "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 60\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
        );
      socket.on("error", () => socket.destroy());
      if (refusalDelayMs === 0) return answer();
      const cancel = refusals.hold(ip, answer);
      if (cancel === false) return socket.destroy();
      heldSockets.add(socket);
      socket.once("close", () => {
        heldSockets.delete(socket);
        cancel();
      });
    },
    /** Whether the address already holds its sockets (the next is closed with 4029 at once). */
    full(ip: string): boolean {
      return (perAddress.get(ip) ?? 0) >= connectionsPerIp;
    },
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, userId?: number, ip?: string) {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request, userId, ip));
    },
    stats() {
      return { clients: clients.size, topics: topics.size, tooSlow };
    },
    /** Closes every socket with "going away" and stops listening to the bus. */
    async close() {
      clearInterval(sweep);
      for (const socket of heldSockets) socket.destroy();
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
