// `npm run ops -- <command>`: operator commands (deposits, reviews, audits…). With DATABASE_URL
// they run here against PostgreSQL; with the embedded database they run inside the server when
// one is up (through its loopback endpoint), else here on the database directly.
import { existsSync, readFileSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { dataDirHolder } from "../db/lock.ts";
import { ENDPOINT_FILE } from "./endpoint-file.ts";

const words = process.argv.slice(2);
const operator = process.env.OPS_OPERATOR ?? userInfo().username;

async function viaServer(dataDir: string) {
  const file = join(dataDir, ENDPOINT_FILE);
  if (!existsSync(file)) return undefined;
  const { port, secret, pid } = JSON.parse(readFileSync(file, "utf8")) as {
    port: number;
    secret: string;
    pid: number;
  };
  if (dataDirHolder(dataDir) !== pid) return undefined;
  const response = await fetch(`http://127.0.0.1:${port}/ops`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify({ words, operator }),
  });
  if (!response.ok) throw new Error(`the server's operator endpoint answered ${response.status}`);
  return (await response.json()) as { ok: boolean; output: string };
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (!config.databaseUrl && dataDirHolder(config.dataDir)) {
    const result = await viaServer(config.dataDir);
    if (!result) {
      console.error(
        `The server (pid ${dataDirHolder(config.dataDir)}) holds ${config.dataDir} but has no operator endpoint yet; try again in a moment.`,
      );
      return 1;
    }
    console.log(result.output);
    return result.ok ? 0 : 1;
  }
  // No server on this embedded database (or a shared PostgreSQL): run here. No market feed:
  // an operator command does not need prices to flow. Loaded only now: the whole platform takes
  // seconds to load, which a command relayed to a running server does not need.
  const [{ createPlatform }, { createLogger }, { runOps }] = await Promise.all([
    import("../index.ts"),
    import("../logger.ts"),
    import("./registry.ts"),
  ]);
  const platform = await createPlatform({
    config: { ...config, seedDemo: false },
    logger: createLogger(config.logLevel),
    operatorMode: true,
  });
  try {
    const result = await runOps(platform.deps, words, operator);
    console.log(result.output);
    return result.ok ? 0 : 1;
  } finally {
    await platform.close();
  }
}

process.exitCode = await main();
