import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";

export type SsrFigure = {
  route: string;
  connections: number;
  seconds: number;
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
  errors: number;
  non2xx: number;
  /**
   * The server process's CPU time (user + system) divided by the requests it answered: unlike
   * req/s it hardly depends on what else the machine runs. Includes its background work
   * (market feed, jobs) during the run. Null where /proc is not available.
   */
  serverCpuMsPerRequest: number | null;
  /** The machine's 1-minute load average when the run ended (what else ran beside it). */
  loadAverage1m: number;
};

const TICK_MS = (() => {
  try {
    return 1000 / Number(execSync("getconf CLK_TCK").toString().trim());
  } catch {
    return 10;
  }
})();

/** CPU milliseconds a process has used so far (Linux /proc), or undefined elsewhere. */
export function cpuMs(pid: number | undefined): number | undefined {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return undefined;
  // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * Server-side rendering under load: autocannon keeps `connections` requests in flight against
 * one route of the production server for `seconds`, and reports throughput and latency.
 */
export async function ssrThroughput(
  base: string,
  route: string,
  options: { cookie?: string; connections?: number; seconds?: number; pid?: number } = {},
): Promise<SsrFigure> {
  const connections = options.connections ?? 50;
  const seconds = options.seconds ?? 10;
  // A run before this one (a warm-up) may leave requests queued whose clients have gone: one
  // request through the same gate is answered only once they are, so they are not counted here.
  await fetch(base + route, { headers: options.cookie ? { cookie: options.cookie } : {} });
  const cpuBefore = cpuMs(options.pid);
  const result = await autocannon({
    url: base + route,
    connections,
    duration: seconds,
    // What a browser sends: pages are compressed for it, and that is part of their cost.
    headers: {
      "accept-language": "en",
      "accept-encoding": "gzip, deflate, br",
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
  const cpuAfter = cpuMs(options.pid);
  const answered = result.requests.total;
  return {
    route,
    connections,
    seconds,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverCpuMsPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
        ? Math.round(((cpuAfter - cpuBefore) / answered) * 10) / 10
        : null,
    loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}
