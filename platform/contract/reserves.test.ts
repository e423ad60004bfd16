import { describe, expect, it } from "vitest";
import {
  addBalances,
  buildLevels,
  canonicalBalances,
  type LeafInput,
  leafNode,
  pathOf,
  type ReserveProof,
  verifyProof,
} from "./reserves.ts";

const customers: LeafInput[] = [
  { uid: "100001", nonce: "a1", balances: { USDT: "100.5", BTC: "0.1" } },
  { uid: "100002", nonce: "b2", balances: { USDT: "0.000000000000000001" } },
  { uid: "100003", nonce: "c3", balances: { ETH: "2", USDT: "0" } },
  { uid: "100004", nonce: "d4", balances: {} },
  { uid: "100005", nonce: "e5", balances: { btc: "1.50" } },
];

async function proofs(list = customers): Promise<ReserveProof[]> {
  const levels = await buildLevels(await Promise.all(list.map(leafNode)));
  const root = levels.at(-1)?.[0];
  if (!root) throw new Error("no root");
  return list.map((c, i) => ({
    ...c,
    snapshot: 1,
    path: pathOf(levels, i),
    root: { hash: root.hash, totals: root.sums },
  }));
}

describe("the Merkle sum tree", () => {
  it("writes balances one way only", () => {
    expect(canonicalBalances({ usdt: "100.500", BTC: "0.10", ETH: "0" })).toBe("BTC:0.1,USDT:100.5");
    expect(addBalances({ USDT: "0.1" }, { USDT: "0.2", BTC: "1" })).toEqual({ BTC: "1", USDT: "0.3" });
    expect(() => canonicalBalances({ USDT: "-1" })).toThrow();
    expect(() => canonicalBalances({ USDT: "1e3" })).toThrow();
  });

  it("sums every customer into the root, exactly", async () => {
    const [first] = await proofs();
    expect(first?.root.totals).toEqual({ BTC: "1.6", ETH: "2", USDT: "100.500000000000000001" });
    expect(first?.path).toHaveLength(3); // 5 leaves → 8 slots → 3 levels above the leaves
  });

  it("verifies every customer's proof against the root", async () => {
    for (const proof of await proofs()) expect(await verifyProof(proof)).toMatchObject({ ok: true });
  });

  it("breaks a proof when any balance, nonce, uid, sibling or total differs", async () => {
    const [proof] = (await proofs()) as [ReserveProof];
    const bad = (change: (p: ReserveProof) => void) => {
      const copy = structuredClone(proof);
      change(copy);
      return verifyProof(copy);
    };
    expect((await bad((p) => (p.balances.USDT = "100.4"))).ok).toBe(false);
    expect((await bad((p) => (p.nonce = "a2"))).ok).toBe(false);
    expect((await bad((p) => (p.uid = "100009"))).ok).toBe(false);
    expect(
      (await bad((p) => ((p.path[0] as { sums: Record<string, string> }).sums = { USDT: "0" }))).ok,
    ).toBe(false);
    expect(await bad((p) => (p.root.totals = { ...p.root.totals, BTC: "1.5" }))).toMatchObject({
      ok: false,
      reason: "totals_mismatch",
    });
    expect(await bad((p) => (p.balances.USDT = "lots"))).toMatchObject({ ok: false, reason: "malformed" });
  });

  it("changes the root, and breaks the old proofs, when one customer's balance changes", async () => {
    const before = await proofs();
    const changed = customers.map((c) => (c.uid === "100003" ? { ...c, balances: { ETH: "1.999" } } : c));
    const after = await proofs(changed);
    expect(after[0]?.root.hash).not.toBe(before[0]?.root.hash);
    for (const old of before) {
      expect((await verifyProof({ ...old, root: after[0]?.root as ReserveProof["root"] })).ok).toBe(false);
    }
  });

  it("has a root for no customers at all", async () => {
    const levels = await buildLevels([]);
    expect(levels.at(-1)?.[0]?.sums).toEqual({});
  });
});
