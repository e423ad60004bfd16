/**
 * Proof of reserves: a Merkle sum tree over every customer's balances. Shared by the platform
 * (which builds the tree and publishes its root), the web app (which verifies a customer's proof
 * in the browser) and scripts/verify-reserves.ts. No dependencies: Web Crypto SHA-256 and BigInt,
 * so it runs the same in Node and in any browser.
 *
 * - A leaf commits to one customer: sha256("leaf|" uid "|" nonce "|" balances), where the nonce is
 *   random per customer and per snapshot (only that customer is told it), so the published tree
 *   reveals nobody's uid or balances.
 * - A node holds the sum of its children's balances per coin and commits to each child's hash
 *   and each child's sums separately: sha256("node|" left.hash "|" left.sums "|" right.hash "|"
 *   right.sums). (Committing to the total alone would let a dishonest prover move value between
 *   siblings unseen — the flaw found in the first Merkle sum tree scheme.) A customer who checks
 *   their path checks that their balances are counted, in full, in the published totals.
 * - Balances are written canonically: coins in alphabetical order, "COIN:amount" with amounts as
 *   plain decimals without trailing zeros, zero amounts left out, joined with ",".
 */

export type Balances = Record<string, string>;
export type ProofStep = { side: "left" | "right"; hash: string; sums: Balances };
export type LeafInput = { uid: string; nonce: string; balances: Balances };
export type ReserveProof = LeafInput & {
  snapshot: number;
  path: ProofStep[];
  root: { hash: string; totals: Balances };
};
export type TreeNode = { hash: string; sums: Balances };

/** Fixed-point scale for the sums: 18 decimals, the ledger's own maximum. */
const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

function toUnits(amount: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,18}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a non-negative decimal with at most ${SCALE} places: ${amount}`);
  return BigInt(match[1] as string) * ONE + BigInt((match[2] ?? "").padEnd(SCALE, "0"));
}

function fromUnits(units: bigint): string {
  const whole = units / ONE;
  const fraction = (units % ONE).toString().padStart(SCALE, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The canonical form of a set of balances (see above). */
export function canonicalBalances(balances: Balances): string {
  return Object.keys(balances)
    .map((coin) => [coin.toUpperCase(), fromUnits(toUnits(balances[coin] as string))] as const)
    .filter(([, amount]) => amount !== "0")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([coin, amount]) => `${coin}:${amount}`)
    .join(",");
}

/** Balances with the canonical spelling (upper-case coins, no zeros, no trailing zeros). */
export function normalBalances(balances: Balances): Balances {
  const out: Balances = {};
  for (const part of canonicalBalances(balances).split(",")) {
    if (!part) continue;
    const [coin, amount] = part.split(":") as [string, string];
    out[coin] = amount;
  }
  return out;
}

export function addBalances(a: Balances, b: Balances): Balances {
  const units = new Map<string, bigint>();
  for (const side of [a, b]) {
    for (const [coin, amount] of Object.entries(side)) {
      const key = coin.toUpperCase();
      units.set(key, (units.get(key) ?? 0n) + toUnits(amount));
    }
  }
  const out: Balances = {};
  for (const [coin, value] of units) out[coin] = fromUnits(value);
  return normalBalances(out);
}

async function sha256(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function leafNode(leaf: LeafInput): Promise<TreeNode> {
  const balances = canonicalBalances(leaf.balances);
  return {
    hash: await sha256(`leaf|${leaf.uid}|${leaf.nonce}|${balances}`),
    sums: normalBalances(leaf.balances),
  };
}

export async function parentNode(left: TreeNode, right: TreeNode): Promise<TreeNode> {
  const hash = await sha256(
    `node|${left.hash}|${canonicalBalances(left.sums)}|${right.hash}|${canonicalBalances(right.sums)}`,
  );
  return { hash, sums: addBalances(left.sums, right.sums) };
}

/** Fills the last pair of an odd level: commits to nothing and holds nothing. */
export const EMPTY_NODE: TreeNode = { hash: "0".repeat(64), sums: {} };

/** Every level of the tree, leaves first, root last (a one-node level). */
export async function buildLevels(leaves: TreeNode[]): Promise<TreeNode[][]> {
  const levels: TreeNode[][] = [leaves.length > 0 ? leaves : [EMPTY_NODE]];
  for (let level = levels[0] as TreeNode[]; level.length > 1; ) {
    const next: TreeNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(await parentNode(level[i] as TreeNode, level[i + 1] ?? EMPTY_NODE));
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The siblings from leaf `index` up to the root. */
export function pathOf(levels: TreeNode[][], index: number): ProofStep[] {
  const path: ProofStep[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    const isLeft = i % 2 === 0;
    const sibling = level[isLeft ? i + 1 : i - 1] ?? EMPTY_NODE;
    path.push({ side: isLeft ? "right" : "left", hash: sibling.hash, sums: sibling.sums });
    i = Math.floor(i / 2);
  }
  return path;
}

export type Verification = {
  ok: boolean;
  computedRoot: string;
  reason?: "root_mismatch" | "totals_mismatch" | "malformed";
};

/**
 * Recomputes the root from a customer's leaf and path. It proves the customer's balances are in
 * the published tree when the hash and the per-coin totals both match the published root.
 */
export async function verifyProof(proof: Omit<ReserveProof, "snapshot">): Promise<Verification> {
  try {
    let node = await leafNode(proof);
    for (const step of proof.path) {
      node = step.side === "right" ? await parentNode(node, step) : await parentNode(step, node);
    }
    if (node.hash !== proof.root.hash) return { ok: false, computedRoot: node.hash, reason: "root_mismatch" };
    if (canonicalBalances(node.sums) !== canonicalBalances(proof.root.totals)) {
      return { ok: false, computedRoot: node.hash, reason: "totals_mismatch" };
    }
    return { ok: true, computedRoot: node.hash };
  } catch {
    return { ok: false, computedRoot: "", reason: "malformed" };
  }
}
