import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { verifyProof } from "../contract/reserves.ts";
import type { Db } from "../db/client.ts";
import { post, transfer } from "../ledger/ledger.ts";
import { runOps } from "../ops/registry.ts";

let t: TestPlatform;
let db: Db;
beforeAll(async () => {
  t = await testPlatform({}, { jobs: false });
  db = t.platform.deps.db;
});
afterAll(() => t?.close());

const move = (userId: number, coin: string, amount: string, wallet: "spot" | "contract" = "spot") =>
  db.transaction((tx) =>
    post(tx, {
      kind: "deposit",
      postings: transfer({ platform: "deposits" }, { user: userId, wallet }, coin, amount),
    }),
  );
const publish = async () => {
  const result = await runOps(t.platform.deps, ["reserves", "publish"], "test");
  expect(result.ok, result.output).toBe(true);
  return (await t.api("/reserves")).body.data.latest;
};

describe("proof of reserves", () => {
  it("says so when nothing is published yet", async () => {
    const { token } = await registerByEmail(t);
    expect((await t.api("/reserves")).body.data).toEqual({ latest: null, history: [] });
    const res = await t.api("/reserves/proof", { token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("No proof of reserves has been published yet");
  });

  it("publishes every customer's balances and lets each verify their own leaf", async () => {
    const alice = await registerByEmail(t);
    const bob = await registerByEmail(t);
    await move(alice.user.id, "USDT", "100.25");
    await move(alice.user.id, "USDT", "50", "contract");
    await move(bob.user.id, "BTC", "0.5");
    const latest = await publish();
    expect(latest.totals).toMatchObject({ USDT: "150.25", BTC: "0.5" });

    const proof = (await t.api("/reserves/proof", { token: alice.token })).body.data;
    expect(proof.uid).toBe(alice.user.uid);
    expect(proof.balances).toEqual({ USDT: "150.25" }); // spot and contract together
    expect(proof.root.hash).toBe(latest.root_hash);
    expect(await verifyProof(proof)).toMatchObject({ ok: true });
    expect((await verifyProof((await t.api("/reserves/proof", { token: bob.token })).body.data)).ok).toBe(
      true,
    );
    // Nobody else's nonce or balances are in the public answer.
    expect(JSON.stringify((await t.api("/reserves")).body)).not.toContain(proof.nonce);
  });

  it("changes the root when any balance changes, and the old proof no longer verifies", async () => {
    const carol = await registerByEmail(t);
    await move(carol.user.id, "ETH", "3");
    const first = await publish();
    const before = (await t.api("/reserves/proof", { token: carol.token })).body.data;
    expect((await verifyProof(before)).ok).toBe(true);

    const dave = await registerByEmail(t);
    await move(dave.user.id, "ETH", "0.000001"); // someone else's balance, however small
    const second = await publish();
    expect(second.root_hash).not.toBe(first.root_hash);
    expect(
      (await verifyProof({ ...before, root: { hash: second.root_hash, totals: second.totals } })).ok,
    ).toBe(false);
    const after = (await t.api("/reserves/proof", { token: carol.token })).body.data;
    expect((await verifyProof(after)).ok).toBe(true);
    expect(after.nonce).not.toBe(before.nonce); // a fresh salt each time
    // A customer who claims a larger balance than the platform counted cannot make it verify.
    expect((await verifyProof({ ...after, balances: { ETH: "30" } })).ok).toBe(false);
    const history = (await t.api("/reserves")).body.data.history;
    expect(history.map((s: { id: number }) => s.id).slice(0, 2)).toEqual([second.id, first.id]);
  });

  it("leaves out a customer who joined after the snapshot, with a clear message", async () => {
    await publish();
    const late = await registerByEmail(t);
    const res = await t.api("/reserves/proof", { token: late.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/next one/);
  });

  it("is checked the same by the documented script (scripts/verify-reserves.ts)", async () => {
    const erin = await registerByEmail(t);
    await move(erin.user.id, "USDT", "7");
    await publish();
    const proof = (await t.api("/reserves/proof", { token: erin.token })).body;
    const dir = mkdtempSync(join(tmpdir(), "proof-"));
    const good = join(dir, "good.json");
    const bad = join(dir, "bad.json");
    writeFileSync(good, JSON.stringify(proof));
    writeFileSync(bad, JSON.stringify({ ...proof.data, balances: { USDT: "700" } }));
    const run = (file: string) => {
      try {
        return {
          code: 0,
          out: execFileSync(process.execPath, ["--import", "tsx", "scripts/verify-reserves.ts", file], {
            encoding: "utf8",
          }),
        };
      } catch (error) {
        const e = error as { status: number; stdout: string };
        return { code: e.status, out: e.stdout };
      }
    };
    expect(run(good)).toMatchObject({
      code: 0,
      out: expect.stringContaining("VERIFIED: your balances are counted"),
    });
    expect(run(bad)).toMatchObject({ code: 1, out: expect.stringContaining("NOT VERIFIED: root_mismatch") });
  });
});
