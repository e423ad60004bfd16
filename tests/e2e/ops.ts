import { spawnSync } from "node:child_process";

/**
 * `npm run ops -- <words>` against the e2e server: the CLI finds the running server's operator
 * endpoint in its DATA_DIR (playwright.config.ts shares it with the workers).
 */
export function ops(...words: string[]): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const result = spawnSync(process.execPath, ["--import", "tsx", "platform/ops/cli.ts", ...words], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`ops ${words.join(" ")} failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

const pool: string[] = [];

/**
 * A fresh agent authorization code, as an operator hands it out. Issued ten at a time: each run
 * of the CLI starts a Node process, which is slow next to a browser journey.
 */
export function agentCode(): string {
  if (pool.length === 0) {
    const codes = ops("agent", "code", "create", "--count", "10")
      .split("\n")
      .slice(1)
      .map((line) => line.trim())
      .filter((line) => /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/.test(line));
    if (codes.length !== 10) throw new Error(`expected 10 codes, got: ${codes.join(", ")}`);
    pool.push(...codes);
  }
  return pool.shift() as string;
}
