import { registerOps } from "../ops/registry.ts";
import { replaySpotLog } from "./engine/replay.ts";

registerOps({
  path: ["engine", "replay"],
  usage: "engine replay",
  summary:
    "Replays the spot engine's log into a fresh engine and compares every trade, order and balance movement with what is stored; exits non-zero, naming each difference.",
  async run({ db }) {
    const report = await replaySpotLog(db);
    const shown = report.differences.slice(0, 50);
    const more = report.differences.length - shown.length;
    const output = [
      `${report.batches} batches, ${report.trades} trades replayed: ${report.differences.length === 0 ? "identical" : `${report.differences.length} differences`}`,
      ...shown,
      ...(more > 0 ? [`… and ${more} more`] : []),
    ].join("\n");
    return { ok: report.differences.length === 0, output };
  },
});
