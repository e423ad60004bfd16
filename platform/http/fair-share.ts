import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { langFromHeader } from "../contract/languages.ts";
import { translator } from "./i18n.ts";

/**
 * Fair shares of the server between client addresses (issue 20: no single client can stall the
 * service for everyone). A Node server does its work on one thread, so every request in hand slows
 * every other; a client sending requests back to back at full speed takes whatever the others
 * leave, and everyone's answers wait behind its work. This gate holds at most `concurrency`
 * requests in hand. When others are running or waiting, one address holds at most `perKey` of
 * them; and when a slot frees, the waiting request of the address that has used the server least
 * lately goes first (use is the time its requests were in hand, forgotten with a half-life). An idle
 * server admits everything at once, so a busy office behind one address is slowed only while the
 * server is short, and only to its share.
 *
 * A request holds its slot at most `maxHoldMs` (a slow upload or a slow client must not keep it);
 * an address with `waitingPerKey` requests already waiting is refused at once, which costs
 * nothing to answer and bounds the memory a flood can take.
 */
export type FairShareOptions = {
  concurrency: number;
  perKey: number;
  waitingPerKey: number;
  halfLifeMs: number;
  maxHoldMs: number;
  /** A request's cost beyond its time in hand (so a flood of quick refusals still counts). */
  baseCostMs?: number;
  now?: () => number;
};

type Waiter = { key: string; admit: () => void };

/** What `acquire` gives for a request whose client went away while it waited: nothing to do. */
export const GONE = null;

export class FairShare {
  private inFlight = 0;
  private readonly running = new Map<string, number>();
  private readonly waitingOf = new Map<string, number>();
  private readonly waiting: Waiter[] = [];
  private readonly used = new Map<string, { score: number; at: number }>();
  private charges = 0;
  private readonly now: () => number;

  constructor(private readonly options: FairShareOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** How much the address has used the server lately (ms, decayed). */
  usage(key: string): number {
    const u = this.used.get(key);
    if (!u) return 0;
    return u.score * 2 ** (-(this.now() - u.at) / this.options.halfLifeMs);
  }

  get stats() {
    return { inFlight: this.inFlight, waiting: this.waiting.length, addresses: this.used.size };
  }

  /**
   * Waits for the address's turn. Resolves to the function that gives the slot back (call it once
   * the request is answered), or to undefined when the address already has too many waiting.
   * `onGone` is handed the function to call when the client goes away: a request still waiting
   * then leaves the queue at once and resolves to GONE. A customer on a poor connection who gives
   * up and reloads must not find their own abandoned request ahead of the new one (nor be
   * refused for it), and nobody's answer should wait behind a page nobody will read.
   */
  acquire(
    key: string,
    onGone?: (leave: () => void) => void,
  ): Promise<(() => void) | undefined | typeof GONE> | (() => void) | undefined {
    if (this.waiting.length === 0 && this.mayRun(key)) return this.start(key);
    const queued = this.waitingOf.get(key) ?? 0;
    if (queued >= this.options.waitingPerKey) return undefined;
    this.waitingOf.set(key, queued + 1);
    const turn = new Promise<(() => void) | typeof GONE>((resolve) => {
      const waiter: Waiter = { key, admit: () => resolve(this.start(key)) };
      this.waiting.push(waiter);
      onGone?.(() => {
        const at = this.waiting.indexOf(waiter);
        if (at < 0) return; // admitted already: its release gives the slot back
        this.waiting.splice(at, 1);
        this.leftQueue(key);
        resolve(GONE);
        // Its leaving may let another address's request run.
        this.dispatch();
      });
    });
    // Slots may be free for this address while the ones waiting before it are over their share.
    this.dispatch();
    return turn;
  }

  private mayRun(key: string): boolean {
    if (this.inFlight >= this.options.concurrency) return false;
    const mine = this.running.get(key) ?? 0;
    if (mine < this.options.perKey) return true;
    // Over its share only while nobody else is running or waiting.
    const othersWaiting = this.waiting.length - (this.waitingOf.get(key) ?? 0);
    return this.inFlight === mine && othersWaiting === 0;
  }

  private start(key: string): () => void {
    this.inFlight++;
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    const began = this.now();
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      this.inFlight--;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left === 0) this.running.delete(key);
      else this.running.set(key, left);
      this.charge(key, this.now() - began + (this.options.baseCostMs ?? 1));
      this.dispatch();
    };
    const timer = setTimeout(release, this.options.maxHoldMs);
    timer.unref?.();
    return release;
  }

  private charge(key: string, ms: number) {
    const now = this.now();
    this.used.set(key, { score: this.usage(key) + ms, at: now });
    // Forget addresses whose use has faded (bounded memory however many addresses come); now and
    // then, not on every answer, so many live addresses do not make each request walk them all.
    if (this.used.size > 10_000 && ++this.charges % 1000 === 0) {
      for (const [k, u] of this.used) {
        if (u.score * 2 ** (-(now - u.at) / this.options.halfLifeMs) < 1 && !this.running.has(k))
          this.used.delete(k);
      }
    }
  }

  /** Admits waiting requests while slots are free: the least-used address first, each in turn. */
  private dispatch() {
    while (this.waiting.length > 0 && this.inFlight < this.options.concurrency) {
      let best = -1;
      let bestUsage = Number.POSITIVE_INFINITY;
      const seen = new Set<string>();
      for (let i = 0; i < this.waiting.length; i++) {
        const key = (this.waiting[i] as Waiter).key;
        if (seen.has(key)) continue; // an address's own requests keep their order
        seen.add(key);
        if (!this.mayRun(key)) continue;
        const usage = this.usage(key);
        if (usage < bestUsage) {
          best = i;
          bestUsage = usage;
        }
      }
      if (best < 0) return;
      const [next] = this.waiting.splice(best, 1) as [Waiter];
      this.leftQueue(next.key);
      next.admit();
    }
  }

  private leftQueue(key: string) {
    const queued = (this.waitingOf.get(key) ?? 1) - 1;
    if (queued === 0) this.waitingOf.delete(key);
    else this.waitingOf.set(key, queued);
  }
}

/**
 * The gate in front of every request but the health check and the fingerprinted assets (served
 * from memory, no work): each waits for its address's turn; one refused for waiting too much gets
 * a 429 in its language (an envelope under /api), with Retry-After.
 */
export function fairShareGate(share: FairShare, keyOf: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (path === "/api/health" || path.startsWith("/assets/")) return next();
    // The Node response: it closes before it is finished only when the client went away.
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    const turn = share.acquire(keyOf(c), outgoing ? (leave) => outgoing.once("close", leave) : undefined);
    const release = turn instanceof Promise ? await turn : turn;
    // Nobody is there to read an answer.
    if (release === GONE) return new Response(null, { status: 499 });
    if (!release) {
      const lang = langFromHeader(c.req.header("lang") ?? c.req.header("accept-language")?.split(",")[0]);
      const message = translator(lang)("errors.unavailable");
      c.header("retry-after", "1");
      return path.startsWith("/api/")
        ? c.json({ status_code: 429, message, data: null }, 429)
        : c.text(message, 429);
    }
    try {
      await next();
    } finally {
      release();
    }
  };
}
