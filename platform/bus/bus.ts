/**
 * Publish/subscribe between the platform's parts and, with Redis, between instances. Topics are
 * strings such as `price:btc/usdt` or `user:42`; messages are JSON-serialisable values.
 */
export type Subscription = (() => void) & { ready: Promise<void> };

export interface Bus {
  readonly kind: "memory" | "redis";
  publish(topic: string, message: unknown): Promise<void>;
  /**
   * Returns a function that ends this subscription; its `ready` settles once messages published
   * anywhere reach it (Redis confirms a SUBSCRIBE a moment later; the in-process bus at once).
   */
  subscribe(topic: string, handler: (message: unknown, topic: string) => void): Subscription;
  /** True while the bus can deliver (always for the in-process bus). */
  healthy(): boolean;
  close(): Promise<void>;
}
