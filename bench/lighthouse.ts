import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { WebSocket } from "ws";

export type LighthouseScores = {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failing: string[];
  /** The machine's 1-minute load average when the audit began. */
  load1m: number;
};

const CATEGORIES = ["performance", "accessibility", "best-practices"];

/**
 * Lighthouse 12 with its default mobile preset (a mid-range phone on slow 4G, simulated
 * throttling) driving Debian's Chromium; scores out of 100.
 */
export async function lighthouseScores(
  base: string,
  routes: string[],
  /** `anonymous`: routes audited without the cookie (e.g. /login, which sends a signed-in visitor home). */
  options: { cookie?: string; anonymous?: string[] } = {},
): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const rows: LighthouseScores[] = [];
  // The session is a cookie in the browser's jar, as a customer's is (sent as an extra header
  // instead, it lost to the cookies pages set in the jar, and audits ended on the sign-in page).
  // Anonymous routes go last, with the jar emptied.
  const anonymous = (route: string) => options.anonymous?.includes(route) ?? false;
  const order = [...routes.filter((r) => !anonymous(r)), ...routes.filter(anonymous)];
  const cookies = (options.cookie ?? "")
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    });
  try {
    if (cookies.length > 0) await browserCommand(chrome.port, "Storage.setCookies", { cookies });
    let signedOut = false;
    for (const route of order) {
      if (anonymous(route) && !signedOut) {
        await browserCommand(chrome.port, "Storage.clearCookies", {});
        signedOut = true;
      }
      const audit = () =>
        lighthouse(base + route, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
        });
      const load1m = Number(loadavg()[0]?.toFixed(2));
      let run = await audit();
      // Chromium sometimes loses the trace's start (NO_NAVSTART): Lighthouse says to run it again.
      for (let attempt = 1; attempt < 3 && run?.lhr.runtimeError?.code === "NO_NAVSTART"; attempt++)
        run = await audit();
      if (!run) throw new Error(`lighthouse gave no result for ${route}`);
      if (run.lhr.runtimeError)
        throw new Error(`lighthouse failed on ${route}: ${run.lhr.runtimeError.message}`);
      // An audit of another page (a redirect, say to the sign-in page) is not this route's.
      const landed = new URL(run.lhr.finalDisplayedUrl).pathname;
      if (landed !== new URL(base + route).pathname)
        throw new Error(`lighthouse on ${route} ended on ${landed}: not the page asked for`);
      // BENCH_LIGHTHOUSE_REPORTS=<dir>: each route's whole report, to see what the score is made of.
      const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
      if (reports)
        writeFileSync(join(reports, `${route.replace(/\W+/g, "_") || "_"}.json`), JSON.stringify(run.lhr));
      const { categories, audits } = run.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
      rows.push({
        route,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        fcpMs: ms("first-contentful-paint"),
        lcpMs: ms("largest-contentful-paint"),
        tbtMs: ms("total-blocking-time"),
        cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        load1m,
        // What costs points in accessibility and best practices, to know what to fix.
        failing: ["accessibility", "best-practices"].flatMap((id) =>
          (categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id),
        ),
      });
    }
  } finally {
    chrome.kill();
  }
  return routes.map((route) => rows.find((row) => row.route === route) as LighthouseScores);
}

/** One DevTools command to the whole browser (its cookie jar, say), over its websocket. */
async function browserCommand(port: number, method: string, params: Record<string, unknown>) {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    await new Promise<void>((resolve, reject) => {
      socket.on("message", (raw) => {
        const reply = JSON.parse(String(raw)) as { id?: number; error?: { message: string } };
        if (reply.id !== 1) return;
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve();
      });
      socket.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    socket.close();
  }
}

/**
 * A loaded machine for the audits (issue 23: "measured on a loaded machine as well as a quiet
 * one"): a process that keeps one of the cores busy until `stop`.
 */
export function busyCore(): { stop(): void } {
  const child: ChildProcess = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  return { stop: () => child.kill("SIGKILL") };
}
