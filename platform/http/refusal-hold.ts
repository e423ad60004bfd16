import type { Context, MiddlewareHandler } from "hono";

/**
 * Refusals kept waiting (issue 20). A client that goes on after a limit refused it — wrong
 * passwords, codes, quotes, oversized posts, sockets reopened in a loop — would otherwise have
 * each refusal answered at once and send the next: thousands a second from one loop, each an HTTP
 * parse, a limiter lookup and an answer on the one thread everyone's pages share. Kept waiting
 * `delayMs` for its answer, each of its loops makes one attempt per delay.
 *
 * The waiting is bounded so it cannot become the attack: an address already kept waiting on
 * `perKey` answers (64; or the server on `total`, 2,000) has the next one answered at once; behind that, the
 * fair-share gate bounds how much an address can have in hand.
 */
export type RefusalHoldOptions = { delayMs: number; perKey?: number; total?: number };

export class RefusalHold {
  private readonly waitingOf = new Map<string, number>();
  private waiting = 0;

  constructor(private readonly options: RefusalHoldOptions) {}

  get stats() {
    return { waiting: this.waiting, addresses: this.waitingOf.size };
  }

  /**
   * Calls `answer` after the delay, or returns false (and calls nothing) when the address or the
   * server already has as many waiting as allowed, or when there is no delay. The returned
   * function gives the place back without answering (the connection closed while it waited).
   */
  hold(key: string, answer: () => void): (() => void) | false {
    const { delayMs, perKey = 64, total = 2000 } = this.options;
    const held = this.waitingOf.get(key) ?? 0;
    if (delayMs === 0 || held >= perKey || this.waiting >= total) return false;
    this.waitingOf.set(key, held + 1);
    this.waiting++;
    let done = false;
    const release = () => {
      if (done) return false;
      done = true;
      clearTimeout(timer);
      this.waiting--;
      const left = (this.waitingOf.get(key) ?? 1) - 1;
      if (left > 0) this.waitingOf.set(key, left);
      else this.waitingOf.delete(key);
      return true;
    };
    const timer = setTimeout(() => release() && answer(), delayMs);
    return () => {
      release();
    };
  }

  /** Resolves after the delay, or at once when the address may not be kept waiting any longer. */
  wait(key: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.hold(key, resolve) === false) resolve();
    });
  }
}

/** Statuses that refuse a request for exceeding a limit: Too Many Requests, Content Too Large. */
const REFUSALS = new Set([413, 429]);

/**
 * Holds every answer that refuses a request for exceeding a limit before it goes out. It sits
 * outside the fair-share gate, so a request kept waiting holds no slot and costs only a timer.
 */
export function refusalHoldGate(hold: RefusalHold, keyOf: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (REFUSALS.has(c.res.status)) await hold.wait(keyOf(c));
  };
}
