import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import type { Db } from "../db/client.ts";
import { authenticate, forgetVerifiedSessions, revokeAllSessions } from "./sessions.ts";

// A signed-in page asks for several things at once, each call with the customer's token: the
// session is read once for all of them, and one ended meanwhile is never remembered as valid.
let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform();
});
afterAll(() => t?.close());

/** The database, counting the reads started through it and holding their answers until `open`. */
function watched(db: Db) {
  let reads = 0;
  let open: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  const held = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, prop) {
        if (prop === "then") {
          const answer = (target as unknown as PromiseLike<unknown>).then((value) => gate.then(() => value));
          return answer.then.bind(answer);
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function"
          ? (...args: unknown[]) => {
              const next = value.apply(target, args);
              return next && typeof next === "object" ? held(next) : next;
            }
          : value;
      },
    });
  const proxy = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "select")
        return (...args: unknown[]) => {
          reads++;
          return held(value.apply(target, args));
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    db: proxy,
    reads: () => reads,
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    open: () => open(),
  };
}

describe("a session's token", () => {
  it("is read once for a page's parallel calls", async () => {
    const { token, user } = await registerByEmail(t);
    const db = watched(t.platform.deps.db);
    forgetVerifiedSessions();
    const users = await Promise.all(Array.from({ length: 6 }, () => authenticate(db.db, token)));
    expect(users.map((u) => u.id)).toEqual(Array(6).fill(user.id));
    expect(db.reads()).toBe(1);
  });

  it("ended while it is being read, is not remembered as valid", async () => {
    const { token, user } = await registerByEmail(t);
    const db = watched(t.platform.deps.db);
    forgetVerifiedSessions();
    db.hold();
    // Read while the session was live; its answer arrives after the session has ended.
    const reading = authenticate(db.db, token);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await revokeAllSessions(t.platform.deps.db, user.id, "password_changed");
    db.open();
    await reading;
    await expect(authenticate(db.db, token)).rejects.toMatchObject({ status: 401 });
  });
});
