import type { Bus } from "./bus.ts";

/** The in-process bus: one instance, synchronous fan-out, nothing to install. */
export function createMemoryBus(onError: (error: unknown, topic: string) => void = () => {}): Bus {
  const handlers = new Map<string, Set<(message: unknown, topic: string) => void>>();
  return {
    kind: "memory",
    async publish(topic, message) {
      const set = handlers.get(topic);
      if (!set) return;
      for (const handler of [...set]) {
        try {
          handler(message, topic);
        } catch (error) {
          // One failing subscriber must not stop the others.
          onError(error, topic);
        }
      }
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler);
      const unsubscribe = () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(topic);
      };
      return Object.assign(unsubscribe, { ready: Promise.resolve() });
    },
    healthy: () => true,
    async close() {
      handlers.clear();
    },
  };
}
