import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// `npm run ops -- agent code …` as an operator runs it (here with no server on the database).
// Each run starts a Node process that opens and migrates the database: few runs, long timeout.
const dataDir = mkdtempSync(join(tmpdir(), "ops-agent-"));
const env = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "0" };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ops = (...words: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "platform/ops/cli.ts", ...words], {
    env: { ...env, OPS_OPERATOR: "alice" },
    encoding: "utf8",
    timeout: 60_000,
  });

/** The codes in the output: 12 unambiguous letters and digits in groups of four, one a line. */
const codesIn = (stdout: string) =>
  stdout.split("\n").filter((line) => /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/.test(line));

describe("npm run ops -- agent code", () => {
  it("creates single-use codes, lists them, and refuses a bad count", () => {
    const created = ops("agent", "code", "create", "--count", "3");
    expect(created.stderr).toBe("");
    expect(created.status).toBe(0);
    expect(created.stdout).toContain("3 agent authorization code(s), each usable once:");
    const codes = codesIn(created.stdout);
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);

    const listed = ops("agent", "code", "list", "--unused");
    expect(listed.status).toBe(0);
    for (const code of codes) expect(listed.stdout).toContain(code);
    expect(listed.stdout).toMatch(/alice/);

    const bad = ops("agent", "code", "create", "--count", "0");
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain("--count must be a whole number from 1 to 100");
  }, 240_000);
});
