import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirInUseError, dataDirHolder, lockDataDir } from "./lock.ts";

describe("the DATA_DIR lock", () => {
  it("refuses a second opening in the same process, and frees on release", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(dataDirHolder(dir)).toBe(process.pid);
    release();
    expect(dataDirHolder(dir)).toBeUndefined();
    lockDataDir(dir)();
  });

  it("refuses while another live process holds it, naming that process", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    await new Promise((r) => other.once("spawn", r));
    writeFileSync(join(dir, "pglite.lock"), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${other.pid}`));
    other.kill("SIGKILL");
    await new Promise((r) => other.once("exit", r));
    // Its holder died (as after SIGKILL): the lock is stale and taken over.
    lockDataDir(dir)();
  });
});
