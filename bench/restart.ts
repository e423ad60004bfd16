// Start to healthy (issue 23: restart ≤ 3 s, fresh data dir ≤ 10 s), several times, so one noisy
// run on a shared machine does not decide. `npm run bench -- restart` measures this build;
// `node --import tsx bench/restart.ts [runs] [buildDir…]` compares builds side by side, their
// runs alternating so that other work on the machine falls on each alike.
import { execSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, healthy, startServer } from "./server.ts";

export type StartTimes = {
  buildDir: string;
  /** Spawn to healthy on an empty DATA_DIR (migrations, seeds, market history). */
  freshMs: number;
  /** Spawn to healthy on that DATA_DIR again, once per run. */
  restartMs: number[];
  restartMedianMs: number;
  /** The server's own CPU time up to healthy, per restart: less moved by other work on the machine. */
  restartCpuMs: number[];
  restartCpuMedianMs: number;
  /** The machine's 1-minute load average after each restart. */
  load1m: string[];
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : Math.round(((s[mid - 1] as number) + (s[mid] as number)) / 2);
};
const load = () => (loadavg()[0] ?? 0).toFixed(2);

/** Each build started fresh once, then restarted `runs` times, the builds taking turns. */
export async function startTimes(buildDirs: string[], runs: number): Promise<StartTimes[]> {
  const dataDirs = buildDirs.map(() => mkdtempSync(join(tmpdir(), "exchange-restart-")));
  try {
    const results: StartTimes[] = [];
    for (const [i, buildDir] of buildDirs.entries()) {
      const server = await startServer({}, { dataDir: dataDirs[i], buildDir, pollMs: 10 });
      await server.stop();
      results.push({
        buildDir,
        freshMs: server.startMs,
        restartMs: [],
        restartMedianMs: 0,
        restartCpuMs: [],
        restartCpuMedianMs: 0,
        load1m: [],
      });
    }
    for (let run = 0; run < runs; run++)
      for (const [i, buildDir] of buildDirs.entries()) {
        const server = await startServer({}, { dataDir: dataDirs[i], buildDir, pollMs: 10 });
        const r = results[i] as StartTimes;
        r.restartMs.push(server.startMs);
        r.restartCpuMs.push(server.startCpuMs ?? Number.NaN);
        r.load1m.push(load());
        await server.stop();
      }
    for (const r of results) {
      r.restartMedianMs = median(r.restartMs);
      r.restartCpuMedianMs = median(r.restartCpuMs);
    }
    return results;
  } finally {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The newcomer's first `npm start` after `npm ci` (issue 23: ≤ 60 s): the committed tree as a
 * clone has it, with this checkout's node_modules (hard links: what `npm ci` installs), and no
 * build, so `npm start` builds first. Spawn of `npm start` to the first healthy answer.
 */
export async function firstStart(): Promise<{ ms: number; load1m: string }> {
  const dir = mkdtempSync(join(tmpdir(), "exchange-first-start-"));
  try {
    execSync(`git archive HEAD | tar -x -C ${dir}`, { stdio: "ignore" });
    execSync(`cp -al node_modules ${join(dir, "node_modules")}`);
    const port = await freePort();
    const started = performance.now();
    const child = spawn("npm", ["start"], {
      cwd: dir,
      detached: true,
      stdio: "ignore",
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: join(dir, "data"),
        BUILD_DIR: "",
      },
    });
    try {
      if (!(await healthy(`http://127.0.0.1:${port}`, child, 600_000, 100)))
        throw new Error("npm start did not become healthy");
      return { ms: Math.round(performance.now() - started), load1m: load() };
    } finally {
      // npm and the server it started: the whole group.
      try {
        process.kill(-(child.pid as number), "SIGTERM");
      } catch {}
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [runs = "5", ...dirs] = process.argv.slice(2);
  const results = await startTimes(dirs.length ? dirs : [process.env.BUILD_DIR || "build"], Number(runs));
  console.table(
    results.map((r) => ({
      build: r.buildDir,
      "fresh (ms)": r.freshMs,
      "restart median (ms)": r.restartMedianMs,
      "restarts (ms)": r.restartMs.join(" "),
      "CPU median (ms)": r.restartCpuMedianMs,
      "load 1m": r.load1m.join(" "),
    })),
  );
}
