import { availableParallelism } from "node:os";
import { describe, expect, it, vi } from "vitest";

// The hashing itself stands in for argon2: what is checked is how many run at once.
let running = 0;
let most = 0;
const work = async (result: string) => {
  running++;
  most = Math.max(most, running);
  await new Promise((r) => setTimeout(r, 5));
  running--;
  return result;
};
vi.mock("@node-rs/argon2", () => ({
  hash: (password: string) => work(`hashed:${password}`),
  verify: async (hashed: string, password: string) => {
    const result = await work(String(hashed === `hashed:${password}`));
    if (hashed === "not-a-hash") throw new Error("invalid hash");
    return result === "true";
  },
}));

const { hashPassword, hashingStats, verifyPassword } = await import("./passwords.ts");

describe("password hashing", () => {
  it("leaves a core for everyone's pages: a burst of sign-ins hashes at most cores - 1 at once", async () => {
    await hashPassword("warm-up"); // the decoy's hash is made at import
    most = 0;
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => verifyPassword("hashed:right", i === 3 ? "right" : `wrong${i}`)),
      verifyPassword(null, "no account"),
      hashPassword("new"),
    ]);
    expect(most).toBe(Math.max(1, availableParallelism() - 1));
    expect(answers.slice(0, 8)).toEqual([false, false, false, true, false, false, false, false]);
    expect(answers[8]).toBe(false);
    expect(answers[9]).toBe("hashed:new");
    expect(hashingStats()).toEqual({ running: 0, waiting: 0 });
  });

  it("gives the turn on when a hash fails", async () => {
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
    expect(hashingStats()).toEqual({ running: 0, waiting: 0 });
  });
});
