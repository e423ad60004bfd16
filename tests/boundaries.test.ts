import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// The import rules of .dependency-cruiser.cjs, run as `npm run lint` runs them: the real tree
// passes, and a planted crossing or loop fails with the rule that names it.

const ROOT = resolve(import.meta.dirname, "..");
const DEPCRUISE = join(ROOT, "node_modules", ".bin", "depcruise");
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");

type Violation = { from: string; to: string; rule: { name: string } };

function cruise(cwd: string, args: string[]) {
  const run = spawnSync(DEPCRUISE, ["--config", CONFIG, "--output-type", "json", ...args], {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const report = JSON.parse(run.stdout) as { summary: { violations: Violation[]; error: number } };
  return { violations: report.summary.violations, errors: report.summary.error };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A small tree laid out like this one (platform/<domain>/…, app/…), from path → source. */
function plant(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "boundaries-"));
  dirs.push(dir);
  const all = {
    "tsconfig.json": JSON.stringify({
      compilerOptions: { module: "ESNext", moduleResolution: "Bundler", allowImportingTsExtensions: true },
    }),
    "platform/contract/identity.ts": "export const uidOf = (id: number) => String(10_000_000 + id);\n",
    "platform/db/client.ts": "export type Db = { query(sql: string): unknown };\n",
    "platform/identity/tables.ts": 'export const users = { name: "users" };\n',
    "platform/identity/queries.ts":
      'import type { Db } from "../db/client.ts";\nimport { users } from "./tables.ts";\n' +
      "export const userOf = (db: Db, id: number) => db.query(users.name + String(id));\n",
    "platform/identity/index.ts": 'export { userOf } from "./queries.ts";\n',
    ...files,
  };
  for (const [path, source] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

const names = (violations: Violation[]) => violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);

describe("import boundaries", { timeout: 120_000 }, () => {
  it("passes on the real tree, with no exceptions, as `npm run lint` runs it", () => {
    const run = spawnSync(
      DEPCRUISE,
      ["--config", CONFIG, "--output-type", "err", "app", "platform", "server.ts", "edge"],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(run.stdout).toContain("no dependency violations found");
    expect(run.status).toBe(0);
  });

  it("passes a domain that uses another through its public entry and the shared contract", () => {
    const dir = plant({
      "platform/wallet/withdraw.ts":
        'import { uidOf } from "../contract/identity.ts";\nimport { userOf } from "../identity/index.ts";\n' +
        "export const check = (id: number) => [uidOf(id), userOf({ query: (s) => s }, id)];\n",
      "app/routes/withdraw.tsx":
        'import { uidOf } from "../../platform/contract/identity.ts";\nexport default uidOf;\n',
    });
    const result = cruise(dir, ["app", "platform"]);
    expect(names(result.violations)).toEqual([]);
    expect(result.errors).toBe(0);
  });

  it("fails on a domain reading another domain's table", () => {
    const dir = plant({
      "platform/wallet/withdraw.ts":
        'import { users } from "../identity/tables.ts";\nexport const who = () => users.name;\n',
    });
    const result = cruise(dir, ["platform"]);
    expect(names(result.violations)).toEqual([
      "no-foreign-tables: platform/wallet/withdraw.ts → platform/identity/tables.ts",
    ]);
    expect(result.errors).toBeGreaterThan(0);
  });

  it("fails on a domain reaching past another's public entry", () => {
    const dir = plant({
      "platform/wallet/withdraw.ts":
        'import { userOf } from "../identity/queries.ts";\nexport const who = userOf;\n',
    });
    const result = cruise(dir, ["platform"]);
    expect(names(result.violations)).toEqual([
      "domain-public-entry: platform/wallet/withdraw.ts → platform/identity/queries.ts",
    ]);
    expect(result.errors).toBeGreaterThan(0);
  });

  it("fails on an import loop", () => {
    const dir = plant({
      "platform/wallet/service.ts":
        'import { limitOf } from "./limits.ts";\nexport const feeOf = (coin: string) => limitOf(coin).length;\n',
      "platform/wallet/limits.ts":
        'import { feeOf } from "./service.ts";\nexport const limitOf = (coin: string) => (coin ? coin : String(feeOf("x")));\n',
    });
    const result = cruise(dir, ["platform"]);
    expect(names(result.violations)).toEqual([
      "no-import-loop: platform/wallet/limits.ts → platform/wallet/service.ts",
    ]);
    expect(result.errors).toBeGreaterThan(0);
  });

  it("fails on a loop between domains: a domain importing one of a higher layer", () => {
    // identity uses kyc (a customer's verification states); kyc using identity back closes a loop
    // between the two domains, although no file imports itself round.
    const dir = plant({
      "platform/kyc/index.ts": 'export { statesOf } from "./service.ts";\n',
      "platform/kyc/service.ts":
        'import { userOf } from "../identity/index.ts";\nexport const statesOf = (id: number) => userOf({ query: (s) => s }, id);\n',
    });
    const result = cruise(dir, ["platform"]);
    expect(names(result.violations)).toEqual([
      "domain-layers: platform/kyc/service.ts → platform/identity/index.ts",
    ]);
    expect(result.errors).toBeGreaterThan(0);
  });

  it("keeps a feature's server half and its components apart, types aside", () => {
    const dir = plant({
      "app/features/withdraw/types.ts": "export type Fee = { coin: string };\n",
      "app/features/withdraw/.server/loader.ts":
        'import type { Fee } from "../types.ts";\nimport { chip } from "../components/chip.tsx";\n' +
        "export const load = (): Fee => ({ coin: chip });\n",
      "app/features/withdraw/components/chip.tsx": 'export const chip = "USDT";\n',
      "app/features/withdraw/.server/fees.ts": 'export const fee = () => "1";\n',
      "app/features/withdraw/components/amount.tsx":
        'import type { load } from "../.server/loader.ts";\nimport { fee } from "../.server/fees.ts";\n' +
        "export const Amount = (data: ReturnType<typeof load>) => data.coin + fee();\n",
    });
    const result = cruise(dir, ["app"]);
    expect(names(result.violations).sort()).toEqual([
      "feature-halves-apart: app/features/withdraw/.server/loader.ts → app/features/withdraw/components/chip.tsx",
      "feature-halves-apart: app/features/withdraw/components/amount.tsx → app/features/withdraw/.server/fees.ts",
    ]);
    expect(result.errors).toBeGreaterThan(0);
  });

  it("fails on the app importing platform code other than the contract", () => {
    const dir = plant({
      "app/routes/withdraw.tsx":
        'import { userOf } from "../../platform/identity/index.ts";\nexport default userOf;\n',
    });
    const result = cruise(dir, ["app", "platform"]);
    expect(names(result.violations)).toEqual([
      "app-sees-only-the-contract: app/routes/withdraw.tsx → platform/identity/index.ts",
    ]);
    expect(result.errors).toBeGreaterThan(0);
  });
});
