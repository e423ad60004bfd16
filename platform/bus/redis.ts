import type { Bus } from "./bus.ts";

/**
 * The bus across instances: Redis pub/sub. Redis needs one connection that only listens, so there
 * are two: `publisher` and `listener`. Each topic is subscribed in Redis once, however many local
 * handlers it has; an instance also hears what it published itself, so local and remote
 * subscribers are served the same way and in the same order.
 *
 * While Redis is down, a publish is dropped and reported through `onError` (never a rejection:
 * callers fire and forget) and `healthy()` is false; ioredis reconnects on its own and every
 * topic is subscribed again on reconnect, so delivery resumes without a restart.
 */
export async function createRedisBus(
  url: string,
  options: {
    /** Keeps apart platforms that share one Redis (each database is its own platform). */
    namespace: string;
    onError?: (error: unknown, topic: string) => void;
  },
): Promise<Bus> {
  // Loaded only with REDIS_URL: the embedded default never pays for importing it at start.
  const { Redis } = await import("ioredis");
  const onError = options.onError ?? (() => {});
  const prefix = `${options.namespace}:`;
  const connection = {
    lazyConnect: true,
    // Fail commands quickly while disconnected instead of queueing them without bound.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
  };
  // Named so an operator (and a test) can tell the connections apart in CLIENT LIST.
  const name = options.namespace.replace(/[^\w:./-]/g, "_");
  const publisher = new Redis(url, { ...connection, connectionName: `bus-pub:${name}` });
  const listener = new Redis(url, {
    ...connection,
    connectionName: `bus-sub:${name}`,
    autoResubscribe: false,
  });
  // Connection errors are reported through healthy(); ioredis keeps retrying.
  publisher.on("error", () => {});
  listener.on("error", () => {});
  await Promise.all([publisher.connect(), listener.connect()]);

  /** Each topic's local handlers, and its SUBSCRIBE (settled once Redis confirmed it, or failed). */
  const topics = new Map<
    string,
    { handlers: Set<(message: unknown, topic: string) => void>; ready: Promise<void> }
  >();
  // After every (re)connection, listen to every topic someone here wants, including topics first
  // asked for while Redis was away.
  listener.on("ready", () => {
    const channels = [...topics.keys()].map((topic) => prefix + topic);
    if (channels.length > 0) listener.subscribe(...channels).catch((error) => onError(error, "*"));
  });
  listener.on("message", (channel: string, raw: string) => {
    const topic = channel.slice(prefix.length);
    const set = topics.get(topic)?.handlers;
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch (error) {
      onError(error, topic);
      return;
    }
    for (const handler of [...set]) {
      try {
        handler(message, topic);
      } catch (error) {
        onError(error, topic);
      }
    }
  });

  return {
    kind: "redis",
    async publish(topic, message) {
      try {
        await publisher.publish(prefix + topic, JSON.stringify(message));
      } catch (error) {
        onError(error, topic);
      }
    },
    subscribe(topic, handler) {
      let entry = topics.get(topic);
      if (!entry) {
        const ready = listener.subscribe(prefix + topic).then(
          () => {},
          (error) => onError(error, topic),
        );
        entry = { handlers: new Set(), ready };
        topics.set(topic, entry);
      }
      const current = entry;
      current.handlers.add(handler);
      const unsubscribe = () => {
        current.handlers.delete(handler);
        if (current.handlers.size === 0 && topics.get(topic) === current) {
          topics.delete(topic);
          listener.unsubscribe(prefix + topic).catch(() => {});
        }
      };
      return Object.assign(unsubscribe, { ready: current.ready });
    },
    healthy: () => publisher.status === "ready" && listener.status === "ready",
    async close() {
      topics.clear();
      await Promise.allSettled([publisher.quit(), listener.quit()]);
    },
  };
}
