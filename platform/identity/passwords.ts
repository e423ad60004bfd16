import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults: m = 19 MiB, t = 2, p = 1 — OWASP's recommended minimum.

/**
 * Hashes run on libuv's thread pool, beside the thread that renders everyone's pages. Four wrong
 * passwords sent at once took both cores of a 2-core server for their hashing, and customers'
 * p99 doubled for that moment (issue 20's abuse bench). At most one fewer than the cores hash at
 * once (at least one); the rest wait their turn in order.
 */
const HASHES_AT_ONCE = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password));
}

// Checked against when the account does not exist, so a wrong account costs the same time as a
// wrong password and timing tells nothing.
const decoy = hash("decoy-password-1");

export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  if (!hashed) {
    const decoyHash = await decoy;
    await inTurn(() => verify(decoyHash, password)).catch(() => false);
    return false;
  }
  try {
    return await inTurn(() => verify(hashed, password));
  } catch {
    return false;
  }
}

/** How many hashes run and wait now (for tests). */
export const hashingStats = () => ({ running: hashing, waiting: waiting.length });
